/**
 * Lines of a display that hold words (pdf-equations.ts reads a display from its lines of mathematics): a row of a cases
 * brace or an aligned group set in words, the words over an arrow, a comment after a row on its baseline, a centred
 * display line that names what it states. Read as prose they cut the display in two and leave the sentence before it
 * hanging; the reverse holds for a labelled run-in ("Remarque:", "Preuve:") at the text's left edge, which opens a
 * paragraph however much mathematics follows it. `words` is the line's count of running-text words (pdf-equations).
 */
import type { PdfLine } from './pdf-types';

/** A relation or an arrow between the parts of a formula. */
const relation = /[=≠<>≤≥⩽⩾≈≡∼≃∝∈∉⊂⊆⊃⊇→↦⟶⟼⟹⟺⇒⇔⇝]/u;

/** At the text's left edge or a paragraph's indent, where a sentence starts (a display is centred or set in further). */
export const atTextEdge = (l: PdfLine) => l.x0 - l.columnLeft < 1.8 * l.size;

/**
 * Words in small type over or under a display's symbol ("gauge fix" over an arrow, "pair" over z^n, a brace's label):
 * within the display's width and about a line of one of its rows, at most three words.
 */
export function isSmallLabel(l: PdfLine, rows: PdfLine[], words: number): boolean {
  if (rows.length === 0 || words === 0 || words > 3 || l.text.length > 30) return false;
  const main = Math.max(...rows.map((r) => r.size));
  if (l.size > 0.85 * main || atTextEdge(l)) return false;
  const left = Math.min(...rows.map((r) => r.x0));
  const right = Math.max(...rows.map((r) => r.x1));
  return l.x0 >= left - main && l.x1 <= right + main && rows.some((r) => r.size > 0.85 * main && Math.abs(r.y - l.y) < 1.3 * main);
}

/**
 * Words set after a row of the display on its own baseline ("x ∈ X   pour un certain S : X → ℝ"): the row's. The row is a
 * formula in the text's size with a relation, not a mark in the margin (a listing's "↪" before its wrapped line).
 */
export function goesOnRow(l: PdfLine, rows: PdfLine[], words: number): boolean {
  return (
    words <= 8 &&
    !atTextEdge(l) &&
    rows.some((r) => Math.abs(r.y - l.y) < 0.3 * l.size && l.x0 >= r.x1 - 0.5 && r.size > 0.85 * l.size && relation.test(r.text))
  );
}

/**
 * A row of the display set in words, under rows of it, set in from both edges: aligned with one of its rows (a column of
 * a cases brace or an array: "Y⌟ω invariante par l'action de g" under "d(Y⌟ω) = 0"), or holding a relation with a row
 * of mathematics right after it ("Or W(J) = [...calcul peu passionnant...]" between the rows of an align*).
 */
export function isWordedRow(
  l: PdfLine,
  rows: PdfLine[],
  words: number,
  lineGap: number,
  next: PdfLine | undefined,
  nextIsMath: boolean,
): boolean {
  const last = rows[rows.length - 1];
  if (!last || words > 8 || l.x0 - l.columnLeft < 3 * l.size || l.x1 > l.columnRight - 2 * l.size || last.y - l.y > 1.6 * lineGap)
    return false;
  const main = Math.max(...rows.map((r) => r.size));
  if (rows.some((r) => r.size > 0.85 * main && r.text.length >= 3 && r.y > l.y && Math.abs(r.x0 - l.x0) < 0.5 * l.size)) return true;
  return (
    relation.test(l.text) &&
    nextIsMath &&
    !!next &&
    next.page === l.page &&
    next.column === l.column &&
    l.y - next.y > 0 &&
    l.y - next.y <= 1.6 * lineGap
  );
}

/**
 * A display line that holds a few words ("0 = [π, π] ∈ Γ(M, Λ³TM)   crochet de Schouten − Nijenhuis", "dim{orbites
 * dans ...} = 2n"): centred in the column (or in a list item's measure), set in from both edges, not bold, with a
 * relation and a good share of mathematics.
 */
export function isWordedDisplay(l: PdfLine, words: number): boolean {
  if (words === 0 || words > 6 || l.bold || (l.math ?? 0) < 0.2) return false;
  const left = l.x0 - l.columnLeft;
  const right = l.columnRight - l.x1;
  return left >= 1.5 * l.size && right >= 1.5 * l.size && Math.abs(left - right) < 3 * l.size && relation.test(l.text);
}

/**
 * A paragraph's last line at the text's left edge, right under a full line of it that ends mid-sentence, is the paragraph's
 * however much mathematics it holds ("Soit (M, π) une variété de Poisson, avec en coordonnées" / "π = ½π^{ij}∂_i ∧ ∂_j:"):
 * a display is centred or set in.
 */
export function endsParagraphAbove(l: PdfLine, above: PdfLine | undefined, aboveWords: number, lineGap: number): boolean {
  return (
    !!above &&
    !above.region &&
    !above.isMargin &&
    above.page === l.page &&
    above.column === l.column &&
    aboveWords >= 2 &&
    l.x0 - l.columnLeft < 0.5 * l.size &&
    above.x0 - above.columnLeft < 2 * above.size &&
    above.x1 >= above.columnRight - 2 * above.size &&
    above.y - l.y > 0 &&
    above.y - l.y <= 1.3 * lineGap &&
    !/[.:;!?]["”’)]?$/.test(above.text.trim())
  );
}
