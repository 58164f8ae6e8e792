import { rendersDisplay } from './pdf-aligned-display';
import { bigOperator } from './pdf-lines';
import { latexToText, toLatex } from './pdf-math';
import type { PdfLine } from './pdf-types';
import { escapeText, wordsLatex } from './pdf-word-displays';

/**
 * A display that opens with words (`\[ \text{\emph{Proof of }} \lim_{n\to\infty} f(x_n) \neq f(x_0) \]`): its words
 * outweigh its symbols and, under a sans-serif math setup (Beamer's), its letters share the words' italic font, so
 * the display readers take it for prose and it became a short italic line, a heading, with the operator's limit
 * ("n→∞", smaller type on a baseline of its own under "lim") left as a footnote. TeX stacks a limit under its
 * operator only in a display (in running text the limit stands beside it, as a subscript), so a line whose operator
 * has a limit centred under it is a display: read as one `equation` region, its words in `\text{}`, the operator with
 * its limit as `\lim_{...}`. Displays of mathematics alone are left to pdf-equations, which runs before.
 */

const plain = (l: PdfLine) => !l.region && !l.isMargin && !l.isNote && !l.algorithm && !l.columnItem && !l.answer && !l.mono;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A limit: short, no word of three letters (a note or a line of prose under the operator is none). */
const limitText = (text: string) => text.trim().length > 0 && text.trim().length <= 12 && !/\p{L}{3,}/u.test(text);

/** The limit under one of the line's operators: smaller type, within about an em below, its centre over the operator. */
function limitUnder(line: PdfLine, lines: PdfLine[]): { limit: PdfLine; op: number } | undefined {
  if (!line.bigOps || !plain(line)) return undefined;
  // A display stands set in from both edges of its column; a line of prose with a \displaystyle sum in it runs edge to edge.
  if (line.x0 < line.columnLeft + 2 * line.size || line.x1 > line.columnRight - 2 * line.size) return undefined;
  for (const limit of lines) {
    if (limit === line || !plain(limit) || limit.page !== line.page || limit.column !== line.column) continue;
    const drop = line.y - limit.y;
    if (limit.size >= 0.85 * line.size || drop < 0.3 * line.size || drop > 1.2 * line.size || !limitText(limit.text)) continue;
    const centre = (limit.x0 + limit.x1) / 2;
    const op = line.bigOps.findIndex((o) => centre >= o.x0 - 0.3 * line.size && centre <= o.x1 + 0.3 * line.size);
    if (op >= 0) return { limit, op };
  }
  return undefined;
}

/** The line's text with its op-th operator (counted as pdf-lines counts them) carrying the limit as inline math. */
function withLimit(text: string, op: number, limit: string): string | undefined {
  // Operators inside inline math are not the line's runs: the count must match the places or nothing is read.
  const outside = text.replace(/\\\(.*?\\\)/g, (m) => ' '.repeat(m.length));
  const found = [...outside.matchAll(bigOperator)];
  const m = found[op];
  if (!m || m.index === undefined) return undefined;
  const name = /^[a-z]+$/.test(m[0]) ? `\\${m[0]}` : toLatex(m[0]);
  return `${text.slice(0, m.index)}\\(${name}_{${toLatex(limit)}}\\)${text.slice(m.index + m[0].length)}`;
}

/** The displays of one page's reading-ordered lines whose operator carries a limit under it; each becomes one `equation` line. */
export function findLimitDisplays(lines: PdfLine[]): PdfLine[] {
  const taken = new Set<PdfLine>();
  const made = new Map<PdfLine, PdfLine>();
  for (const line of lines) {
    if (taken.has(line)) continue;
    const found = limitUnder(line, lines);
    if (!found || taken.has(found.limit)) continue;
    const text = withLimit(line.text, found.op, found.limit.text.trim());
    if (!text) continue;
    // Words keep the space TeX sets after them before the formula goes on ("Proof of lim", not "Proof oflim").
    let latex = wordsLatex(text).replace(/\\text\{([^{}]*)\}(?=\s*[\\\p{L}\d(])/gu, '\\text{$1 }');
    // Words the display sets in italic (\text{\emph{...}}) keep their face.
    const italic = [...(line.faces ?? []).filter((f) => f.face === 'italic'), ...(line.lead?.face === 'italic' ? [line.lead] : [])];
    for (const face of italic)
      latex = latex.replace(new RegExp(`\\\\text\\{(${escapeRegExp(escapeText(face.text.trim()))} ?)\\}`), '\\text{\\textit{$1}}');
    if (!rendersDisplay(latex)) continue;
    const { limit } = found;
    const size = line.size;
    const x0 = Math.min(line.x0, limit.x0) - 0.4 * size;
    const x1 = Math.max(line.x1, limit.x1) + 0.4 * size;
    const region = {
      kind: 'equation' as const,
      page: line.page,
      x0,
      x1,
      y0: limit.y - 0.3 * size,
      y1: line.y + 0.85 * size,
      y: line.y,
      text: text.replace(/\\\((.*?)\\\)/g, (_, math: string) => latexToText(math).replace(/\\([a-z]+)/g, '$1')).replace(/\s+/g, ' '),
      latex,
    };
    taken.add(line).add(limit);
    made.set(line, { ...line, x0, x1, text: '', math: 1, cells: undefined, faces: undefined, lead: undefined, region });
  }
  if (!made.size) return lines;
  return lines.filter((l) => !taken.has(l) || made.has(l)).map((l) => made.get(l) ?? l);
}
