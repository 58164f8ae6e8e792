import type { MaterialFields } from '@common/extract';
import type { PreviewReferencesResponse } from '@common/references';
import type { Reference } from '@common/textbook';
import { extractKeyphrases, toTitleCase } from '@server/core/nlp';
import type { Material, Retriever } from '@server/ai/material';
import type { RequestContext } from '@server/features/request-context';
import type { UploadedFile } from '@server/ingest/extract';
import { findReferences } from '@server/references/find-references';
import type { ReferenceProvider } from '@server/references/reference-provider';
import { ingestMaterial } from '../sources/sources.service';

export interface ReferenceSources {
  providers: ReferenceProvider[];
  /** Names in REFERENCE_SOURCES that no provider answers to: reported, so a typo is visible. */
  unknown: string[];
}

export interface PreviewReferencesInput {
  files: UploadedFile[];
  /** Parsed by the route: the topic trimmed and non-empty, the approved references when enhancing. */
  fields: MaterialFields & { topic: string; existingReferences: Reference[] };
}

/** Results asked of each index per search string. */
const resultsPerSearch = 10;
/** Key phrases come from the first chunks: enough to characterise the material, bounded in time. */
const keyphraseChunks = 60;

async function detectTopic(
  ctx: RequestContext,
  material: Material,
  retriever: Retriever,
  topic: string,
  keyphrases: string[],
): Promise<string> {
  try {
    return (await ctx.engine.analyze({ material, retriever }, { topic })).detectedTopic;
  } catch (err) {
    // The references do not depend on the detected topic: an engine failure (an LLM down) must not fail them.
    ctx.log.warn({ err }, 'preview-references: topic detection failed, using key phrases');
    return keyphrases[0] ? toTitleCase(keyphrases[0]) : topic;
  }
}

/**
 * POST /api/textbooks/preview-references: ingest the material
 * , then ask every configured reference source. With
 * `existingReferences` ("Get New References") the approved ones are kept and
 * improved, and new ones are added.
 */
export async function previewReferences(
  ctx: RequestContext,
  sources: ReferenceSources,
  input: PreviewReferencesInput,
): Promise<PreviewReferencesResponse> {
  const { fields, files } = input;
  const { topic } = fields;

  const directContent = fields.directContent?.trim() ? fields.directContent : undefined;
  const ingested = await ingestMaterial(ctx, {
    files,
    directContent,
    chapterTitle: fields.chapterTitle?.trim() || undefined,
    topicFallback: `Topic: ${topic}`,
  });
  const chunkTexts = ingested.material.chunks.slice(0, keyphraseChunks).map((c) => c.text);
  const keyphrases = chunkTexts.length ? extractKeyphrases(chunkTexts, { limit: 5 }).map((k) => k.phrase) : [];

  const [found, detectedTopic] = await Promise.all([
    findReferences(sources.providers, {
      topic,
      keyphrases,
      documents: ingested.documents,
      limit: resultsPerSearch,
      materialText: ingested.text || topic,
      existing: fields.existingReferences,
    }),
    detectTopic(ctx, ingested.material, ingested.retriever, topic, keyphrases),
  ]);
  for (const name of sources.unknown) found.sources.failed.push({ source: name, reason: 'is not a known reference source' });
  return {
    references: found.references,
    extractedText: ingested.text || `Topic: ${topic}`,
    detectedTopic,
    sources: found.sources,
  };
}
