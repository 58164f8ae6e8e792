import { joinLatex } from '../latex-join';
import { rendersDisplay } from './pdf-aligned-display';
import { latexToText, toLatex } from './pdf-math';
import type { PdfLine, PdfMark, PdfRegion } from './pdf-types';

/**
 * Display formulas written in words in the text's own type ("Probability of a particular result = Number of ways the
 * result can happen / Number of possible results that can happen.", "Expected value = 1 × 1/6 + 2 × 1/6 + ... = 3.5."):
 * a fraction bar drawn among the lines with one line centred over it and one under it, and the row it stands in (the
 * words and symbols on the baseline just under the bar's axis, before, between and after the fractions). Read as one
 * LaTeX display, the words in `\text{}`, each bar a `\frac`, instead of a paragraph per line or a table of three rows.
 * Displays of mathematics in math fonts are left to pdf-equations.
 */

/** Words of three letters or more: a display of words has at least one. */
const hasWord = (text: string) => /\p{L}{3,}/u.test(text);

/** Function names set upright in formulas: a display holding one is mathematics. */
const functionName = /^(?:sin|cos|tan|exp|log|ln|lim|max|min|sup|inf|det|gcd|mod|arg|var|cov)$/i;

/**
 * A piece written in words: words, digits, punctuation and the arithmetic of a worksheet (= + − × · / < > ≤ ≥ ≈), every
 * letter in a run of words ("Number of ways the result can happen", "value of A"). A letter standing alone ("t − 1"),
 * a function name ("exp", "gcd"), a script, another symbol (∂, ⌊, √) or an equation number make it mathematics.
 */
export function inWords(text: string): boolean {
  const t = text.trim();
  if (/\\\(/.test(t) || !/^[\p{L}\d\s.,;:'’()%=+\-−×·/<>≤≥≈!?]*$/u.test(t) || /^\(\d+(?:\.\d+)*[a-z]?\)$/.test(t)) return false;
  for (const m of t.matchAll(/\p{L}+(?:[ '’-]+\p{L}+)*/gu)) if (!/\p{L}{2,}/u.test(m[0]) || functionName.test(m[0])) return false;
  return true;
}

/** Characters `\text{}` must escape. */
const textEscapes: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '#': '\\#',
  $: '\\$',
  '%': '\\%',
  '&': '\\&',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};
/** Words set inside `\text{}`, its special characters escaped. */
export const escapeText = (text: string) => text.replace(/[\\#$%&_{}~^]/g, (c) => textEscapes[c]);

/**
 * A piece of a display as LaTeX: runs of words ("Number of ways the result can happen", "Expected value of A") in
 * `\text{}`, the rest (digits, operators, relations, inline formulas the line carries as `\(...\)`) as mathematics.
 * A single letter standing alone is a variable; beside a word it is the words' ("value of A").
 */
export function wordsLatex(text: string): string {
  let latex = '';
  for (const [k, part] of text
    .trim()
    .split(/\\\((.*?)\\\)/)
    .entries()) {
    if (k % 2 === 1) {
      latex = joinLatex(latex, part);
      continue;
    }
    let at = 0;
    for (const m of part.matchAll(/\p{L}+(?:[ '’-]+\p{L}+)*/gu)) {
      const run = m[0];
      const before = part.slice(at, m.index);
      if (before.trim()) latex = joinLatex(latex, toLatex(before.trim()));
      latex = joinLatex(latex, /\p{L}{2,}/u.test(run) ? `\\text{${escapeText(run)}}` : toLatex(run));
      at = m.index + run.length;
    }
    const rest = part.slice(at).trim();
    if (rest) latex = joinLatex(latex, toLatex(rest));
  }
  return latex.replace(/\s+/g, ' ').trim();
}

interface Fraction {
  bar: PdfMark;
  axis: number;
  over: PdfLine;
  under: PdfLine;
}

interface Piece {
  x0: number;
  x1: number;
  latex: string;
  text: string;
}

/** A line a display may take: text of the flow (a lone full stop may read as typewriter type: it ends the display). */
const usable = (l: PdfLine) =>
  !l.region && !l.isMargin && !l.isNote && !l.algorithm && !l.columnItem && (!l.mono || /^[.,;:]$/.test(l.text.trim()));

/** A fraction bar: a thin rule at least a third of an em wide, with one line centred over it and one under it. */
function fractionAt(bar: PdfMark, lines: PdfLine[]): Fraction | undefined {
  const axis = (bar.y0 + bar.y1) / 2;
  const centred = (l: PdfLine) => {
    const mid = (l.x0 + l.x1) / 2;
    return mid >= bar.x0 - 1 && mid <= bar.x1 + 1 && l.x1 - l.x0 <= bar.x1 - bar.x0 + l.size;
  };
  const over = lines.filter((l) => centred(l) && l.y > axis && l.y - axis < 1.3 * l.size);
  const under = lines.filter((l) => centred(l) && l.y < axis && axis - l.y < 1.6 * l.size && l.y + 0.7 * l.size < axis);
  if (over.length !== 1 || under.length !== 1) return undefined;
  return { bar, axis, over: over[0], under: under[0] };
}

/** The row's pieces of a line on the fractions' baseline: its cells (runs set apart) where it passes the fractions. */
function rowPieces(line: PdfLine, fractions: Fraction[]): Piece[] | undefined {
  const parts = line.cells?.length ? line.cells : [{ x0: line.x0, x1: line.x1, text: line.text }];
  // A part running across a fraction cannot be placed around it.
  if (parts.some((p) => fractions.some((f) => p.x0 < f.bar.x1 - 1 && p.x1 > f.bar.x0 + 1))) return undefined;
  return parts.map((p) => ({ x0: p.x0, x1: p.x1, latex: wordsLatex(p.text), text: p.text.trim() }));
}

/**
 * One display: the fractions whose bars stand on one axis, with the row's lines beside them. Undefined unless it is set
 * apart from the text (indented, nothing else on its lines' bands), has words, and KaTeX typesets what was read.
 */
function displayOf(seed: Fraction, fractions: Fraction[], lines: PdfLine[]): { lines: PdfLine[]; region: PdfRegion } | undefined {
  const size = seed.over.size;
  const row = fractions.filter((f) => Math.abs(f.axis - seed.axis) < 0.3 * size).sort((a, b) => a.bar.x0 - b.bar.x0);
  const used = new Set(row.flatMap((f) => [f.over, f.under]));
  if (used.size !== 2 * row.length) return undefined;
  // The row's lines: on the baseline just under the axis, reaching to within three ems of the fractions.
  const onRow = lines.filter((l) => !used.has(l) && seed.axis - l.y > 0 && seed.axis - l.y < 0.6 * l.size);
  let [left, right] = [row[0].bar.x0, row[row.length - 1].bar.x1];
  const rowLines: PdfLine[] = [];
  for (let grown = true; grown;) {
    grown = false;
    for (const l of onRow)
      if (!rowLines.includes(l) && l.x1 >= left - 3 * size && l.x0 <= right + 3 * size) {
        rowLines.push(l);
        [left, right] = [Math.min(left, l.x0), Math.max(right, l.x1)];
        grown = true;
      }
  }
  const all = [...used, ...rowLines];
  if (!all.every(usable) || new Set(all.map((l) => `${l.page}:${l.column}`)).size !== 1) return undefined;
  const first = all[0];
  // Set apart: indented from the column's left edge, and no other line on the display's bands beside it.
  if (left < first.columnLeft + size) return undefined;
  const top = Math.max(...all.map((l) => l.y + 0.85 * l.size));
  const bottom = Math.min(...all.map((l) => l.y - 0.3 * l.size));
  if (lines.some((l) => !all.includes(l) && l.y < top && l.y > bottom && l.x1 > left - size && l.x0 < right + size)) return undefined;
  // Written in words: a display of mathematics is pdf-equations'.
  if (!all.some((l) => hasWord(l.text)) || !all.every((l) => inWords(l.text))) return undefined;
  const pieces: Piece[] = [];
  for (const l of rowLines) {
    const p = rowPieces(l, row);
    if (!p) return undefined;
    pieces.push(...p);
  }
  for (const f of row)
    pieces.push({
      x0: f.bar.x0,
      x1: f.bar.x1,
      latex: `\\frac{${wordsLatex(f.over.text)}}{${wordsLatex(f.under.text)}}`,
      text: `${f.over.text.trim()} / ${f.under.text.trim()}`,
    });
  pieces.sort((a, b) => a.x0 - b.x0);
  const latex = pieces.reduce((out, p) => joinLatex(out, p.latex), '').trim();
  if (!rendersDisplay(latex)) return undefined;
  return {
    lines: all,
    region: {
      kind: 'equation',
      page: first.page,
      x0: left - 0.4 * size,
      x1: right + 0.4 * size,
      y0: bottom,
      y1: top,
      text: latexToText(pieces.map((p) => p.text).join(' ')).replace(/\s+([.,;])/g, '$1'),
      latex,
    },
  };
}

/**
 * Finds the displays written in words on one page's reading-ordered lines; each becomes one line holding an `equation`
 * region with its LaTeX, where the display's first line was.
 */
export function findWordDisplays(lines: PdfLine[], marks: PdfMark[] = []): PdfLine[] {
  const bars = marks.filter((m) => m.kind === 'path' && m.y1 - m.y0 <= 1 && m.x1 - m.x0 >= 3);
  if (bars.length === 0) return lines;
  // A rule that meets another at its ends is a table's, not a fraction bar.
  const ruleEnds = marks.filter((m) => m.kind === 'path' && m.x1 - m.x0 <= 1 && m.y1 - m.y0 >= 3);
  const free = bars.filter(
    (b) => !ruleEnds.some((v) => (Math.abs(v.x0 - b.x0) < 1.5 || Math.abs(v.x1 - b.x1) < 1.5) && v.y0 <= b.y0 + 1.5 && v.y1 >= b.y1 - 1.5),
  );
  const candidates = lines.filter(usable);
  const fractions = free.flatMap((bar) => fractionAt(bar, candidates) ?? []);
  if (fractions.length === 0) return lines;
  const taken = new Map<PdfLine, PdfRegion | null>();
  for (const f of fractions) {
    if (taken.has(f.over)) continue;
    const display = displayOf(f, fractions, candidates);
    if (!display || display.lines.some((l) => taken.has(l))) continue;
    // The display stands where its first line in reading order was; its other lines are read no more.
    const firstAt = Math.min(...display.lines.map((l) => lines.indexOf(l)));
    for (const l of display.lines) taken.set(l, lines[firstAt] === l ? display.region : null);
  }
  if (taken.size === 0) return lines;
  return lines.flatMap((l) => {
    if (!taken.has(l)) return [l];
    const region = taken.get(l);
    return region ? [{ ...l, x0: region.x0, x1: region.x1, y: region.y1, text: '', math: 1, cells: undefined, region }] : [];
  });
}
