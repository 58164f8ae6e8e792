import type { Material } from '@server/ai/material';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import type { SourceSentence } from '../compose/select-sentences';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { buildSourceSentences } from '../compose/source-sentences';
import type { TermStats } from '@server/ai/shared/term-vectors';
import { ReferenceLines } from '@server/ai/shared/reference-lines';

/** A cleaned sentence of the material, with the chunk it came from (retrieval ranks chunks). `order` is its index in the index. */
export interface IndexedSentence extends SourceSentence {
  chunkId: number;
}

export interface MaterialIndex {
  /** Every printable sentence of the material, in reading order (`order` is the index here). */
  sentences: IndexedSentence[];
  byChunk: Map<number, IndexedSentence[]>;
  stats: TermStats;
}

// A textbook's material is loaded once per request; several operations in one request share the index.
const cache = new WeakMap<Material, MaterialIndex>();

/**
 * The material's sentences in reading order. Chunks arrive in reading order
 * (sources in the order they were linked, chunks by ordinal) and do not
 * overlap, so a sentence's position here is its place in the documents.
 */
export function indexMaterial(material: Material): MaterialIndex {
  const hit = cache.get(material);
  if (hit) return hit;
  const paragraphs: Array<{ text: string; headingPath: string[]; sourceId: number; chunkId: number }> = [];
  for (const chunk of material.chunks) {
    // A reference list is never text to print: neither a chunk under its heading nor a paragraph that parses as a citation.
    if (ReferenceLines.isReferenceSection(chunk.headingPath)) continue;
    for (const text of chunk.text.split(/\n\s*\n/)) {
      if (text.trim() && !ReferenceLines.isCitation(text))
        paragraphs.push({ text, headingPath: chunk.headingPath, sourceId: chunk.sourceId, chunkId: chunk.id });
    }
  }
  const { sentences, stats } = buildSourceSentences(paragraphs);
  // Figure captions and bibliography entries read like sentences but are not prose to print (extraction marks them).
  const furniture = new Set(
    material.sources.flatMap((source) =>
      (source.document.blocks ?? [])
        .filter((b) => b.kind === 'caption' || b.kind === 'bibliography')
        .flatMap((b) => fastSentences(b.text).map(sentenceKey)),
    ),
  );
  const references = new ReferenceLines(material);
  const indexed: IndexedSentence[] = sentences
    .filter((s) => !furniture.has(sentenceKey(s.text)) && !references.isEntryText(s.text))
    .map((s, order) => ({ ...s, order, chunkId: paragraphs[s.paragraph].chunkId }));
  const byChunk = new Map<number, IndexedSentence[]>();
  for (const s of indexed) {
    const list = byChunk.get(s.chunkId);
    if (list) list.push(s);
    else byChunk.set(s.chunkId, [s]);
  }
  const index = { sentences: indexed, byChunk, stats };
  cache.set(material, index);
  return index;
}
