import type { DocBlock } from '@server/core/document-model';
import { escapeHtml, htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { continuesLine, type Chosen } from './gather';
import { locatedOrders } from '@server/ai/shared/locate';
import { isWithin, titleKey, type SourceMap } from '@server/ai/shared/source-map';

export interface PlacedHtml {
  html: string;
  isNew: boolean;
}

const headingTag = /^<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>$/i;

/** Where each of the author's blocks sits in the sources; a block not found there stays after the one before it. */
export function existingOrders(map: SourceMap, existing: string[], unit: number | null): number[] {
  const orders: number[] = [];
  let previous = -1;
  for (const html of existing) {
    const heading = headingTag.exec(html);
    let found: number | undefined;
    if (heading) {
      const key = titleKey(htmlToText(heading[2]));
      const match = map.units.find((u) => u.depth > 0 && u.titleKey === key && (unit === null || isWithin(map, u.index, unit)));
      found = match?.first;
    } else found = locatedOrders(map, html)[0];
    previous = Math.max(previous, found ?? previous);
    orders.push(previous);
  }
  return orders;
}

/**
 * The author's blocks with the chosen source blocks placed among them in the
 * sources' reading order: each new block goes into the gap before the first
 * of the author's blocks that comes after it in the sources. The author's
 * blocks never change or move. New blocks from a sub-unit whose heading the
 * text does not show yet come under that heading (one level down per level
 * of the tree, from `headingLevel`), so the added text keeps the source's
 * structure; formulas, figures and lists render as the composer renders them.
 */
export function placeBlocks(
  map: SourceMap,
  existingHtml: string,
  chosen: Chosen[],
  opts: { unit: number | null; headingLevel: number },
): PlacedHtml[] {
  const existing = htmlBlocks(existingHtml);
  const orders = existingOrders(map, existing, opts.unit);
  const shown = new Set(existing.map((h) => headingTag.exec(h)).flatMap((m) => (m ? [titleKey(htmlToText(m[2]))] : [])));
  const gaps: Chosen[][] = existing.map(() => []);
  gaps.push([]);
  for (const c of chosen) gaps[orders.filter((o) => o <= c.order).length].push(c);

  const headingsFor = (unit: number): string[] => {
    if (opts.unit === null || unit === opts.unit || !isWithin(map, unit, opts.unit)) return [];
    const chain: number[] = [];
    for (let u: number | null = unit; u !== null && u !== opts.unit; u = map.units[u].parent) chain.unshift(u);
    const out: string[] = [];
    chain.forEach((u, i) => {
      const key = map.units[u].titleKey;
      if (!key || shown.has(key)) return;
      shown.add(key);
      const level = Math.min(6, opts.headingLevel + i);
      out.push(`<h${level}>${escapeHtml(map.units[u].title.replace(/\s+/g, ' ').trim())}</h${level}>`);
    });
    return out;
  };

  const out: PlacedHtml[] = [];
  gaps.forEach((run, i) => {
    let pending: DocBlock[] = [];
    let unit: number | null = null;
    let previousOrder = -1;
    const flush = () => {
      const html = renderBlocks(pending, map.render);
      if (html) out.push({ html, isNew: true });
      pending = [];
    };
    for (const c of run) {
      if (c.tier === 'unit' && c.unit !== unit) {
        const headings = headingsFor(c.unit);
        if (headings.length) {
          flush();
          out.push({ html: headings.join(''), isNew: true });
        }
      }
      const last = pending[pending.length - 1];
      // A line the document broke off mid-sentence ("... the gradient is a vector or a" / "matrix; however, ...") continues it.
      if (last && c.order === previousOrder + 1 && continuesLine(last, c.block)) {
        pending[pending.length - 1] = { ...last, text: `${last.text} ${c.block.text}` };
        previousOrder = c.order;
        continue;
      }
      const adjacent = c.order === previousOrder + 1;
      unit = c.unit;
      previousOrder = c.order;
      // Consecutive list items render as one list; anything else as its own block. An item set deeper than the one
      // before it nests under it only when it follows it in the document: an item of another slide's list under this
      // one ("... Bangladeshi relief workers" / "PCR is being replaced ...") would read as its sub-point.
      const joinsList =
        c.block.kind === 'list-item' && last?.kind === 'list-item' && (adjacent || (c.block.depth ?? 0) <= (last.depth ?? 0));
      if (pending.length && !joinsList) flush();
      pending.push(c.block);
    }
    flush();
    if (i < existing.length) out.push({ html: existing[i], isNew: false });
  });
  return out;
}
