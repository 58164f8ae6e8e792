import type { DocBlock } from '@server/core/document-model';
import { blockWords } from './document-units';

/** A condensed book aims at about this many words of material (a 350-page book keeps roughly a third of its text). */
export const condensedBookWords = 40_000;
/** A condensed unit keeps at least this many words of its own (or all it has). */
const unitFloorWords = 150;

/**
 * Lines a reader needs whatever the length: how to reach the instructor (office, e-mail, phone),
 * a total (a rubric's "Total: 100 points"). Short lines only: a paragraph that mentions an e-mail
 * in passing is prose like any other.
 */
const contactOrTotal =
  /\b(?:office(?:\s+hours)?|e-?mail|phone|tel\.?|instructor|lecturer|professor|teaching assistant|contact)\s*:|@[\w-]+\.[a-z]{2,}|mailto:|^\s*(?:grand\s+)?total\b/i;

/** Blocks a condensed book never shortens: code and program output, tables (their header rows and totals), figures, equations, contact lines. */
export function isKeptWhole(b: DocBlock): boolean {
  if (b.kind === 'code' || b.kind === 'table' || b.kind === 'table-row' || b.kind === 'figure' || b.kind === 'equation') return true;
  return b.text.split(/\s+/).length <= 30 && contactOrTotal.test(b.text);
}

/**
 * A unit's blocks within a word budget: the blocks kept whole first, its first paragraph, then the
 * most telling ones (definitions, examples), in reading order. Only the user's choice of a
 * condensed book calls it.
 */
export function condense(blocks: DocBlock[], budget: number): DocBlock[] {
  const total = blockWords(blocks);
  if (total <= budget) return blocks;
  const score = (b: DocBlock, i: number): number => {
    if (isKeptWhole(b)) return 10;
    let s = i === 0 ? 3 : 0;
    if (/\b(is|are) (defined as|called|known as)|\bwe (call|define)\b|\bdefinition\b/i.test(b.text)) s += 2;
    if (/\b(for example|for instance|example)\b/i.test(b.text)) s += 1;
    return s - i / (blocks.length * 4);
  };
  const ranked = blocks.map((b, i) => ({ b, i, s: score(b, i) })).sort((x, y) => y.s - x.s);
  const keep = new Set<number>();
  let used = 0;
  for (const { b, i } of ranked) {
    const w = blockWords([b]);
    if (used > 0 && used + w > budget && !isKeptWhole(b)) continue;
    keep.add(i);
    used += w;
  }
  return blocks.filter((_, i) => keep.has(i));
}

/** Words of the material and of the book, counted while a chapter is written. */
export interface Tally {
  source: number;
  kept: number;
}

/**
 * A unit's blocks as the book prints them: all of them in a full book (`keep` 1); in a condensed
 * book the unit's share of the budget, counted into `tally`.
 */
export function keptBlocks(blocks: DocBlock[], keep: number, tally?: Tally): DocBlock[] {
  const total = blockWords(blocks);
  const kept = keep >= 1 ? blocks : condense(blocks, Math.max(unitFloorWords, Math.round(total * keep)));
  if (tally) {
    tally.source += total;
    tally.kept += kept === blocks ? total : blockWords(kept);
  }
  return kept;
}

/** The share of each unit a book keeps: all of it unless the user chose a condensed book of a material longer than its aim. */
export function keepShare(length: 'full' | 'condensed' | undefined, materialWords: number): number {
  return length === 'condensed' && materialWords > condensedBookWords ? condensedBookWords / materialWords : 1;
}
