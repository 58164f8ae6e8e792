import type { DocBlock } from '@server/core/document-model';
import { genericWords, quickTokenize } from '@server/core/nlp';
import { blend, sparseCosine, type TermVector } from '@server/ai/shared/term-vectors';
import type { BookUsage } from '@server/ai/shared/book-usage';
import { subtree, type SourceMap } from '@server/ai/shared/source-map';

/** Words of structure, not of a subject: a title made of them names no topic. */
const structureWords = new Set(
  quickTokenize(
    'introduction overview review summary conclusion conclusions part week lecture session unit module basic basics advanced beginner intermediate further reading exercises problems notes background preliminaries',
  ),
);

/** The terms a chapter or section is about: its title's words, and the words that weigh most in its text. */
export interface KeyTerms {
  title: Set<string>;
  all: Set<string>;
}

const textTerms = 10;

export function keyTerms(map: SourceMap, title: string, text: string): KeyTerms {
  const own = new Set(quickTokenize(title).filter((t) => !genericWords.has(t) && !structureWords.has(t)));
  const weights = [...map.stats.vectorOf(text)].sort((a, b) => b[1] - a[1]);
  const all = new Set(own);
  // Only words the sources use can find anything there: a rare word of the author's own ("revisit") is not a key term.
  const known = weights.filter(([term]) => !genericWords.has(term) && map.stats.documentFrequency(term) > 0);
  for (const [term] of known.slice(0, textTerms)) all.add(term);
  return { title: own, all };
}

/**
 * On the topic: shares a word of the title (when the title has any) and at
 * least two of the key terms (one when only one is known). A sentence that
 * merely sits near the text in the document (a place named in passing, the
 * next topic's opening) shares neither.
 */
export function onTopic(terms: KeyTerms, candidate: Set<string>): boolean {
  let shared = 0;
  let sharesTitle = terms.title.size === 0;
  for (const t of candidate) {
    if (!terms.all.has(t)) continue;
    shared++;
    if (terms.title.has(t)) sharesTitle = true;
  }
  return sharesTitle && shared >= Math.min(2, terms.all.size);
}

export function topicVector(map: SourceMap, title: string, text: string): TermVector {
  const titleVector = map.stats.vectorOf(title);
  return text.trim() ? blend(map.stats.vectorOf(text), titleVector, 1) : titleVector;
}

export type Tier = 'unit' | 'neighbour' | 'retrieved';

export interface Chosen {
  order: number;
  unit: number;
  /** The block to print: the source block, or the part of it the book does not hold yet. */
  block: DocBlock;
  tier: Tier;
}

export interface GatherInput {
  /** The unit the text was made from (null: not found in the sources). */
  unit: number | null;
  terms: KeyTerms;
  query: TermVector;
  /** Paragraphs to add at most. */
  paragraphs: number;
  /** Least similarity for a passage found elsewhere in the documents. */
  minRelevance?: number;
}

/** A paragraph block that carries on a line the document broke off mid-sentence (it is printed as part of that paragraph). */
export function continuesLine(previous: DocBlock, next: DocBlock): boolean {
  return (
    previous.kind === 'paragraph' && next.kind === 'paragraph' && !/[.!?:;"\u201d)]\s*$/.test(previous.text) && /^\p{Ll}/u.test(next.text)
  );
}

/** A block that reads as a paragraph of its own (a formula, a figure or a one-line lead-in rides with one). */
function countsAsParagraph(block: DocBlock, previous: DocBlock | undefined): boolean {
  if (previous && continuesLine(previous, block)) return false;
  if (block.kind === 'list-item') return previous?.kind !== 'list-item';
  if (block.kind === 'equation' || block.kind === 'figure') return false;
  return block.text.split(/\s+/).length >= 8;
}

/**
 * The blocks an expansion adds, in reading order: first what the text's own
 * source unit (with its sub-units) holds that the book does not, in its
 * order; then its neighbours in the document tree (the parent's own text,
 * the sections before and after), most relevant first; then passages found
 * anywhere in the same documents. Neighbours and passages found elsewhere
 * must be on the topic (see `onTopic`). A paragraph brings the formulas,
 * figures and list items that follow it in the source (they are part of
 * what it says); only paragraphs count towards the number asked for.
 */
export function gatherBlocks(map: SourceMap, usage: BookUsage, input: GatherInput): Chosen[] {
  const chosen = new Map<number, Chosen>();
  let count = 0;
  const take = (order: number, tier: Tier): boolean => {
    if (chosen.has(order)) return false;
    const b = map.blocks[order];
    if (b.isDebris) return false;
    const block = usage.unused(map, b);
    if (!block) return false;
    usage.take(map, block);
    chosen.set(order, { order, unit: b.unit, block, tier });
    if (countsAsParagraph(block, chosen.get(order - 1)?.block)) count++;
    return true;
  };
  /** The formulas, figures and list items right after a block, in the same unit. */
  const followers = (order: number, tier: Tier) => {
    const lead = map.blocks[order];
    const introduces = /:\s*$/.test(lead.text) || lead.block.kind === 'list-item';
    for (let o = order + 1; o < map.blocks.length && map.blocks[o].unit === lead.unit; o++) {
      const kind = map.blocks[o].block.kind;
      if (kind === 'equation' || kind === 'figure' || (introduces && kind === 'list-item')) take(o, tier);
      else break;
    }
  };

  const unitOrders = new Set<number>();
  if (input.unit !== null) {
    for (const u of subtree(map, input.unit)) for (const o of map.units[u].own) unitOrders.add(o);
    for (const order of [...unitOrders].sort((a, b) => a - b)) {
      if (count >= input.paragraphs) break;
      take(order, 'unit');
    }
  }

  const ranked = (orders: number[], minRelevance: number) =>
    orders
      .filter((o) => !unitOrders.has(o) && !map.blocks[o].isDebris)
      .map((o) => ({ o, r: sparseCosine(map.blocks[o].vector, input.query) }))
      .filter((x) => x.r >= minRelevance && onTopic(input.terms, map.blocks[x.o].terms))
      .sort((a, b) => b.r - a.r || a.o - b.o)
      .map((x) => x.o);

  const neighbourOrders = input.unit === null ? [] : neighbours(map, input.unit);
  for (const order of ranked(neighbourOrders, 0.02)) {
    if (count >= input.paragraphs) break;
    if (take(order, 'neighbour')) followers(order, 'neighbour');
  }
  const near = new Set(neighbourOrders);
  const elsewhere = map.blocks.filter((b) => b.block.kind !== 'heading' && !near.has(b.order)).map((b) => b.order);
  for (const order of ranked(elsewhere, input.minRelevance ?? 0.05)) {
    if (count >= input.paragraphs) break;
    if (take(order, 'retrieved')) followers(order, 'retrieved');
  }
  return [...chosen.values()].sort((a, b) => a.order - b.order);
}

/** The unit's neighbours in the document tree: its parent's own text and the sections on either side (with their sub-units). */
export function neighbours(map: SourceMap, unit: number): number[] {
  const parent = map.units[unit].parent;
  if (parent === null) return [];
  const siblings = map.units[parent].children;
  const at = siblings.indexOf(unit);
  const around = [siblings[at - 1], siblings[at + 1]].filter((u): u is number => u !== undefined);
  const orders = [...map.units[parent].own];
  for (const s of around) for (const u of subtree(map, s)) orders.push(...map.units[u].own);
  return orders.sort((a, b) => a - b);
}
