import { performance } from 'node:perf_hooks';
import type { TextbookContent } from '@common/textbook';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/shared/source-map';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { chapterProvenance } from '@server/features/provenance/chapter-provenance';
import { stampSources } from '@server/features/provenance/stamp-sources';

/**
 * Tracing the sentences of a book to the material (bench:provenance and provenance-real.test.ts): the book
 * is stamped with its sources as generation stamps it, then 100 sentences drawn at random (fixed seed)
 * are looked up; each one that is a sentence of the material must have a provenance whose passage holds it.
 */

/** The book as generation stores it (each quoted block with its data-src), how much longer it is, and how long stamping took. */
export function stamped(material: Material, book: TextbookContent): { book: TextbookContent; growth: number; ms: number } {
  const t0 = performance.now();
  const out = stampSources(material, book);
  const ms = performance.now() - t0;
  return { book: out, growth: JSON.stringify(out).length / JSON.stringify(book).length - 1, ms };
}

/** A small seeded generator: the same 100 sentences every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Traced {
  /** Sentences of the book, as the verify view counts them. */
  sentences: number;
  sampled: number;
  fromMaterial: number;
  traced: number;
  misses: string[];
  /** Traced sentences whose passage is (in) the source stored with their block (data-src). */
  stored: number;
  shares: Record<'material' | 'supported' | 'unsupported', number>;
  /** Unsupported sentences outside the study apparatus the engine writes (objectives, review): none is expected. */
  unsupportedText: string[];
  ms: number;
}

export function trace(material: Material, book: TextbookContent): Traced {
  const map = sourceMap(material);
  const t0 = performance.now();
  const answers = book.chapters.map((c, i) => chapterProvenance(material, c, i));
  const ms = performance.now() - t0;
  // Each sentence of the book with the block provenance gave it.
  const sentences: Array<{ text: string; passage: string | null; stored: boolean }> = [];
  for (const answer of answers) {
    for (const block of answer.blocks) {
      for (const s of block.sentences)
        sentences.push({
          text: s.text,
          passage: s.passage === null ? null : block.passages[s.passage].passage,
          stored: s.passage !== null && block.passages[s.passage].stored === true,
        });
    }
  }
  const next = random(29);
  const sample = Array.from({ length: Math.min(100, sentences.length) }, () => sentences[Math.floor(next() * sentences.length)]);
  const fromMaterial = sample.filter((s) => map.byKey.has(sentenceKey(s.text)));
  // The book shows inline math as a formula, not text: the passage is compared without its \\(latex\\).
  const holds = (s: { text: string; passage: string | null }) =>
    s.passage !== null && sentenceKey(s.passage.replace(/\\\((.+?)\\\)/g, ' ')).includes(sentenceKey(s.text));
  const counts = { material: 0, supported: 0, unsupported: 0 };
  let all = 0;
  for (const a of answers) {
    counts.material += a.figures.counts.material;
    counts.supported += a.figures.counts.supported;
    counts.unsupported += a.figures.counts.unsupported;
    all += a.figures.sentences;
  }
  const share = (n: number) => (all ? n / all : 0);
  const unsupportedText = answers.flatMap((a) =>
    a.blocks.filter((b) => !b.apparatus).flatMap((b) => b.sentences.filter((s) => s.verdict === 'unsupported').map((s) => s.text)),
  );
  return {
    sentences: all,
    sampled: sample.length,
    fromMaterial: fromMaterial.length,
    traced: fromMaterial.filter(holds).length,
    misses: fromMaterial.filter((s) => !holds(s)).map((s) => s.text),
    stored: fromMaterial.filter((s) => holds(s) && s.stored).length,
    shares: { material: share(counts.material), supported: share(counts.supported), unsupported: share(counts.unsupported) },
    unsupportedText,
    ms,
  };
}
