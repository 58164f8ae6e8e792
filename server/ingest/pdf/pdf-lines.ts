import type { PdfItem, PdfPage } from './pdf-types';

/** A run of items on one baseline with no column-sized gap inside. */
export interface Segment {
  page: number;
  x0: number;
  x1: number;
  y: number;
  size: number;
  font: string;
  text: string;
  chars: number;
  mono: boolean;
}

const symbolOnly = /^[\s∗*†‡§¶#$+,′"'·•°\d]+$/u;

interface OpenRun {
  items: PdfItem[];
  y: number;
  size: number;
  end: number;
}

/**
 * Groups a page's items into segments (one line of one column). Items are
 * taken left to right; each joins the open run whose baseline it shares
 * (superscripts and subscripts get a looser match) and whose right end it
 * starts near. A gap wider than two em starts a new segment: that is a column
 * gutter, never a word space, even in justified text.
 */
export function pageSegments(page: PdfPage): Segment[] {
  const items = page.items.filter((i) => i.size > 0.5).sort((a, b) => a.x - b.x || b.y - a.y);
  const runs: OpenRun[] = [];
  for (const item of items) {
    let best: OpenRun | undefined;
    let bestDy = Infinity;
    for (const run of runs) {
      const size = Math.max(run.size, item.size);
      const gap = item.x - run.end;
      if (gap < -0.5 * size || gap > Math.max(2 * size, 12)) continue;
      const dy = Math.abs(item.y - run.y);
      const isScript = Math.min(item.size, run.size) < 0.85 * size;
      // A sub- or superscript sits against its base; smaller type an em or more away is something
      // else on a nearby baseline (a margin note beside the text), never part of this line.
      if (isScript && gap > 0.5 * size && dy > 0.1 * size) continue;
      if (dy > (isScript ? 0.55 : 0.25) * size) continue;
      if (dy < bestDy) [best, bestDy] = [run, dy];
    }
    if (best) {
      best.items.push(item);
      best.end = Math.max(best.end, item.x + item.width);
      if (item.size > best.size * 1.15) [best.y, best.size] = [item.y, item.size];
    } else {
      runs.push({ items: [item], y: item.y, size: item.size, end: item.x + item.width });
    }
  }
  return runs.map((run) => buildSegment(page.number, run.items)).filter((s) => s.text.length > 0);
}

function buildSegment(page: number, items: PdfItem[]): Segment {
  // The dominant run (most characters) sets the size, font and baseline.
  const weight = new Map<string, number>();
  let main = items[0];
  for (const item of items) {
    const key = `${item.size.toFixed(1)}|${item.font}`;
    const w = (weight.get(key) ?? 0) + item.str.length;
    weight.set(key, w);
    if (w > (weight.get(`${main.size.toFixed(1)}|${main.font}`) ?? 0)) main = item;
  }
  let text = '';
  let prevEnd = -Infinity;
  for (const item of items) {
    const isSmall = item.size < main.size * 0.85;
    const raised = item.y - main.y > 0.15 * main.size;
    const lowered = main.y - item.y > 0.1 * main.size;
    // Footnote and affiliation markers (superscript symbols or digits) are noise in running text.
    if (isSmall && (raised || lowered) && symbolOnly.test(item.str)) {
      prevEnd = item.x + item.width;
      continue;
    }
    const gap = item.x - prevEnd;
    const needsSpace =
      text.length > 0 && gap > 0.15 * main.size && !/\s$/.test(text) && !/^\s/.test(item.str) && !(isSmall && (raised || lowered));
    text += (needsSpace ? ' ' : '') + item.str;
    prevEnd = Math.max(prevEnd, item.x + item.width);
  }
  text = text.replace(/\s+/g, ' ').trim();
  const x0 = Math.min(...items.map((i) => i.x));
  const x1 = Math.max(...items.map((i) => i.x + i.width));
  return { page, x0, x1, y: main.y, size: main.size, font: main.font, text, chars: text.length, mono: main.mono === true };
}
