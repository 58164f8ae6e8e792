import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/core/app-error';
import { chunkDocument } from '@server/ingest/chunk';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { recorded, startOpenAiStandIn, type StandInReply, type StandInRequest } from '@server/test/ai/openai-stand-in.support';
import type { EngineContext } from '../engine';
import type { Material } from '../material';
import { createRetriever } from '../retrieval';
import { llmChat } from './chat';
import { createLanguageModel } from './model';
import { llmOutline } from './outline';

/**
 * The llm engine over real HTTP against a local OpenAI-compatible stand-in that
 * answers with recorded model outputs (test-fixtures/llm/): fenced JSON, an answer
 * cut off at the output limit, malformed JSON, 429s.
 */
let material: Material;
let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>> | undefined;

beforeAll(async () => {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
  const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  material = { sources: [{ id: 1, filename: 'tracemonkey.pdf', mime: doc.mime, text: doc.text, document: doc }], chunks };
}, 60_000);
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** Chunks carry no vectors here, so retrieval ranks by BM25 and never asks the embedder. */
function context(): EngineContext {
  const embedder = {
    model: 'none',
    embed: async (): Promise<number[][]> => {
      throw new Error('not used');
    },
    close: async () => {},
  };
  return { material, retriever: createRetriever(material, embedder) };
}

async function modelAnswering(reply: (request: StandInRequest, index: number) => StandInReply) {
  standIn = await startOpenAiStandIn(reply);
  return createLanguageModel({ aiProvider: 'openai-compatible', aiBaseUrl: standIn.baseUrl, aiApiKey: 'test', aiModel: 'llama3.1:8b' });
}

const rateLimited = () => recorded('rate-limited.json', 429, { 'retry-after-ms': '5' });
const isPlanner = (r: StandInRequest) => r.prompt.includes('Plan a textbook');

describe('llm engine against an OpenAI-compatible server', () => {
  it('waits out a 429, reads a fenced plan, and keeps the whole paragraphs of a chapter cut off at the output limit', async () => {
    let limited = false;
    const model = await modelAnswering((r) => {
      if (isPlanner(r)) {
        if (!limited) {
          limited = true;
          return rateLimited();
        }
        return recorded('plan-fenced.json');
      }
      return r.prompt.includes('Write chapter 1') ? recorded('chapter-trace-trees.json') : recorded('chapter-nested-truncated.json');
    });
    const book = await llmOutline(model, context(), { topic: 'trace trees', references: [] });
    const requests = standIn!.requests;
    expect(requests.filter(isPlanner)).toHaveLength(2);
    expect(requests).toHaveLength(4);
    expect(requests[0].model).toBe('llama3.1:8b');
    // The planner was given the document map; each writer its units first.
    expect(requests[1].prompt).toContain('[U5] 3. Trace Trees (tracemonkey.pdf, p. 4)');
    const nested = requests.find((r) => r.prompt.includes('Write chapter 2'))!;
    expect(nested.prompt).toContain('[S1] ("tracemonkey.pdf", "4. Nested Trace Tree Formation", page 6)');

    expect(book.title).toBe('Trace-Based Compilation of Dynamic Languages');
    expect(book.chapters.map((c) => c.sections.map((s) => s.title))).toEqual([
      ['Traces', 'Trace Trees', 'Blacklisting'],
      ['Nesting Algorithm', 'Blacklisting with Nesting'],
    ]);
    const [trees, nesting] = book.chapters;
    // Cited keys are numbered notes with their positions; an invented key ([S9]) is dropped.
    expect(trees.sections[0].content).toContain('loops are where programs spend their time [1].');
    expect(trees.sections[0].content).toContain('&quot;tracemonkey.pdf&quot;, &quot;3.1 Traces&quot;, page 4');
    expect(trees.sections[2].content).toContain('this keeps the cost of failed recordings bounded.');
    expect(book.chapters.map((c) => c.content + c.sections.map((s) => s.content).join('')).join('')).not.toMatch(/\[S\d/);
    // The paragraph the output limit cut mid-sentence is left out; the complete one before it is kept.
    const last = nesting.sections[1].content;
    expect(last).toContain('the outer header backs off for a few iterations [1].');
    expect(last).not.toContain('SunSpider benchmarks are');
  });

  it('asks once more after malformed JSON, then fails with a clear message', async () => {
    const model = await modelAnswering(() => recorded('plan-malformed.json'));
    const err = await llmOutline(model, context(), { topic: 'trace trees', references: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 502,
      code: 'PROVIDER_ERROR',
      message: 'The language model returned a malformed outline. Please try again.',
    });
    expect(standIn!.requests).toHaveLength(2);
    expect(standIn!.requests[1].prompt).toContain('Your previous answer was not one complete JSON object');
  });

  it('says when an answer was cut off at the output limit twice', async () => {
    const model = await modelAnswering(() => recorded('plan-truncated.json'));
    await expect(llmOutline(model, context(), { topic: 'trace trees', references: [] })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message:
        "The language model's outline was cut off at its output limit twice. Please try again, or use a model with a larger output limit.",
    });
  });

  it('gives up after repeated 429s with the status in the message', async () => {
    const model = await modelAnswering(() => rateLimited());
    await expect(llmOutline(model, context(), { topic: 'trace trees', references: [] })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'The language model could not be reached (status 429). Please try again.',
    });
    // The first try and three retries.
    expect(standIn!.requests).toHaveLength(4);
  });

  it('answers a question from the material with numbered source notes', async () => {
    const model = await modelAnswering(() => recorded('assistant-answer.json'));
    const book = { title: 'T', references: [], chapters: [{ id: 'c', title: 'Trace Trees', content: '<p>x</p>', sections: [] }] };
    const answer = await llmChat(model, context(), { message: 'What is a trace tree?', topic: 'Tracing', content: book });
    expect(answer.updatedContent).toBeUndefined();
    expect(standIn!.requests[0].prompt).toMatch(/\[S1\] \("tracemonkey\.pdf", "[^"]+"/);
    expect(answer.message).toMatch(
      /where a guard failed \[1\]\. Trees that are type-stable can loop back to their own entry without returning to the interpreter \[1\]\.\n\nSources:\n\[1\] "tracemonkey\.pdf", "[^"]+"/,
    );
    expect(answer.message).not.toMatch(/\[S\d|S7/);
  });
});
