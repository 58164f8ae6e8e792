import type { TextbookContent } from '@common/textbook';
import type { DocBlock } from '@server/core/document-model';
import { quickTokenize } from '@server/core/nlp';
import type { AuthoringEngine } from '@server/ai/engine';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { escapeHtml, htmlToText } from '@common/textbook-ops/html';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { sparseCosine } from '@server/ai/shared/term-vectors';
import { BookUsage } from '@server/ai/shared/book-usage';
import { keyTerms, onTopic, topicVector, type KeyTerms } from './gather';
import { locatedOrders, locateUnit, unitOfOrders } from '@server/ai/shared/locate';
import { noMaterialNote, nothingMoreNote } from '@server/ai/shared/expand-notes';
import { isWithin, sourceMap, type SourceMap } from '@server/ai/shared/source-map';

/** New sentences a selection gains at most (a passage grows, it does not become a section). */
const selectionSentences = 5;
/** Blocks either side of the selection searched for its continuation. */
const reach = 8;

/** The selection as HTML: the editor sends plain text; HTML is kept (it is sanitized when saved). */
export function selectionHtml(text: string): string {
  const t = text.trim();
  if (/<[a-z][^>]*>/i.test(t)) return t;
  return t
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p.replace(/\s+/g, ' '))}</p>`)
    .join('');
}

interface Holder {
  title: string;
  html: string;
}

/** The section (or chapter text) of the book that holds the selection, else the one the context names. */
function holderOf(book: TextbookContent, selection: string, context: string | undefined): Holder | null {
  const first = fastSentences(selection)[0];
  const key = first ? sentenceKey(first) : '';
  const places = book.chapters.flatMap((c) => [
    { title: c.title, html: c.content },
    ...c.sections.map((s) => ({ title: s.title, html: s.content })),
  ]);
  if (key) {
    const found = places.find((p) => sentenceKey(htmlToText(p.html)).includes(key));
    if (found) return found;
  }
  for (const label of ['Current section', 'Current chapter']) {
    const named = new RegExp(`^${label}: (.+)$`, 'm')
      .exec(context ?? '')?.[1]
      ?.trim()
      .toLowerCase();
    const found = named ? places.find((p) => p.title.trim().toLowerCase() === named) : undefined;
    if (found) return found;
  }
  return null;
}

interface Piece {
  order: number;
  block: DocBlock;
}

/**
 * Expands a selected passage with sentences of the sources that are not in
 * the book yet: first the ones that continue it in its own source passage
 * (the rest of its paragraph, then the paragraphs around it), then passages
 * elsewhere in the documents. Every sentence from outside its paragraph must
 * be on the topic of the section that holds the selection (it shares the
 * section's key terms), so a sentence that merely sits nearby in the PDF is
 * never pasted in. Sentences keep their inline math; a formula a chosen
 * sentence introduces comes with it.
 */
export const expandParagraph: AuthoringEngine['expandParagraph'] = async (ctx, input) => {
  const original = selectionHtml(input.paragraphHtml);
  const map = sourceMap(ctx.material);
  if (map.blocks.length === 0) return { value: original, exhausted: true, note: noMaterialNote };
  const book = input.book ?? { title: '', chapters: [], references: [] };
  const text = htmlToText(original);
  const holder = holderOf(book, text, input.context);
  const title = holder?.title ?? input.subject ?? '';
  const terms = keyTerms(map, title, holder ? htmlToText(holder.html) : text);
  const query = topicVector(map, title, `${text} ${text} ${holder ? htmlToText(holder.html) : ''}`);
  const orders = locatedOrders(map, original);
  const unit = unitOfOrders(map, orders) ?? (holder ? locateUnit(map, holder.title, holder.html) : null);
  const usage = BookUsage.of(book, [original]);
  const own = new Set(orders);

  const pieces: Piece[] = [];
  let added = 0;
  const tryBlock = (order: number, rule: (sentence: string) => boolean) => {
    const b = map.blocks[order];
    if (b.isDebris || added >= selectionSentences) return;
    if (b.block.kind === 'equation' || b.block.kind === 'figure') {
      // A formula or figure comes only with the sentence that introduces it.
      const previous = pieces[pieces.length - 1];
      if (previous?.order === order - 1 && /:\s*$|\bas\s*$/.test(previous.block.text) && usage.unused(map, b)) {
        usage.take(map, b.block);
        pieces.push({ order, block: b.block });
      }
      return;
    }
    const fresh = usage.unused(map, b);
    if (!fresh) return;
    const sentences = fastSentences(fresh.text).filter((s) => rule(s));
    const kept: string[] = [];
    for (const s of sentences) {
      if (added >= selectionSentences) break;
      if (usage.sentences.isRepeat(s.replace(/\\\((.+?)\\\)/g, ' '))) continue;
      usage.sentences.add(s.replace(/\\\((.+?)\\\)/g, ' '));
      kept.push(s);
      added++;
    }
    if (kept.length)
      pieces.push({ order, block: { ...b.block, kind: b.block.kind === 'list-item' ? 'list-item' : 'paragraph', text: kept.join(' ') } });
  };
  const sharesTerms = (loose: boolean) => (s: string) => relatedSentence(terms, s, loose);

  if (orders.length > 0) {
    const last = Math.max(...orders);
    // What follows the selection in its own paragraphs, then the passage after it within its unit. Nothing from
    // before it (an expansion that opened with the source's previous sentence read as a non sequitur).
    const selected = new Set(fastSentences(text).map(sentenceKey));
    for (const o of [...own].sort((a, b) => a - b)) tryBlock(o, afterSelection(map.blocks[o].text, selected));
    const sameUnit = (o: number) => unit !== null && isWithin(map, map.blocks[o].unit, unit);
    for (let o = last + 1; o <= last + reach && o < map.blocks.length; o++) if (sameUnit(o)) tryBlock(o, sharesTerms(true));
  }
  if (added < selectionSentences) {
    const ranked = map.blocks
      .filter((b) => !b.isDebris && b.block.kind !== 'heading' && !own.has(b.order) && onTopic(terms, b.terms))
      .map((b) => ({ b, r: sparseCosine(b.vector, query) }))
      .filter((x) => x.r >= 0.08)
      .sort((x, y) => y.r - x.r)
      .slice(0, 40);
    for (const { b } of ranked) {
      if (added >= selectionSentences) break;
      tryBlock(b.order, sharesTerms(false));
    }
  }
  if (pieces.length === 0) return { value: original, exhausted: true, note: nothingMoreNote(ctx.material, title || text.slice(0, 60)) };
  return { value: placeAroundSelection(map, original, orders, pieces), exhausted: false };
};

/** Of a source paragraph that holds the selection, the sentences after the selection's last one in it. */
function afterSelection(blockText: string, selected: Set<string>): (sentence: string) => boolean {
  const keys = fastSentences(blockText).map(sentenceKey);
  const lastSelected = keys.reduce((at, k, i) => (selected.has(k) ? i : at), -1);
  const allowed = new Set(keys.slice(lastSelected + 1));
  return (sentence) => allowed.has(sentenceKey(sentence));
}

/** A sentence on the section's topic: near the selection one key term will do; found elsewhere it must pass `onTopic`. */
function relatedSentence(terms: KeyTerms, sentence: string, loose: boolean): boolean {
  const tokens = new Set(quickTokenize(sentence.replace(/\\\((.+?)\\\)/g, ' ')));
  if (!loose) return onTopic(terms, tokens);
  for (const t of tokens) if (terms.all.has(t)) return true;
  return false;
}

/**
 * The selection with the new pieces after it: first what continues it in the sources (in their
 * order), then passages from elsewhere; one paragraph per source block.
 */
export function placeAroundSelection(map: SourceMap, original: string, orders: number[], pieces: Piece[]): string {
  const anchor = orders.length ? Math.min(...orders) : Infinity;
  const sorted = [...pieces].sort((a, b) => a.order - b.order);
  const placed = [...sorted.filter((p) => p.order >= anchor), ...sorted.filter((p) => p.order < anchor)];
  // A list item set deeper than the item before it is its sub-point only when it follows it in the document: one from
  // another slide's list starts a list of its own.
  const runs: Piece[][] = [];
  for (const piece of placed) {
    const last = runs.at(-1)?.at(-1);
    const nests =
      last?.block.kind === 'list-item' &&
      piece.block.kind === 'list-item' &&
      (piece.block.depth ?? 0) > (last.block.depth ?? 0) &&
      piece.order !== last.order + 1;
    if (!last || nests) runs.push([piece]);
    else runs.at(-1)!.push(piece);
  }
  return (
    original +
    runs
      .map((run) =>
        renderBlocks(
          run.map((p) => p.block),
          map.render,
        ),
      )
      .join('')
  );
}
