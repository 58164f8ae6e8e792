import { sparseCosine, type TermVector } from '@server/ai/shared/term-vectors';
import type { UsedSentences } from '@server/ai/shared/used-sentences';

/** A cleaned sentence of the user's material, with where it came from. */
export interface SourceSentence {
  /** Global reading order across all documents. */
  order: number;
  text: string;
  /** Sentences sharing this id came from one source paragraph. */
  paragraph: number;
  isParagraphStart: boolean;
  vector: TermVector;
  /** The document heading path it sat under, when known. */
  headingPath?: string[];
  sourceId?: number;
}

export interface SelectOptions {
  limit: number;
  used: UsedSentences;
  /** Sentences scoring below this are not relevant enough to print. */
  minScore?: number;
  /** Extra weight for paragraph-opening sentences, which usually state the point. */
  openerBonus?: number;
}

/**
 * The most relevant sentences for a query vector, skipping anything the book
 * already holds (exact or near repeats), returned in reading order. Every
 * sentence returned is recorded as used.
 */
export function selectSentences(candidates: SourceSentence[], query: TermVector, opts: SelectOptions): SourceSentence[] {
  const minScore = opts.minScore ?? 0;
  const opener = opts.openerBonus ?? 0.03;
  const ranked = candidates
    .map((s) => ({ s, score: sparseCosine(s.vector, query) + (s.isParagraphStart ? opener : 0) }))
    .filter((x) => x.score >= minScore)
    .sort((a, b) => b.score - a.score || a.s.order - b.s.order);
  const chosen: SourceSentence[] = [];
  for (const { s } of ranked) {
    if (chosen.length >= opts.limit) break;
    if (opts.used.tryAdd(s.text)) chosen.push(s);
  }
  return chosen.sort((a, b) => a.order - b.order);
}

/** Like selectSentences but keeps every usable sentence, in reading order, up to the limit. */
export function takeInOrder(candidates: SourceSentence[], opts: { limit: number; used: UsedSentences }): SourceSentence[] {
  const chosen: SourceSentence[] = [];
  for (const s of [...candidates].sort((a, b) => a.order - b.order)) {
    if (chosen.length >= opts.limit) break;
    if (opts.used.tryAdd(s.text)) chosen.push(s);
  }
  return chosen;
}
