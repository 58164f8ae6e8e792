import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { existingOrders } from './place-blocks';
import type { SourceMap } from '@server/ai/shared/source-map';

/** A part of a chapter that becomes (or joins) a section: its title, its HTML, and the source unit it comes from when known. */
export interface Part {
  title: string;
  html: string;
  unit?: number | null;
}

const heading = /^<h([2-4])\b[^>]*>([\s\S]*?)<\/h\1>$/i;
const numbering = /^(?:\d+(?:\.\d+)*|[IVXLC]+(?=[.:)]))[.:)]?\s+/;

export function partTitle(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().replace(numbering, '');
}

/**
 * The chapter split at its own sub-headings (the highest level it uses),
 * each heading the title of a part; text before the first heading opens the
 * first part. Null with fewer than two such headings.
 */
export function partsAtHeadings(html: string): Part[] | null {
  const blocks = htmlBlocks(html);
  const levels = blocks.map((b) => heading.exec(b)).flatMap((m) => (m ? [Number(m[1])] : []));
  if (levels.length < 2) return null;
  const top = Math.min(...levels);
  const atTop = (b: string) => {
    const m = heading.exec(b);
    return m && Number(m[1]) === top ? partTitle(htmlToText(m[2])) : null;
  };
  if (blocks.filter((b) => atTop(b) !== null).length < 2) return null;
  const parts: Part[] = [];
  const lead: string[] = [];
  for (const b of blocks) {
    const title = atTop(b);
    if (title !== null) parts.push({ title, html: parts.length === 0 ? lead.join('') : '' });
    else if (parts.length === 0) lead.push(b);
    else parts[parts.length - 1].html += b;
  }
  return parts;
}

/**
 * The chapter split along its source unit's sub-units: each of the
 * chapter's blocks goes to the sub-unit it is found in (a block not found
 * stays with the one before it; the unit's own opening text opens the first
 * part). Null when the unit has fewer than two sub-units.
 */
export function partsAlongSource(map: SourceMap, unit: number, html: string): Part[] | null {
  const children = map.units[unit].children;
  if (children.length < 2) return null;
  const parts: Part[] = children.map((c) => ({ title: partTitle(map.units[c].title), html: '', unit: c }));
  const blocks = htmlBlocks(html);
  const orders = existingOrders(map, blocks, unit);
  let at = 0;
  blocks.forEach((b, i) => {
    const found = children.findIndex((c) => orders[i] >= map.units[c].first && orders[i] <= map.units[c].last);
    if (found >= 0) at = found;
    parts[at].html += b;
  });
  return parts;
}

/** The title of a section made of several parts: their titles listed while short, else the first one's. */
export function groupTitle(titles: string[]): string {
  if (titles.length === 1) return titles[0];
  const listed = `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
  return listed.length <= 90 ? listed : `${titles[0]} and related topics`;
}
