import { generateText, Output, type LanguageModel } from 'ai';
import type { AnalyzeResult, EngineContext } from '../engine';
import type { RetrievedChunk } from '../material';
import { extractKeyphrases } from '@server/core/nlp';
import { toProviderError } from './outline/model-errors';
import { numberMaterial } from './outline/prompt-material';
import { analyzePrompt } from './prompts/analyze';

/** Excerpts the model reads: the first of each document plus the best matches for its key phrases. */
const excerptLimit = 10;

async function gatherExcerpts(ctx: EngineContext, topic?: string): Promise<RetrievedChunk[]> {
  const { chunks, sources } = ctx.material;
  if (chunks.length === 0) return [];
  const picked = new Map<number, RetrievedChunk>();
  for (const source of sources) {
    const first = chunks.find((c) => c.sourceId === source.id);
    if (first) picked.set(first.id, { ...first, score: 1 });
  }
  const phrases = extractKeyphrases(
    chunks.slice(0, 120).map((c) => c.text),
    { limit: 5 },
  ).map((p) => p.phrase);
  const query = [topic, ...phrases].filter(Boolean).join(', ');
  for (const hit of await ctx.retriever.search(query, { limit: excerptLimit })) {
    if (picked.size >= excerptLimit) break;
    picked.set(hit.id, hit);
  }
  // Reading order, so the model sees the material as written.
  return [...picked.values()].sort((a, b) => a.sourceId - b.sourceId || a.ordinal - b.ordinal);
}

/** llm analyze: structured output (topic, objectives, suggestions) from retrieved excerpts of the material. */
export async function llmAnalyze(model: LanguageModel, ctx: EngineContext, input: { topic?: string }): Promise<AnalyzeResult> {
  const excerpts = await gatherExcerpts(ctx, input.topic);
  const titles = ctx.material.sources.map((s) => s.document.title).filter((t): t is string => Boolean(t));
  const headings = ctx.material.sources
    .flatMap((s) =>
      s.document.blocks.filter((b) => b.kind === 'heading').map((b) => `${'  '.repeat(Math.max(0, (b.level ?? 1) - 1))}${b.text}`),
    )
    .slice(0, 80);
  const material = numberMaterial(excerpts, []);
  const asked = analyzePrompt({ topic: input.topic, titles, headings, material: material.text });
  try {
    const { output } = await generateText({
      model,
      output: Output.object({ schema: asked.schema }),
      system: asked.system,
      prompt: asked.prompt,
    });
    ctx.onProgress?.(100);
    return {
      detectedTopic: output.detectedTopic.trim() || input.topic?.trim() || '',
      objectives: output.objectives.map((o) => o.trim()).filter(Boolean),
      suggestions: output.suggestions.map((s) => s.trim()).filter(Boolean),
    };
  } catch (err) {
    throw toProviderError(err, 'analysis');
  }
}
