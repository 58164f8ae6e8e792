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
}

/**
 * Decides which lines are headings: the document outline when there is one,
 * else larger-than-body type, and at body size only numbered or all-caps
 * short lines set in a different font (bold). Levels: 1 for the title on
 * page 1, then numbering depth, then rank of font size.
 */
export function detectHeadings(lines: PdfLine[], body: BodyStats, outline: PdfOutlineEntry[]): Map<number, HeadingDecision> {
  const out = new Map<number, HeadingDecision>();
  const outlineByText = new Map<string, number>();
  for (const entry of outline) {
    const key = fold(entry.title);
    if (key.length >= 3 && !outlineByText.has(key)) outlineByText.set(key, entry.depth);
  }

  const titleIndexes = findTitle(lines, body);
  for (const i of titleIndexes) out.set(i, { level: 1, isTitle: true });

  const sizeCandidates: number[] = [];
  const threshold = body.size + Math.max(0.9, body.size * 0.1);
  lines.forEach((line, i) => {
    if (out.has(i)) return;
    const text = line.text.trim();
    const words = wordCount(text);
    if (!/\p{L}{2}/u.test(text) || words > 20 || text.length > 160) return;
    const outlineDepth = outlineByText.get(fold(text));
    if (outlineDepth !== undefined) {
      out.set(i, { level: Math.min(6, outlineDepth + 2), isTitle: false });
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
  const first = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.page === lines[0]?.page);
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
