import type { Box } from './pdf-geometry';
import type { Segment } from './pdf-lines';
import type { PdfLine, PdfMark } from './pdf-types';

/**
 * Answer boxes of a worksheet: an empty framed rectangle set right after a label that asks for it ("Expected value of
 * A = [ ]", "Name: [ ]"), several often on one line. Each label with its box is a line of its own, the box a blank to
 * fill in ("Expected value of A = ____"); the boxes are neither a figure nor dropped, and the labels never run together.
 */

/** What an answer box reads as in the text: a blank to fill in. */
export const answerBlank = '____';

export interface AnswerBox extends Box {
  page: number;
}

const isVertical = (m: PdfMark) => m.kind === 'path' && m.x1 - m.x0 < 1.5 && m.y1 - m.y0 >= 6;
const isHorizontal = (m: PdfMark) => m.kind === 'path' && m.y1 - m.y0 < 1.5 && m.x1 - m.x0 >= 10;

/** A label asking for the box after it: it ends with "=" or ":". */
const asks = (text: string) => /[=:]$/.test(text.trim());

/** Rectangles drawn as four rules, or as one stroked path, with their marks. */
function rectangles(marks: PdfMark[]): Array<{ box: Box; marks: PdfMark[] }> {
  const out: Array<{ box: Box; marks: PdfMark[] }> = [];
  const horizontals = marks.filter(isHorizontal);
  const verticals = marks.filter(isVertical);
  const near = (a: number, b: number) => Math.abs(a - b) < 1.5;
  for (const top of horizontals)
    for (const bottom of horizontals) {
      if (top === bottom || top.y0 - bottom.y0 < 8 || !near(top.x0, bottom.x0) || !near(top.x1, bottom.x1)) continue;
      const side = (x: number) =>
        verticals.find((v) => near(v.x0, x) && v.y0 <= bottom.y1 + 1.5 && v.y1 >= top.y0 - 1.5 && v.y1 - v.y0 >= top.y0 - bottom.y0 - 3);
      const [left, right] = [side(top.x0), side(top.x1)];
      if (left && right) out.push({ box: { x0: top.x0, x1: top.x1, y0: bottom.y0, y1: top.y1 }, marks: [top, bottom, left, right] });
    }
  for (const m of marks)
    if (m.kind === 'path' && m.stroke && !m.fill && m.x1 - m.x0 >= 10 && m.y1 - m.y0 >= 8) out.push({ box: m, marks: [m] });
  return out;
}

/**
 * The answer boxes of a page: empty rectangles, at most a few ems wide, each right after a label on a baseline within
 * its height. Returns them and the page's marks without theirs (so no figure is made of them).
 */
export function findAnswerBoxes(
  page: number,
  marks: PdfMark[],
  segments: Segment[],
  bodySize: number,
): { boxes: AnswerBox[]; marks: PdfMark[] } {
  const boxes: AnswerBox[] = [];
  const used = new Set<PdfMark>();
  for (const { box, marks: own } of rectangles(marks)) {
    if (own.some((m) => used.has(m)) || box.x1 - box.x0 > 12 * bodySize || box.y1 - box.y0 > 4 * bodySize) continue;
    const empty = !segments.some((s) => s.x1 > box.x0 && s.x0 < box.x1 && s.y > box.y0 && s.y < box.y1);
    const inside = marks.some((m) => !own.includes(m) && m.x0 > box.x0 && m.x1 < box.x1 && m.y0 > box.y0 && m.y1 < box.y1);
    const label = segments.some((s) => s.y >= box.y0 && s.y <= box.y1 && s.x1 <= box.x0 + 1 && box.x0 - s.x1 <= 2 * s.size && asks(s.text));
    if (!empty || inside || !label) continue;
    boxes.push({ page, ...box });
    for (const m of own) used.add(m);
  }
  return { boxes, marks: marks.filter((m) => !used.has(m)) };
}

/**
 * Splits the lines on an answer box's band at the boxes: the text before each box, with its blank, is a line of its own
 * (PdfLine.answer), read as a paragraph of its own; text after the last box goes on as the line's rest.
 */
export function splitAtAnswerBoxes(lines: PdfLine[], boxes: AnswerBox[]): PdfLine[] {
  if (boxes.length === 0) return lines;
  return lines.flatMap((line) => {
    if (line.region || line.isMargin) return [line];
    const own = boxes
      .filter((b) => b.page === line.page && line.y >= b.y0 && line.y <= b.y1 && b.x0 >= line.x0 && b.x0 <= line.x1 + 2 * line.size)
      .sort((a, b) => a.x0 - b.x0);
    if (own.length === 0) return [line];
    const parts = line.cells?.length ? line.cells : [{ x0: line.x0, x1: line.x1, text: line.text }];
    const out: PdfLine[] = [];
    let pending: typeof parts = [];
    let k = 0;
    for (const part of parts) {
      while (k < own.length && own[k].x0 < part.x0) {
        if (pending.length) out.push(answerLine(line, pending, own[k]));
        pending = [];
        k++;
      }
      pending.push(part);
    }
    if (pending.length && k < own.length) out.push(answerLine(line, pending, own[k]));
    else if (pending.length) {
      const x0 = pending[0].x0;
      const text = pending.map((p) => p.text.trim()).join(' ');
      out.push({ ...line, x0, text, cells: undefined });
    }
    return out;
  });
}

function answerLine(line: PdfLine, parts: Array<{ x0: number; x1: number; text: string }>, box: AnswerBox): PdfLine {
  // A line with no cells holds its scripts as `\(...\)` in its text: the whole text is the label.
  const text =
    parts.length === 1 && parts[0].x0 === line.x0 && parts[0].x1 === line.x1 ? line.text : parts.map((p) => p.text.trim()).join(' ');
  return { ...line, x0: parts[0].x0, x1: box.x1, text: `${text.trim()} ${answerBlank}`, cells: undefined, answer: true };
}
