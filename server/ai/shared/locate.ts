import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { isWithin, titleKey, type SourceMap } from './source-map';

/** Share of the located sentences a unit must hold (with its sub-units) to be the one the text comes from. */
const coverage = 0.6;

/** The source orders of the sentences of some HTML that the material holds, in the HTML's order. */
export function locatedOrders(map: SourceMap, html: string): number[] {
  const orders: number[] = [];
  for (const block of htmlBlocks(html)) {
    for (const s of fastSentences(htmlToText(block))) {
      const order = map.byKey.get(sentenceKey(s));
      if (order !== undefined) orders.push(order);
    }
  }
  return orders;
}

/**
 * The unit of the sources a chapter or section of the book was made from.
 * Its title names it when one unit has that title (the composer keeps the
 * documents' headings); otherwise, or among several with the title, the
 * deepest unit that holds most of its located sentences. Null when neither
 * finds one (a section typed by the author, or renamed and rewritten).
 */
export function locateUnit(map: SourceMap, title: string, html: string): number | null {
  const orders = locatedOrders(map, html);
  const counts = new Map<number, number>();
  for (const order of orders) {
    for (let u: number | null = map.blocks[order].unit; u !== null; u = map.units[u].parent) counts.set(u, (counts.get(u) ?? 0) + 1);
  }
  const key = titleKey(title.replace(/^(?:overview of|review:)\s+/i, ''));
  const named = key ? map.units.filter((u) => u.depth > 0 && u.titleKey === key) : [];
  if (named.length === 1) return named[0].index;
  if (named.length > 1) {
    return named.map((u) => ({ u, n: counts.get(u.index) ?? 0 })).sort((a, b) => b.n - a.n || a.u.index - b.u.index)[0].u.index;
  }
  if (orders.length === 0) return null;
  let best: number | null = null;
  for (const [unit, n] of counts) {
    if (n < orders.length * coverage) continue;
    if (best === null || map.units[unit].depth > map.units[best].depth) best = unit;
  }
  return best;
}

/** The unit a selection comes from: the deepest unit holding its located sentences. */
export function unitOfOrders(map: SourceMap, orders: number[]): number | null {
  if (orders.length === 0) return null;
  let unit: number | null = map.blocks[orders[0]].unit;
  for (const order of orders.slice(1)) {
    while (unit !== null && !isWithin(map, map.blocks[order].unit, unit)) unit = map.units[unit].parent;
  }
  return unit;
}
