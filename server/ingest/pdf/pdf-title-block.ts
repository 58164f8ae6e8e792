import type { BodyStats } from './pdf-stats';
import type { PdfLine } from './pdf-types';

export interface TitleBlock {
  /** Lines of the title itself (one title set over up to three lines). */
  title: number[];
  /** The lines set with it: subtitle, authors, course, institution, date. Metadata, neither headings nor text. */
  block: number[];
}

/** Where the text proper starts on a title page: a numbered or a usual first heading. */
const firstHeading = [
  /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s*|[A-Z](?:\.\d{1,2})*(?:\.\s*|\s+)|[IVX]{1,4}\.\s*)\p{Lu}/u,
  /^(?:abstract|summary|contents|table of contents|introduction|foreword|preface|overview|notes|outline|motivation|background)\b/i,
];
/** The title goes on over the next line: it ends on a word that cannot end a title, or the next starts in lower case. */
// French and German titles break after their own small words ("Notes de cours de" over "Physique-Mathématique").
const openEnd =
  /(?:\b(?:of|for|and|or|in|on|the|a|an|to|with|from|by|at|via|into|as)|(?:^|\s)(?:de|du|des|la|le|les|et|pour|sur|en|à|au|aux|dans|par|und|oder|der|die|das|den|dem|für|zur|zum|von|vom|mit|im|über|zu)|[:\-–—,])$/iu;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The title block of the first page: the largest type near its top is the title (clearly larger
 * than the body); the short lines set with it down to where the text proper starts (a full-width
 * body line, a first heading such as "1 Introduction" or "Abstract") are its subtitle, authors,
 * course, institution and date. A title page with nothing else on it is all title block. Under a
 * title set flush left, a line starting where the title starts in smaller type is the text proper
 * ("Instructor: ...", "Course description").
 */
export function findTitleBlock(lines: PdfLine[], body: BodyStats): TitleBlock {
  const firstPage = lines.find((l) => !l.region && !l.isMargin)?.page;
  const page = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.page === firstPage && !l.region && !l.isMargin && !l.isNote);
  if (page.length === 0) return { title: [], block: [] };
  const maxSize = Math.max(...page.map(({ l }) => l.size));
  if (maxSize < body.size * 1.3) return centredTitle(page, body);
  const start = page.findIndex(({ l }) => Math.abs(l.size - maxSize) < 0.3 && /\p{L}{2}/u.test(l.text));
  // The title stands near the top: a large formula or figure label lower down is not one.
  if (start < 0 || start > 5 || words(page[start].l.text) > 25) return { title: [], block: [] };
  // The width of the text block: the most common column width of the document's lines.
  const widths = new Map<number, number>();
  for (const l of lines)
    widths.set(Math.round(l.columnRight - l.columnLeft), (widths.get(Math.round(l.columnRight - l.columnLeft)) ?? 0) + 1);
  const textWidth = [...widths].sort((a, b) => b[1] - a[1])[0][0];
  const title = [page[start].i];
  let k = start + 1;
  while (k < page.length && title.length < 3) {
    const prev = page[k - 1].l;
    const l = page[k].l;
    if (Math.abs(l.size - maxSize) >= 0.3 || words(l.text) > 25) break;
    const wide = prev.x1 - prev.x0 > 0.6 * textWidth;
    if (!(openEnd.test(prev.text.trim()) || /^\p{Ll}/u.test(l.text.trim()) || wide)) break;
    title.push(page[k].i);
    k++;
  }
  const block = page.slice(0, start).map(({ i }) => i);
  const head = page[start].l;
  const centre = (l: PdfLine) => (l.x0 + l.x1) / 2;
  // A title set flush left (a handout's, a syllabus's): the lines under it that start where it starts are its text, unless set
  // in the title's own type, however near their centres fall to the title's.
  const flushLeft = (l: PdfLine) => Math.abs(l.x0 - l.columnLeft) < l.size;
  const leftTitle = flushLeft(head);
  for (; k < page.length && block.length < 12; k++) {
    const { l, i } = page[k];
    const text = l.text.trim();
    if (leftTitle && flushLeft(l) && Math.abs(l.x0 - head.x0) < l.size && l.size < maxSize - 0.3) break;
    const centred = Math.abs(centre(l) - centre(head)) < 2 * l.size;
    // Under a centred title, a line set flush left is the text's first heading ("About This Document").
    if (!centred && Math.abs(l.x0 - l.columnLeft) < l.size && Math.abs(l.x0 - head.x0) > 2 * l.size) break;
    // The column's left edge is where most lines start: in a problem set of nested items, the items' indent. The first
    // problem's line starts left of it, at its number ("1. (a) Consider the following ..."), and is text all the same.
    const bodyLine = Math.abs(l.size - body.size) < 0.6 && l.x1 - l.x0 > 0.6 * textWidth && l.x0 - l.columnLeft < 2 * l.size && !centred;
    // A justified line of body text spans the text block, so it is centred too: the text has begun ("This handout contains ...").
    const fullWidth =
      Math.abs(l.size - body.size) < 0.6 &&
      l.x1 - l.x0 > 0.8 * textWidth &&
      Math.abs(l.x0 - l.columnLeft) < 2 * l.size &&
      words(text) >= 10;
    // Author lists and affiliations are centred under the title and may be long; other long lines are text.
    // A name with its initial centred under the title ("A. Scribe", "J. R. Smith") is an author, not a lettered heading "A. ...".
    const author = centred && words(text) <= 4 && /^(?:\p{Lu}\.\s*)+\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)*$/u.test(text);
    // A date written day first ("12 March 2025", "3. Mai 2024") is the title block's date, not a numbered heading "12 March".
    const date = /^\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{Lu}\p{Ll}{2,}\.?,?\s+\d{4}$/u.test(text);
    if (
      bodyLine ||
      fullWidth ||
      (!author && !date && firstHeading.some((r) => r.test(text))) ||
      (!centred && (words(text) > 14 || text.length > 120))
    )
      break;
    block.push(i);
  }
  return { title, block };
}

/**
 * Without larger type on the first page, its first line is the title when it is set apart the way a worksheet's or an
 * exam sheet's title is at body size: centred in the text block, in another face than the text (small capitals, bold),
 * a few words with no sentence's end ("Worksheet 1: Pirates and Probabilities" over "Part 1: Coins").
 */
function centredTitle(page: Array<{ l: PdfLine; i: number }>, body: BodyStats): TitleBlock {
  const none = { title: [], block: [] };
  const first = page[0];
  if (!first || page.length < 2) return none;
  const { l } = first;
  const text = l.text.trim();
  const middle = (l.columnLeft + l.columnRight) / 2;
  const centred = Math.abs((l.x0 + l.x1) / 2 - middle) < 1.5 * l.size && l.x0 > l.columnLeft + 3 * l.size;
  const ownFace = l.font !== body.font || l.bold === true;
  const n = words(text);
  if (!centred || !ownFace || n < 2 || n > 14 || !/\p{L}{2}/u.test(text) || /[.,;:]$/.test(text) || firstHeading[1].test(text)) return none;
  return { title: [first.i], block: [] };
}
