import { figureLabels } from './pdf-figures';
import { captionLines, captionStart, segmentBox } from './pdf-geometry';
import { readCells, rowsOf } from './pdf-tables';
import type { Segment } from './pdf-lines';
import type { PdfRegion } from './pdf-types';

interface Placed {
  start: Segment;
  distance: number;
  where: 'below' | 'above' | 'beside';
}

/** Where a caption's first line sits against a region: below it, above it, or beside it (in the margin). */
function placement(region: PdfRegion, s: Segment, bodySize: number, pageWidth: number): Placed | undefined {
  const box = segmentBox(s);
  const overlapsX = Math.min(box.x1, region.x1) - Math.max(box.x0, region.x0) > 0;
  const reach = 3.5 * bodySize;
  if (overlapsX && box.y1 <= region.y0 + 2 && region.y0 - box.y1 <= reach)
    return { start: s, distance: region.y0 - box.y1, where: 'below' };
  if (overlapsX && box.y0 >= region.y1 - 2 && box.y0 - region.y1 <= reach)
    return { start: s, distance: box.y0 - region.y1 + (region.kind === 'table' ? -1 : 1), where: 'above' };
  const besideX = box.x0 >= region.x1 ? box.x0 - region.x1 : region.x0 - box.x1;
  if (!overlapsX && besideX <= pageWidth * 0.35 && box.y1 <= region.y1 + bodySize && box.y1 >= region.y0 - bodySize)
    return { start: s, distance: besideX + Math.abs(region.y1 - box.y1) + 5, where: 'beside' };
  return undefined;
}

/**
 * Attaches captions ("Figure 5.3 The average incline ...", "Table 2: ...") to the figures and
 * tables of one page: the nearest caption below, beside (a margin caption) or above each region.
 * The caption's lines leave the reading flow; captions with no region stay text. Regions are
 * given their caption in place.
 */
export function attachCaptions(
  regions: PdfRegion[],
  segments: Segment[],
  bodySize: number,
  pageWidth: number,
): { regions: PdfRegion[]; segments: Segment[] } {
  const starts = segments.filter((s) => captionStart.test(s.text));
  if (starts.length === 0 || regions.length === 0) return { regions, segments };
  const used = new Set<Segment>();
  const out = regions;
  // Closest pairs first, so two figures on a page each get their own caption.
  const pairs = out
    .flatMap((region) =>
      starts.map((s) => ({ region, placed: placement(region, s, bodySize, pageWidth) })).filter((p) => p.placed !== undefined),
    )
    .sort((a, b) => a.placed!.distance - b.placed!.distance);
  const captioned = new Map<PdfRegion, Placed>();
  for (const { region, placed } of pairs) {
    if (captioned.has(region) || used.has(placed!.start)) continue;
    const wantTable = /^tab/i.test(placed!.start.text);
    if (wantTable !== (region.kind === 'table') && region.kind !== 'figure') continue;
    const lines = captionLines(
      placed!.start,
      segments.filter((s) => !used.has(s)),
    );
    for (const l of lines) used.add(l);
    // One line per caption line: the block builder joins them (and their hyphenated words) like any paragraph.
    region.caption = lines.map((l) => l.text.trim()).join('\n');
    // A ruled grid captioned "Table" is a table: its cells when their columns are clear, else its picture.
    if (wantTable && region.kind === 'figure') {
      region.kind = 'table';
      const labels = figureLabels.get(region);
      // Its caption says it is a table: a wide one is read too (a lookup table of 16 values and its row label).
      if (labels) region.rows = readCells(rowsOf(labels), 32);
    }
    captioned.set(region, placed!);
  }
  // Two figures stacked, each captioned below it: the first one's caption, between them, may sit nearer the second
  // figure than the first and be taken for the second's (above it), leaving the first uncaptioned and the second's own
  // caption under it over. Then each figure takes the caption below it.
  for (const s of starts) {
    if (used.has(s) || /^tab/i.test(s.text)) continue;
    for (const [region, held] of captioned) {
      if (region.kind !== 'figure' || held.where !== 'above' || placement(region, s, bodySize, pageWidth)?.where !== 'below') continue;
      const above = out.find(
        (r) => r.kind === 'figure' && !captioned.has(r) && placement(r, held.start, bodySize, pageWidth)?.where === 'below',
      );
      if (!above) continue;
      above.caption = region.caption;
      captioned.set(above, { ...held, where: 'below' });
      const lines = captionLines(
        s,
        segments.filter((x) => !used.has(x)),
      );
      for (const l of lines) used.add(l);
      region.caption = lines.map((l) => l.text.trim()).join('\n');
      captioned.set(region, { start: s, distance: 0, where: 'below' });
      break;
    }
  }
  return { regions: mergeParts(out, bodySize), segments: segments.filter((s) => !used.has(s)) };
}

/**
 * Parts of one figure stacked one above the other ("(a)" over "(b)", one caption beside both):
 * an uncaptioned figure close above or below a captioned one on the page joins it.
 */
function mergeParts(regions: PdfRegion[], bodySize: number): PdfRegion[] {
  const out = [...regions];
  for (let changed = true; changed;) {
    changed = false;
    for (const part of out.filter((r) => r.kind === 'figure' && !r.caption)) {
      const host = out.find(
        (r) =>
          r !== part &&
          r.kind === 'figure' &&
          r.caption &&
          Math.min(r.x1, part.x1) - Math.max(r.x0, part.x0) > 0 &&
          Math.max(part.y0 - r.y1, r.y0 - part.y1) <= 3 * bodySize,
      );
      if (!host) continue;
      Object.assign(host, {
        x0: Math.min(host.x0, part.x0),
        y0: Math.min(host.y0, part.y0),
        x1: Math.max(host.x1, part.x1),
        y1: Math.max(host.y1, part.y1),
        text: `${host.text} ${part.text}`.trim(),
      });
      out.splice(out.indexOf(part), 1);
      changed = true;
      break;
    }
  }
  return out;
}
