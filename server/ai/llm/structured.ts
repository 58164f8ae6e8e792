import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from 'ai';
import type { z } from 'zod';
import { AppError } from '@server/core/app-error';
import { toProviderError } from './outline/model-errors';

/** Retries of one call on 429 and 5xx answers (the AI SDK waits as the server's retry-after header says, else backs off). */
const transportRetries = 3;

export interface StructuredCall<T> {
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** What is asked for, in words for the error message ("outline", "text for chapter 2"). */
  what: string;
  maxOutputTokens?: number;
}

/**
 * The JSON object in a model's text, made parseable when it can be: code
 * fences and prose around it dropped, and an answer cut off at the output
 * limit closed after its last complete value (a paragraph cut mid-sentence is
 * dropped, never printed half). Undefined when there is no object to read.
 */
export function repairJson(text: string): unknown {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  const body = text.slice(start);
  const end = body.lastIndexOf('}');
  try {
    return JSON.parse(body.slice(0, end + 1));
  } catch {
    // Cut off or malformed: read it up to its last complete value below.
  }
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  let safe = 0;
  let safeStack: string[] = [];
  const mark = (at: number) => {
    safe = at;
    safeStack = stack.slice();
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        inString = false;
        // A string closes a value unless it is an object's key (a colon follows).
        if (!/^\s*:/.test(body.slice(i + 1, i + 40))) mark(i + 1);
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      stack.pop();
      mark(i + 1);
      if (stack.length === 0) break;
    } else if (/[\d\w]/.test(c) && !/[\d\w.+-]/.test(body[i + 1] ?? '')) mark(i + 1);
  }
  const closed = body.slice(0, safe).replace(/,\s*$/, '') + [...safeStack].reverse().join('');
  try {
    return JSON.parse(closed);
  } catch {
    return undefined;
  }
}

function readAnswer<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (!text) return undefined;
  const parsed = schema.safeParse(repairJson(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * One structured call to the model that copes with what real model servers
 * do: 429s and 5xx are retried (see transportRetries); an answer that is not
 * the JSON asked for (fenced, wrapped in prose, cut off at the output limit)
 * is repaired when its content is whole enough to pass the schema, and asked
 * for once more otherwise; then it fails with a clear 502 naming what was
 * asked for and why.
 */
export async function askStructured<T>(model: LanguageModel, call: StructuredCall<T>): Promise<T> {
  let lastError: unknown;
  let truncated = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const { output } = await generateText({
        model,
        output: Output.object({ schema: call.schema }),
        system: call.system,
        prompt:
          attempt === 0
            ? call.prompt
            : `${call.prompt}\n\nYour previous answer was not one complete JSON object matching the schema. Answer with that JSON object only, and keep it short enough to finish.`,
        maxRetries: transportRetries,
        ...(call.maxOutputTokens ? { maxOutputTokens: call.maxOutputTokens } : {}),
      });
      return output as T;
    } catch (err) {
      if (!NoObjectGeneratedError.isInstance(err)) throw toProviderError(err, call.what);
      const repaired = readAnswer(call.schema, err.text);
      if (repaired !== undefined) return repaired;
      truncated ||= err.finishReason === 'length';
      lastError = err;
    }
  }
  if (truncated) {
    throw new AppError(
      'PROVIDER_ERROR',
      `The language model's ${call.what} was cut off at its output limit twice. Please try again, or use a model with a larger output limit.`,
    );
  }
  throw toProviderError(lastError, call.what);
}
