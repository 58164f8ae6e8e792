import { captionStart } from './pdf-geometry';
import { listItemStart } from './pdf-paragraphs';
import type { BodyStats } from './pdf-stats';
import type { PdfLine } from './pdf-types';

/** A verse line opens on a capital (or a quote before one), as poems and songs set each line. */
const opensOnCapital = /^["“‘'(]?\p{Lu}/u;

/** Whether a line can be a line of verse at all: body text of its own (no listing, figure, note, list item or caption). */
function verseLike(line: PdfLine, body: BodyStats): boolean {
  return (
    !line.region &&
    !line.mono &&
    !line.isMargin &&
    !line.isNote &&
    !line.algorithm &&
    !line.columnItem &&
    !line.answer &&
    !line.cells &&
    (line.math ?? 0) < 0.2 &&
    Math.abs(line.size - body.size) < 0.6 &&
    opensOnCapital.test(line.text.trim()) &&
    // An index's sub-entries ("Deck, 188") end on their page numbers.
    !/\d$/.test(line.text.trim()) &&
    !listItemStart(line.text) &&
    !captionStart.test(line.text)
  );
}

/**
 * Verse set line by line (a poem or a song quoted in the text, LaTeX's `verse`): three lines or more on one page, set
 * in from the column's left edge by 1.5 em or more at one left edge, each short (ending four ems or more before the
 * column's right edge, and not all at one right edge, as a quotation's justified lines do), each opening on a capital,
 * one body line apart. The index after the run's last line, or undefined when the lines from `i` are no verse. The
 * lines are one block, each on a line of its own, never a paragraph each nor one run-on paragraph.
 */
export function verseEnd(lines: PdfLine[], i: number, body: BodyStats, isHeading: (k: number) => boolean): number | undefined {
  const first = lines[i];
  if (!first || !verseLike(first, body) || isHeading(i)) return undefined;
  const indent = first.x0 - first.columnLeft;
  if (indent < 1.5 * first.size || indent > 0.3 * (first.columnRight - first.columnLeft)) return undefined;
  // The run starts at its first line: a line before it at the same left edge would be one of it.
  const before = lines[i - 1];
  if (before && before.page === first.page && Math.abs(before.x0 - first.x0) <= 0.3 * first.size && verseLike(before, body))
    return undefined;
  const gap = body.lineGap > 0 ? body.lineGap : 1.2 * body.size;
  let end = i + 1;
  while (end < lines.length) {
    const line = lines[end];
    const prev = lines[end - 1];
    const step = prev.y - line.y;
    if (
      line.page !== first.page ||
      line.column !== first.column ||
      isHeading(end) ||
      !verseLike(line, body) ||
      Math.abs(line.x0 - first.x0) > 0.3 * first.size ||
      step < 0.7 * gap ||
      step > 1.3 * gap
    )
      break;
    end++;
  }
  const run = lines.slice(i, end);
  if (run.length < 3) return undefined;
  if (run.some((l) => l.x1 > l.columnRight - 4 * l.size)) return undefined;
  const rights = run.map((l) => l.x1);
  if (Math.max(...rights) - Math.min(...rights) < first.size) return undefined;
  return end;
}
