import { quickTokenize } from '@server/core/nlp';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import type { SourceSentence } from './select-sentences';
import { cleanSentence, sentenceKey } from '@server/ai/shared/sentence-filter';
import { TermStats } from '@server/ai/shared/term-vectors';

export interface SourceParagraph {
  text: string;
  headingPath?: string[];
  sourceId?: number;
}

/** A line printed this many times is page furniture (running head, footer), not content. */
const runningHeadRepeats = 3;

/**
 * Cleaned, vectorised sentences of a run of source paragraphs, in reading
 * order. Debris is dropped (see sentence-filter), as is any sentence repeated
 * on many pages; a sentence seen twice is kept once. The returned stats are
 * the document frequencies over these sentences, for building query vectors
 * that compare fairly against them.
 */
export function buildSourceSentences(paragraphs: SourceParagraph[]): { sentences: SourceSentence[]; stats: TermStats } {
  const raw: Array<{ text: string; paragraph: number; start: boolean; p: SourceParagraph; key: string }> = [];
  const counts = new Map<string, number>();
  paragraphs.forEach((p, paragraphIndex) => {
    let first = true;
    for (const s of fastSentences(p.text)) {
      const text = cleanSentence(s);
      if (!text) {
        first = false;
        continue;
      }
      const key = sentenceKey(text);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      raw.push({ text, paragraph: paragraphIndex, start: first, p, key });
      first = false;
    }
  });
  const seen = new Set<string>();
  const kept = raw.filter((r) => {
    if ((counts.get(r.key) ?? 0) >= runningHeadRepeats || seen.has(r.key)) return false;
    seen.add(r.key);
    return true;
  });
  const tokens = kept.map((r) => quickTokenize(r.text));
  const stats = new TermStats(tokens);
  const sentences = kept.map((r, i) => ({
    order: i,
    text: r.text,
    paragraph: r.paragraph,
    isParagraphStart: r.start,
    vector: stats.vector(tokens[i]),
    headingPath: r.p.headingPath,
    sourceId: r.p.sourceId,
  }));
  return { sentences, stats };
}
