import type { Segment } from './pdf-lines';

/** A box in PDF points (y up). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const width = (b: Box) => b.x1 - b.x0;
export const height = (b: Box) => b.y1 - b.y0;
export const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});
export const touches = (a: Box, b: Box, gap: number) =>
  a.x0 - gap <= b.x1 && b.x0 - gap <= a.x1 && a.y0 - gap <= b.y1 && b.y0 - gap <= a.y1;
export const intersects = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
export const inside = (inner: Box, outer: Box, slack = 0) =>
  inner.x0 >= outer.x0 - slack && inner.x1 <= outer.x1 + slack && inner.y0 >= outer.y0 - slack && inner.y1 <= outer.y1 + slack;

/** The box a text segment's glyphs take (baseline y; ascent about 0.8 em, descent 0.25 em). */
export function segmentBox(s: Segment): Box {
  return { x0: s.x0, y0: s.y - 0.25 * s.size, x1: s.x1, y1: s.y + 0.8 * s.size };
}

/** A caption's first line: "Figure 5.3 ...", "Fig. 2:", "Table 1." */
export const captionStart = /^(?:figure|fig\.|table|tab\.)\s*[A-Z]?\d+(?:\.\d+)*[a-z]?\s*(?:\.:|[:.])?(?:\s|$)/i;

/** The caption's lines: its first line and the lines that continue it (same type, close below, same column). */
export function captionLines(start: Segment, segments: Segment[]): Segment[] {
  const lines = [start];
  const pool = segments.filter((s) => s !== start && s.y < start.y).sort((a, b) => b.y - a.y);
  let last = start;
  for (const s of pool) {
    if (last.y - s.y > 1.8 * Math.max(s.size, last.size)) break;
    if (Math.abs(last.y - s.y) < 0.3 * s.size) continue;
    if (s.x0 < start.x0 - 2 * start.size || s.x0 > start.x1) continue;
    if (Math.abs(s.size - start.size) > 0.6 || captionStart.test(s.text)) break;
    lines.push(s);
    last = s;
  }
  return lines;
}
