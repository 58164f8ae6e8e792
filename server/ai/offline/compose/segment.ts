import type { SourceSentence } from './select-sentences';
import { centroid, sparseCosine } from '@server/ai/shared/term-vectors';

const window = 3;

/**
 * Cuts a run of sentences (in reading order) into `parts` contiguous pieces,
 * TextTiling-style: each cut is placed between two source paragraphs, near
 * the even split, where the text before and after it have least in common.
 * A paragraph is never cut (a definition and its explanation stay together);
 * with too few paragraph breaks there are fewer pieces.
 */
export function segmentSentences(sentences: SourceSentence[], parts: number): SourceSentence[][] {
  const n = sentences.length;
  if (parts <= 1 || n < parts * 2) return [sentences];
  const breaks: number[] = [];
  for (let i = 1; i < n; i++) if (sentences[i].paragraph !== sentences[i - 1].paragraph) breaks.push(i);
  const cuts: number[] = [];
  let previous = 0;
  for (let k = 1; k < parts; k++) {
    const ideal = Math.round((k * n) / parts);
    // Each piece keeps at least two sentences; the later pieces need room too.
    const allowed = breaks.filter((i) => i >= previous + 2 && i <= n - 2 * (parts - k));
    let best = -1;
    let bestScore = Infinity;
    for (const i of allowed) {
      const before = centroid(sentences.slice(Math.max(0, i - window), i).map((s) => s.vector));
      const after = centroid(sentences.slice(i, i + window).map((s) => s.vector));
      // The lowest similarity across the cut, then closeness to the even split.
      const score = sparseCosine(before, after) + (Math.abs(i - ideal) / n) * 2;
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
