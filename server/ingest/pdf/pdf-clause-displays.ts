import { alignedDisplay } from './pdf-aligned-display';
import type { PdfLine, PdfRegion } from './pdf-types';
import { escapeText } from './pdf-word-displays';

/**
 * Aligned displays whose rows are a symbol and a clause in words ("X_t : Nombre d'années de scolarité de l'actuaire t",
 * "H_0 : Un modèle réduit, noté M_0, qui est un sous-modèle de M_1," over "le modèle complet, est statistiquement
 * acceptable."), as `align*` sets `X_t &: \text{...}`: read as one LaTeX display, the words in `\text{}`, instead of a
 * paragraph per row that ends without its stop. The rows start with a formula and a relation (":" or "="), are indented
 * from the column's edge or set wider apart than the text's lines, and the display stands apart from the text by more
 * than a line's space above and below; a row going on under the clause (starting right of the rows' symbols) is the
 * clause's.
 */

/** A row: an inline formula, then ":" or "=", then words. */
const rowPattern = /^\\\((.+?)\\\)\s*([:=])\s+(.*\p{L}{3,}.*)$/u;

/**
 * A clause as LaTeX: its words (spaces and punctuation kept) in `\text{}`, its inline formulas as mathematics; a letter
 * standing alone after the last word ("de l'actuaire t") is a variable set after the text, as the source sets it.
 */
export function clauseLatex(text: string): string {
  const parts = text.trim().split(/\\\((.*?)\\\)/);
  return parts
    .map((part, k) => {
      if (k % 2 === 1) return part;
      if (!part) return '';
      const variable = k === parts.length - 1 ? /^(.*\p{L}{2,}.*\s)(\p{L})$/u.exec(part) : null;
      return variable ? `\\text{${escapeText(variable[1])}}${variable[2]}` : `\\text{${escapeText(part)}}`;
    })
    .join('');
}

const plain = (l: PdfLine) => !l.region && !l.isMargin && !l.isNote && !l.algorithm && !l.columnItem && !l.answer;
const indented = (l: PdfLine) => l.x0 >= l.columnLeft + l.size && l.x0 < (l.columnLeft + l.columnRight) / 2;
const isRow = (l: PdfLine) => plain(l) && l.x0 < (l.columnLeft + l.columnRight) / 2 && rowPattern.test(l.text);
/** Rows set wider apart than the text's lines (the display's row spacing): a display whose rows fill the column's width. */
const spread = (run: PdfLine[], lineGap: number) => run.every((l, i) => i === 0 || run[i - 1].y - l.y >= 1.1 * lineGap);

/** The display's lines from `start` (a row): further rows starting with it, and clauses going on under a row. */
function runFrom(lines: PdfLine[], start: number, lineGap: number): PdfLine[] {
  const first = lines[start];
  const run = [first];
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i];
    const prev = run[run.length - 1];
    if (l.page !== first.page || l.column !== first.column || prev.y - l.y > 1.6 * lineGap || prev.y - l.y < 0.5 * l.size) break;
    if (isRow(l) && Math.abs(l.x0 - first.x0) <= first.size) run.push(l);
    else if (plain(l) && indented(l) && l.x0 > first.x0 + first.size / 2 && !rowPattern.test(l.text)) run.push(l);
    else break;
  }
  while (run.length && !isRow(run[run.length - 1])) run.pop();
  return run;
}

/** Whether the line stands more than a line and a half's space from `other` (or there is no such line on the page). */
const apart = (line: PdfLine, other: PdfLine | undefined, lineGap: number) =>
  !other || other.page !== line.page || Math.abs(other.y - line.y) >= 1.5 * lineGap;

function displayOf(run: PdfLine[]): PdfRegion | undefined {
  const rows = run.map((l) => {
    const m = rowPattern.exec(l.text);
    return m ? `${m[1]} &${m[2]} ${clauseLatex(m[3])}` : `& ${clauseLatex(l.text)}`;
  });
  return alignedDisplay(run, rows);
}

/**
 * Finds the aligned displays of clauses on one page's reading-ordered lines; each becomes one line holding an
 * `equation` region with its LaTeX, where the display's first row was. Two rows at least: one indented line starting
 * with a formula is as likely a paragraph's first line.
 */
export function findClauseDisplays(lines: PdfLine[], lineGap: number): PdfLine[] {
  const out: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (isRow(l)) {
      const run = runFrom(lines, i, lineGap);
      const last = run[run.length - 1];
      const region =
        run.filter(isRow).length >= 2 &&
        (run.every(indented) || spread(run, lineGap)) &&
        apart(l, lines[i - 1], lineGap) &&
        apart(last, lines[i + run.length], lineGap)
          ? displayOf(run)
          : undefined;
      if (region) {
        out.push({ ...l, x0: region.x0, x1: region.x1, y: region.y1, text: '', math: 1, cells: undefined, region });
        i += run.length - 1;
        continue;
      }
    }
    out.push(l);
  }
  return out;
}

/**
 * Words set under a display's braces ("Log vraisemblance / sous un modèle parfait" under `\underbrace`, "Différence entre
 * le nombre / de paramètres entre M_0 et M_1"): short lines right under a display kept as a picture (no LaTeX read from
 * its glyphs), indented, each centred within the display's width, none ending a sentence or a clause, and the text after
 * them starting at the column's edge or set apart. They are the display's: its picture is drawn down to them and its
 * alt text ends with them.
 */
export function takeDisplayLabels(lines: PdfLine[], lineGap: number): PdfLine[] {
  const out: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    out.push(l);
    const region = l.region;
    if (region?.kind !== 'equation' || region.latex || region.label) continue;
    const labels: PdfLine[] = [];
    let bottom = region.y0;
    for (let j = i + 1; j < lines.length; j++) {
      const n = lines[j];
      const centre = (n.x0 + n.x1) / 2;
      if (
        n.page !== l.page ||
        !plain(n) ||
        n.size > l.size + 0.5 ||
        !indented(n) ||
        centre < region.x0 ||
        centre > region.x1 ||
        bottom - n.y > 1.6 * lineGap ||
        n.x1 - n.x0 > (n.columnRight - n.columnLeft) / 2 ||
        /[.!?;:,]$/.test(n.text.trim()) ||
        rowPattern.test(n.text)
      )
        break;
      labels.push(n);
      bottom = Math.min(bottom, n.y - 0.3 * n.size);
    }
    if (!labels.length) continue;
    const after = lines[i + 1 + labels.length];
    const last = labels[labels.length - 1];
    if (after && after.page === l.page && !after.region && after.x0 > after.columnLeft + after.size / 2 && last.y - after.y < 1.5 * lineGap)
      continue;
    const x0 = Math.min(region.x0, ...labels.map((n) => n.x0 - 0.4 * n.size));
    const x1 = Math.max(region.x1, ...labels.map((n) => n.x1 + 0.4 * n.size));
    const text = [region.text, ...labels.map((n) => n.text.replace(/\\\((.*?)\\\)/g, '$1'))].filter(Boolean).join(' ');
    out[out.length - 1] = { ...l, x0, x1, region: { ...region, x0, x1, y0: bottom, text } };
    i += labels.length;
  }
  return out;
}
