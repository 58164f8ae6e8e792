import { captionStart } from './pdf-geometry';
import { continuesUrl } from './pdf-join';
import type { Segment } from './pdf-lines';
import type { PdfLine } from './pdf-types';

interface Column {
  left: number;
  right: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/**
 * The body column of odd and of even pages (books alternate their margins): where full
 * lines of body type start and end.
 */
export function bodyColumns(pages: Array<{ number: number; segments: Segment[] }>, bodySize: number): Map<number, Column> | undefined {
  const byParity = new Map<number, { lefts: number[]; rights: number[] }>();
  for (const p of pages)
    for (const s of p.segments) {
      if (s.region || Math.abs(s.size - bodySize) > 0.6 || s.chars < 30) continue;
      const entry = byParity.get(p.number % 2) ?? { lefts: [], rights: [] };
      entry.lefts.push(Math.round(s.x0));
      entry.rights.push(s.x1);
      byParity.set(p.number % 2, entry);
    }
  const all = [...byParity.values()];
  if (all.reduce((n, e) => n + e.lefts.length, 0) < 10) return undefined;
  const out = new Map<number, Column>();
  const combined = { lefts: all.flatMap((e) => e.lefts), rights: all.flatMap((e) => e.rights) };
  for (const parity of [0, 1]) {
    const e = (byParity.get(parity)?.lefts.length ?? 0) >= 10 ? byParity.get(parity)! : combined;
    // The outer edges of the text block (in a two-column layout, the left column's left and the right column's right).
    out.set(parity, { left: percentile(e.lefts, 0.1), right: percentile(e.rights, 0.9) });
  }
  return out;
}

/**
 * A margin note that is a key word or two rather than a sentence ("valid", "Taylor polynomial", "least-squares loss"): no
 * sentence punctuation, no formula or code, at most four words starting with a letter. docs/document-model.md: index-term.
 */
export function isIndexTerm(text: string): boolean {
  const t = text.trim();
  const words = t.split(/\s+/);
  return words.length <= 4 && t.length >= 3 && t.length <= 40 && /^\p{L}/u.test(t) && /^[\p{L}\p{M}’'\- ]+$/u.test(t) && !/-$/.test(t);
}

/** Joins a note's lines, rejoining a word hyphenated at a line end and a web address broken over two lines. */
export function joinNote(lines: Array<{ text: string }>): string {
  return lines.reduce((text, l) => {
    if (text && continuesUrl(text, l.text)) return text + l.text.trim();
    return /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(l.text) ? text.slice(0, -1) + l.text : `${text} ${l.text}`.trim();
  }, '');
}

/**
 * Groups one side's margin lines into notes: a note ends at a gap, or at a line that ended with
 * room to spare before `right` (the margin column's right edge over the whole document).
 */
export function groupNotes(lines: Segment[], right: number): Segment[] {
  const sorted = [...lines].sort((a, b) => b.y - a.y);
  const notes: Segment[][] = [];
  for (const s of sorted) {
    const current = notes[notes.length - 1];
    const prev = current?.[current.length - 1];
    // A note's own lines are set close (about 1.3 em); separate notes sit on the body's baselines, further apart.
    // A note also ends at a short line ending a sentence.
    const endedSentence = prev ? /[.!?:]$/.test(prev.text) && right - prev.x1 > 3 * s.size : true;
    // A key word's line that ends where the next line's first word would still have fitted ends on purpose: margin key
    // words set one under the other ("domain" over "image") are two notes, never "domain image", and a note that starts
    // right under a key word is a note of its own.
    const firstWord = s.text.split(' ')[0] ?? '';
    const endedEarly =
      !!prev &&
      isIndexTerm(prev.text) &&
      (isIndexTerm(s.text) || /^\p{Lu}/u.test(s.text)) &&
      right - prev.x1 > (firstWord.length + 1) * 0.55 * s.size + 0.5 * s.size;
    // A key word set right under a note's last sentence ("... an area or volume." / "Jacobian determinant") is its own:
    // a short line of a few words without punctuation after a full stop.
    const keyAfter = !!prev && /[.!?]$/.test(prev.text) && isIndexTerm(s.text) && right - s.x1 > 3 * s.size;
    if (!prev || prev.y - s.y > 1.45 * Math.max(prev.size, s.size) || endedSentence || endedEarly || keyAfter || captionStart.test(s.text))
      notes.push([s]);
    else current.push(s);
  }
  return notes.map((group) => ({
    ...group[0],
    x0: Math.min(...group.map((s) => s.x0)),
    x1: Math.max(...group.map((s) => s.x1)),
    text: joinNote(group),
    chars: group.reduce((n, s) => n + s.chars, 0),
    isMargin: true,
  }));
}

/**
 * Separates margin notes: text in smaller type set entirely beside the body column (left or
 * right of it, by the body column of pages of that parity). Each note becomes one segment marked
 * `isMargin`; the rest of the page is returned as it was. Running heads and page numbers in the
 * top and bottom bands are left to the furniture pass.
 */
export function splitMargins(
  pages: Array<{ number: number; height: number; segments: Segment[] }>,
  bodySize: number,
): Array<{ segments: Segment[]; notes: Segment[] }> {
  const columns = bodyColumns(pages, bodySize);
  if (!columns) return pages.map((p) => ({ segments: p.segments, notes: [] }));
  const gap = 0.3 * bodySize;
  const sides = pages.map((p) => {
    const column = columns.get(p.number % 2)!;
    const isMargin = (s: Segment) =>
      !s.region &&
      !s.solution &&
      s.size < bodySize - 0.3 &&
      s.y < p.height * 0.92 &&
      s.y > p.height * 0.08 &&
      (s.x0 >= column.right + gap || s.x1 <= column.left - gap);
    const margin = p.segments.filter(isMargin);
    return {
      left: margin.filter((s) => s.x1 <= column.left - gap),
      right: margin.filter((s) => s.x0 >= column.right + gap),
      rest: p.segments.filter((s) => !isMargin(s)),
    };
  });
  // Each margin column's right edge, by page parity and side: where its full lines end.
  const edge = new Map<string, number>();
  for (const parity of [0, 1])
    for (const side of ['left', 'right'] as const) {
      const x1s = sides.filter((_, i) => pages[i].number % 2 === parity).flatMap((s) => s[side].map((seg) => seg.x1));
      if (x1s.length) edge.set(`${parity}${side}`, percentile(x1s, 0.95));
    }
  return sides.map((s, i) => {
    const parity = pages[i].number % 2;
    const notes = [
      ...(s.left.length ? groupNotes(s.left, edge.get(`${parity}left`)!) : []),
      ...(s.right.length ? groupNotes(s.right, edge.get(`${parity}right`)!) : []),
    ];
    return { segments: s.rest, notes };
  });
}

/** Puts each margin note into the page's reading order just after the body line it sits beside. */
export function placeNotes(lines: PdfLine[], notes: PdfLine[]): PdfLine[] {
  if (notes.length === 0) return lines;
  const out = [...lines];
  for (const note of [...notes].sort((a, b) => b.y - a.y)) {
    let at = out.findIndex((l) => !l.isMargin && l.y < note.y - 0.3 * note.size);
    if (at < 0) at = out.length;
    // After notes already placed there, so notes keep their own order.
    while (at < out.length && out[at].isMargin) at++;
    out.splice(at, 0, note);
  }
  return out;
}
