import type { SourceSentence } from './select-sentences';
import { centroid, sparseCosine } from './term-vectors';

const window = 3;

/**
 * Cuts a run of sentences (in reading order) into `parts` contiguous pieces,
 * TextTiling-style: each cut is placed at a paragraph start near the even
 * split where the text before and after it have least in common.
 */
export function segmentSentences(sentences: SourceSentence[], parts: number): SourceSentence[][] {
  const n = sentences.length;
  if (parts <= 1 || n < parts * 2) return [sentences];
  const cuts: number[] = [];
  let previous = 0;
  for (let k = 1; k < parts; k++) {
    const ideal = Math.round((k * n) / parts);
    const slack = Math.max(1, Math.floor(n / parts / 3));
    let best = -1;
    let bestScore = Infinity;
    for (let i = Math.max(previous + 2, ideal - slack); i <= Math.min(n - 2 * (parts - k), ideal + slack); i++) {
      const before = centroid(sentences.slice(Math.max(0, i - window), i).map((s) => s.vector));
      const after = centroid(sentences.slice(i, i + window).map((s) => s.vector));
      // Prefer paragraph starts; then the lowest similarity across the cut; then closeness to the even split.
      const score = sparseCosine(before, after) + (sentences[i].isParagraphStart ? 0 : 0.5) + Math.abs(i - ideal) * 0.01;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break;
    cuts.push(best);
    previous = best;
  }
  const pieces: SourceSentence[][] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(sentences.slice(start, cut));
    start = cut;
  }
  pieces.push(sentences.slice(start));
  return pieces.filter((p) => p.length > 0);
}
