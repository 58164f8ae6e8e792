import type { BodyStats } from './pdf-stats';
import type { PdfLine, PdfOutlineEntry } from './pdf-types';

const numbered = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,3})\.?\s+(\p{Lu}.*)$/u;
const allCaps = /^[\p{Lu}][\p{Lu}\d\s:,&'’-]{3,60}$/u;

export const bibliographyHeading =
  /^(?:(?:\d{1,2}|[A-Z]|[IVX]{1,4})\.?\s+)?(references|bibliography|works cited|literature cited|references and notes|cited literature|sources)\s*:?$/i;

function fold(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Level a heading gets from its numbering: "3" -> 2, "3.1" -> 3 (level 1 is the document title). */
export function numberingLevel(text: string): number | undefined {
  const m = numbered.exec(text);
  if (!m) return undefined;
  return Math.min(6, m[1].split('.').length + 1);
}

export interface HeadingDecision {
  level: number;
  isTitle: boolean;
  /** A line repeating a heading already read (a running head) or a bare "Chapter 3" label over the real title: dropped. */
  drop?: boolean;
}

/** The text folded without page numbers at either end: "142 Vector Calculus" and "5.1 Gradients 143" compare by their words. */
function foldLoose(text: string): string {
  return fold(text.replace(/^\s*\d{1,4}\s+(?=\D)/, '').replace(/\s+\d{1,4}\s*$/, ''));
}

const chapterLabel = /^(chapter|part|appendix|lecture|unit)\s+([\dIVXLC]{1,5}|[A-Z])\.?$/i;

/**
 * Decides which lines are headings: the document outline when there is one,
 * else larger-than-body type, and at body size only numbered or all-caps
 * short lines set in a different font (bold). Levels: 1 for the title on
 * page 1, then numbering depth, then rank of font size.
 */
export function detectHeadings(lines: PdfLine[], body: BodyStats, outline: PdfOutlineEntry[]): Map<number, HeadingDecision> {
  const out = new Map<number, HeadingDecision>();
  // The outline is read in order: each entry names one heading, the first line after the previous
  // entry's heading that carries its words; a later line with the same words is a running head.
  const entries = outline.map((e) => ({ key: fold(e.title), loose: foldLoose(e.title), depth: e.depth })).filter((e) => e.key.length >= 3);
  let nextEntry = 0;
  const matched = new Set<string>();
  const matchOutline = (text: string, size = body.size): { depth: number } | 'repeat' | undefined => {
    const key = fold(text);
    const loose = foldLoose(text);
    // Bookmarks often leave out the section number the page sets ("Glycolysis" for "1.1 Glycolysis"): a dotted
    // number always goes, a bare "1" only on a line larger than the body (a running head "12 Title" is not).
    const numberless = fold(
      text.replace(size > body.size + 0.5 ? /^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+(?=\D)/ : /^\s*\d{1,2}(?:\.\d{1,2})+\.?\s+(?=\D)/, ''),
    );
    // A line ending in a page number ("1 Introduction 5") is a table-of-contents entry or a running head, never the heading.
    const endsInNumber = /\s\d{1,4}\s*$/.test(text) && !/\s\d{1,4}\s*$/.test(outlineTitleOf(key));
    for (let k = nextEntry; k < Math.min(entries.length, nextEntry + 8) && !endsInNumber; k++) {
      const sameWords = entries[k].loose === loose && loose.length >= 3 && !/^\s*\d{1,4}\s+\D/.test(text);
      if (entries[k].key === key || sameWords || (numberless !== key && entries[k].key === numberless && !/^\d/.test(entries[k].key))) {
        nextEntry = k + 1;
        matched.add(entries[k].loose);
        return { depth: entries[k].depth };
      }
    }
    if (matched.has(loose)) return 'repeat';
    return undefined;
  };
  const titles = new Map(outline.map((e) => [fold(e.title), e.title]));
  function outlineTitleOf(key: string): string {
    return titles.get(key) ?? '';
  }
  // With bookmarks, the document's headings are exactly them (and the title): large type elsewhere is a
  // formula, a figure label or a title-page line, not a heading.
  const outlineOnly = entries.length >= 3;
  // Table-of-contents pages list the bookmarks' titles line after line: nothing on them is a heading.
  const tocPages = new Set<number>();
  if (entries.length >= 3) {
    const looseKeys = new Set(entries.map((e) => e.loose));
    const perPage = new Map<number, { lines: number; hits: number }>();
    for (const l of lines) {
      const c = perPage.get(l.page) ?? { lines: 0, hits: 0 };
      c.lines++;
      if (looseKeys.has(foldLoose(l.text.replace(/[.\s·…]{3,}\d{1,4}\s*$/, '')))) c.hits++;
      perPage.set(l.page, c);
    }
    for (const [page, c] of perPage) if (c.hits >= 4 && c.hits >= c.lines * 0.3) tocPages.add(page);
  }
  // The number of the last heading read from the bookmarks ("5.1"), so deeper numbered headings below it ("5.1.2") are kept too.
  let lastNumbered: { number: string; level: number } | undefined;

  const titleIndexes = findTitle(lines, body);
  // A title line that is the first bookmark is that bookmark's heading ("1 Energy in Cells" of a chapter file).
  const firstBookmark =
    titleIndexes.length && entries.length
      ? matchOutline(titleIndexes.map((i) => lines[i].text.trim()).join(' '), lines[titleIndexes[0]].size)
      : undefined;
  for (const [n, i] of titleIndexes.entries()) {
    if (firstBookmark && firstBookmark !== 'repeat') out.set(i, { level: Math.min(6, firstBookmark.depth + 2), isTitle: n === 0 });
    else out.set(i, { level: 1, isTitle: true });
  }

  const sizeCandidates: number[] = [];
  const threshold = body.size + Math.max(0.9, body.size * 0.1);
  lines.forEach((line, i) => {
    if (out.has(i) || line.region || line.isMargin) return;
    const text = line.text.trim();
    const words = wordCount(text);
    if (!/\p{L}{3}/u.test(text) || words > 20 || text.length > 160) return;
    if (tocPages.has(line.page)) return;
    let fromOutline = entries.length ? matchOutline(text, line.size) : undefined;
    // A long title set over two lines ("Implementation of Symmetric (Secret Key)" / "Cryptography").
    const next = lines[i + 1];
    if (
      fromOutline === undefined &&
      entries.length &&
      next &&
      next.page === line.page &&
      Math.abs(next.size - line.size) < 0.5 &&
      wordCount(next.text) <= 8
    ) {
      fromOutline = matchOutline(`${text} ${next.text.trim()}`, line.size);
      if (fromOutline && fromOutline !== 'repeat') out.set(i + 1, { level: Math.min(6, fromOutline.depth + 2), isTitle: false });
    }
    if (fromOutline === 'repeat') {
      out.set(i, { level: 6, isTitle: false, drop: true });
      return;
    }
    if (fromOutline) {
      out.set(i, { level: Math.min(6, fromOutline.depth + 2), isTitle: false });
      const num = numbered.exec(text)?.[1];
      lastNumbered = num ? { number: num, level: Math.min(6, fromOutline.depth + 2) } : undefined;
      // "Chapter 3" set on its own line just above the chapter's title is a label, not a heading of its own.
      const prev = i - 1;
      if (prev >= 0 && chapterLabel.test(lines[prev].text.trim()) && lines[prev].page === line.page)
        out.set(prev, { level: 6, isTitle: false, drop: true });
      return;
    }
    if (outlineOnly) {
      // Below the bookmarks' deepest level: a numbered heading that extends the last one ("5.1.2" under "5.1").
      const m = numbered.exec(text);
      const differentType = line.font !== body.font || line.size > body.size + 0.4;
      if (m && lastNumbered && m[1].startsWith(`${lastNumbered.number}.`) && differentType && words <= 12 && !/[.:]$/.test(text)) {
        const extra = m[1].split('.').length - lastNumbered.number.split('.').length;
        out.set(i, { level: Math.min(6, lastNumbered.level + extra), isTitle: false });
      }
      return;
    }
    // Author lists ("A, B, C") are set large on title pages but are not headings.
    if (/[,;]$/.test(text) || (text.match(/,/g) ?? []).length >= 2 || /^(figure|fig\.|table)\s*\d/i.test(text)) return;
    const isShort = line.x1 < line.columnRight - 2 * line.size || words <= 6;
    if (line.size >= threshold && !/[.]$/.test(text.replace(/^\d+(\.\d+)*\./, ''))) {
      sizeCandidates.push(i);
      return;
    }
    const differentFont = line.font !== body.font || line.size > body.size + 0.4;
    if (Math.abs(line.size - body.size) <= 0.6 && differentFont && isShort && words <= 12 && !/[.:]$/.test(text)) {
      if (numbered.test(text) || (allCaps.test(text) && words <= 8) || bibliographyHeading.test(text)) {
        out.set(i, { level: numberingLevel(text) ?? 2, isTitle: false });
      }
    }
  });

  // Rank larger sizes: the biggest heading size is level 2, the next 3, ...
  const sizes = [...new Set(sizeCandidates.map((i) => Math.round(lines[i].size * 2) / 2))].sort((a, b) => b - a);
  for (const i of sizeCandidates) {
    const text = lines[i].text.trim();
    const rank = sizes.indexOf(Math.round(lines[i].size * 2) / 2);
    out.set(i, { level: numberingLevel(text) ?? Math.min(6, rank + 2), isTitle: false });
  }
  return out;
}

/** The largest text in the top half of page 1, when clearly larger than the body. */
function findTitle(lines: PdfLine[], body: BodyStats): number[] {
  const first = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.page === lines[0]?.page && !l.region && !l.isMargin);
  if (first.length === 0) return [];
  const maxSize = Math.max(...first.map(({ l }) => l.size));
  if (maxSize < body.size * 1.3) return [];
  const top = first.filter(({ l }) => Math.abs(l.size - maxSize) < 0.3 && /\p{L}{2}/u.test(l.text));
  // Only consecutive lines of the title size, at most three.
  const picked: number[] = [];
  for (const { l, i } of top) {
    if (picked.length && i !== picked[picked.length - 1] + 1) break;
    if (picked.length >= 3 || wordCount(l.text) > 25) break;
    picked.push(i);
  }
  return picked;
}
