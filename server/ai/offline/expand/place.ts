import { paragraph } from '../compose/html';
import { groupParagraphs } from '../compose/paragraphs';
import { locateAnchor } from './grounded';
import type { IndexedSentence } from './material-index';

export interface PlacedBlock {
  html: string;
  isNew: boolean;
}

/**
 * Interleaves the existing blocks of a passage with new paragraphs so the
 * result follows the sources' reading order: each existing block sits where
 * its sentences are found in the sources, and a new paragraph goes where its
 * first sentence is. Existing blocks never change order among themselves
 * (blocks not found in the sources stay after the block before them).
 */
export function placeInReadingOrder(
  existing: string[],
  newSentences: IndexedSentence[],
  allSentences: IndexedSentence[],
  opts: { maxParagraphs?: number } = {},
): PlacedBlock[] {
  const items: Array<{ html: string; isNew: boolean; order: number; rank: number }> = [];
  let previous = -1;
  existing.forEach((html, i) => {
    const found = locateAnchor(allSentences, html);
    const order = Math.max(previous, found ? found.first : previous);
    previous = order;
    items.push({ html, isNew: false, order, rank: i });
  });
  const orderOf = new Map(newSentences.map((s) => [s.text, s.order]));
  const paragraphs = groupParagraphs(newSentences, { maxSentences: 4 }).slice(0, opts.maxParagraphs ?? Infinity);
  paragraphs.forEach((texts, i) => {
    items.push({ html: paragraph(texts.join(' ')), isNew: true, order: orderOf.get(texts[0]) ?? Infinity, rank: existing.length + i });
  });
  // Same position: the existing block first, so new text never splits what the author wrote.
  items.sort((a, b) => a.order - b.order || Number(a.isNew) - Number(b.isNew) || a.rank - b.rank);
  return items.map(({ html, isNew }) => ({ html, isNew }));
}

/** The sentences a placed set actually printed (paragraphs may be capped). */
export function printedNew(blocks: PlacedBlock[]): number {
  return blocks.filter((b) => b.isNew).length;
}
