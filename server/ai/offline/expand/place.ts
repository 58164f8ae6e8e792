import { paragraph } from '../compose/html';
import { groupParagraphs } from '../compose/paragraphs';
import { locateAnchor } from './grounded';
import type { IndexedSentence } from './material-index';

export interface PlacedBlock {
  html: string;
  isNew: boolean;
}

/**
 * Interleaves the existing blocks of a passage with new sentences so the
 * result follows the sources' reading order: each existing block sits where
 * its sentences are found in the sources, and each new sentence goes into
 * the gap before the first block that comes after it there; the sentences
 * of one gap become paragraphs. Existing blocks never change order among
 * themselves (a block not found in the sources stays after the one before it).
 */
export function placeInReadingOrder(
  existing: string[],
  newSentences: IndexedSentence[],
  allSentences: IndexedSentence[],
  opts: { maxParagraphs?: number } = {},
): PlacedBlock[] {
  const blockOrders: number[] = [];
  let previous = -1;
  for (const html of existing) {
    const found = locateAnchor(allSentences, html);
    previous = Math.max(previous, found ? found.first : previous);
    blockOrders.push(previous);
  }
  const gaps: IndexedSentence[][] = existing.map(() => []);
  gaps.push([]);
  for (const s of [...newSentences].sort((a, b) => a.order - b.order)) {
    // After every block found at or before it in the sources: ties keep the author's block first.
    gaps[blockOrders.filter((o) => o <= s.order).length].push(s);
  }
  let room = opts.maxParagraphs ?? Infinity;
  const out: PlacedBlock[] = [];
  gaps.forEach((sentences, i) => {
    for (const texts of groupParagraphs(sentences, { maxSentences: 4 })) {
      if (room <= 0) break;
      out.push({ html: paragraph(texts.join(' ')), isNew: true });
      room--;
    }
    if (i < existing.length) out.push({ html: existing[i], isNew: false });
  });
  return out;
}
