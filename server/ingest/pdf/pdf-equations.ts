import { readsAsCode } from './pdf-code-lines';
import { equationLatex } from './pdf-equation-latex';
import { fractionDisplayLatex } from './pdf-display-fractions';
import { braceDisplayLatex } from './pdf-display-braces';
import { bigOperator } from './pdf-lines';
import { latexToText } from './pdf-math';
import { atTextEdge, endsParagraphAbove, goesOnRow, isSmallLabel, isWordedDisplay, isWordedRow } from './pdf-worded-rows';
import type { PdfLine, PdfMark, PdfRegion } from './pdf-types';

/** An equation number standing alone at the column's edge: "(5.4)", "(2.1a)", "(A.3)", "(12)". */
const numberOnly = /^\(\s*(?:[A-Z]\.)?\d+(?:\.\d+)*[a-z]?\s*\)$/;
/** An equation number at the end of the equation's own line. */
const numberAtEnd = /\s+(\(\s*(?:[A-Z]\.)?\d+(?:\.\d+)*[a-z]?\s*\))$/;

/**
 * Words of running text outside inline math: four letters or more, in lower case after an
 * optional capital ("where", "Glycolysis"); "for", "lim", "sin", operator names ("tanh") and
 * acronyms set upright in formulas ("NADH", "ATP") do not count. Not the list of pdf-operator-names.ts: these are words
 * that are no prose, in any case, with names LaTeX has no command for ("softmax", "span"), and a line opening on one
 * of them is read differently; making it that list would change which lines go on with the sentence.
 */
const operatorNames =
  /^(?:sin|cos|tan|exp|log|ln|lim|max|min|sup|inf|det|gcd|mod|arg|sinh|cosh|tanh|coth|arcsin|arccos|arctan|argmax|argmin|softmax|sigmoid|diag|rank|trace|sign|span|sqrt|prox)$/i;

function proseWords(text: string): number {
  const words = text.replace(/\\\(.*?\\\)/g, ' ').match(/\p{Lu}?\p{Ll}{4,}|\p{Lu}\p{Ll}{3}/gu) ?? [];
  // Latin and Greek letters in one run are an operator and its arguments set close ("cosθ", "isinθ", "cosnθ": the thin
  // space TeX puts there is no space in the text layer), never a word of prose in any language.
  return words.filter((w) => !operatorNames.test(w) && !(/\p{Script=Greek}/u.test(w) && /\p{Script=Latin}/u.test(w))).length;
}

/** A line starting with a small word of running text ("at x0 = 0.", "for all x"). */
const sentenceGoesOn = /^\p{Ll}{2,}\s/u;

/**
 * The sentence going on under a display ("mit f^0 := id.", "where x_i = ..."): a line at the column's left edge that opens
 * with a small word of running text, under a display whose lines are all set in from that edge. Its words may be too short
 * to count as prose ("mit", "und", "for"), but a display's row is never set flush left of the display's own lines.
 */
function resumesText(l: PdfLine, rows: PdfLine[]): boolean {
  if (rows.length === 0 || l.x0 - l.columnLeft > 0.5 * l.size || !sentenceGoesOn.test(plain(l.text))) return false;
  if (operatorNames.test(/^\p{Ll}+/u.exec(plain(l.text))![0])) return false;
  return rows.every((r) => r.x0 - r.columnLeft >= 2 * r.size);
}

const isNumberLine = (l: PdfLine) =>
  numberOnly.test(l.text.trim()) && (l.x1 >= l.columnRight - 0.5 * l.size || l.x0 <= l.columnLeft + 0.5 * l.size);

/**
 * A row label of a display: a few words and a colon ahead of the formula ("Product Rule:",
 * "Sum rule:"), alone or starting the formula's line.
 */
const rowLabel = /^\p{Lu}[\p{L}'’-]*(?: [\p{L}'’-]+){0,3}:(?=\s|$)/u;

/** Mostly mathematics; or no words at all and some mathematics (":= lim", "f(1) = 1" set in text digits); a row label does not count. */
const isMathLine = (l: PdfLine) => {
  const label = rowLabel.exec(l.text)?.[0];
  // A labelled run-in at the text's edge ("Remarque: Q_X = ...", "Preuve du théorème: ∀γ ∈ C¹") opens a paragraph.
  if (label && atTextEdge(l)) return false;
  const text = label ? l.text.slice(label.length) : l.text;
  const words = proseWords(text);
  // The label's letters are not mathematics: the share is of the formula after it.
  const math = label ? ((l.math ?? 0) * l.text.length) / Math.max(1, text.length) : (l.math ?? 0);
  return (
    (math >= 0.45 && words <= 3) ||
    (math >= 0.1 && words === 0) ||
    // A formula named by a word set apart on its line ("Rate = k[NO]²[O₂]", its first word in bold): a display.
    (math >= 0.25 && words <= 1 && l.x0 >= l.columnLeft + 2 * l.size && relation.test(plain(text).replace(/\\\(.*?\\\)/g, ' ')))
  );
};

const relation = /[=≡≈∝≤≥]/;

/** The left side of a display's relation set on its own ("Rate =" before a fraction): a piece of the display. */
const isLeftSide = (l: PdfLine) => proseWords(l.text) <= 2 && plain(l.text).length <= 24 && /[=≡≈∝≤≥<>]$/.test(plain(l.text));

/** A few words of a note (a letter first: a program's "// comment" or "}" beside a listing is none), not a sentence. */
const isNoteText = (l: PdfLine) =>
  !l.mono && /^\p{L}/u.test(plain(l.text)) && proseWords(l.text) <= 3 && plain(l.text).length <= 24 && !/[.!?]$/.test(plain(l.text));

/**
 * A note set to the right of a display's row, on its baseline ("Slow", "Fast", "fast equilibrium" beside the steps of a
 * mechanism): the display's, never a heading or a paragraph between its rows.
 */
function isRowNote(l: PdfLine, rows: PdfLine[]): boolean {
  if (rows.length === 0 || !isNoteText(l)) return false;
  // Right of the formulas (another note on an earlier row does not count).
  const formulas = rows.filter((r) => (r.math ?? 0) >= 0.3);
  const right = Math.max(...(formulas.length ? formulas : rows).map((r) => r.x1));
  return l.x0 >= right - 0.5 * l.size && rows.some((r) => Math.abs(r.y - l.y) <= 1.5 * l.size);
}

/**
 * A row of a display that names a distribution or a function in upright type ("y_t ∼ LogNormal(μ, σ²),"): set in
 * from the column's left edge, at most one word, a relation, and mathematics for a third of it. Under a display's
 * row it is the display's next row, never a line of its own (read alone, it was neither prose nor a formula).
 */
const isNamedRow = (l: PdfLine) =>
  l.x0 >= l.columnLeft + l.size &&
  proseWords(l.text) <= 1 &&
  (l.math ?? 0) >= 0.3 &&
  /[=∼≈≤≥<>∈→]/u.test(l.text.replace(/\\\(.*?\\\)/g, ' '));

/** A wordless formula just right of a display's lines, within their height: the end of one of its rows. */
function restOfRow(l: PdfLine, rows: PdfLine[]): boolean {
  if (rows.length === 0 || proseWords(l.text) > 0 || (l.math ?? 0) < 0.9) return false;
  const right = Math.max(...rows.map((r) => r.x1));
  const top = Math.max(...rows.map((r) => r.y));
  const bottom = Math.min(...rows.map((r) => r.y));
  return l.x0 >= right - 0.5 * l.size && l.x0 <= right + 1.5 * l.size && l.y <= top + 0.5 * l.size && l.y >= bottom - 0.5 * l.size;
}

const isPureLabel = (l: PdfLine) => rowLabel.exec(l.text)?.[0].length === l.text.trim().length;

/**
 * A row label standing alone beside its row (its formula, or a fraction's numerator or
 * denominator, within about an em of its baseline among the next lines).
 */
const isLabelBeside = (lines: PdfLine[], j: number) => {
  const l = lines[j];
  if (!isPureLabel(l) || atTextEdge(l)) return false;
  return lines
    .slice(j + 1, j + 4)
    .some(
      (o) =>
        o.page === l.page &&
        o.column === l.column &&
        Math.abs(o.y - l.y) < 1.2 * l.size &&
        o.x0 > l.x1 &&
        (isMathLine(o) || (proseWords(o.text) === 0 && plain(o.text).length <= 12)),
    );
};

/**
 * A wordless line set well in from the column's left edge with a relation or an operator in it
 * ("f(x)w(x)dx, w(x) ≥ 0." in a text font): the body of a display whose integral sign is the math.
 */
const isSetApartFormula = (l: PdfLine) =>
  proseWords(l.text) === 0 && l.x0 >= l.columnLeft + 2 * l.size && /[=<>≤≥≈≠∝∈∑∏∫+−×·]/.test(l.text);

const plain = (text: string) => text.replace(/\\\(|\\\)/g, '').trim();

interface Group {
  lines: PdfLine[];
  /** Equation numbers with their left edge: the picture stops short of them. */
  numbers: Array<{ label: string; y: number; size: number; x0: number; x1: number }>;
}

/** One display equation (or one numbered row of an aligned group) as a region to draw. */
/**
 * The display's extent: its lines' glyph boxes. Its numbers are labels, not part of the picture: one
 * set on a line of its own below a wide formula would be drawn in it ("(5.45)" under the formula).
 */
const topOf = (g: Group) => Math.max(...g.lines.map((l) => l.y + 0.85 * l.size));
const bottomOf = (g: Group) => Math.min(...g.lines.map((l) => l.y - 0.3 * l.size));

/**
 * One display equation (or one numbered row of an aligned group) as a region to draw. Big operators
 * and fraction bars reach past the glyph boxes, so it takes the white space up to `ceiling` and
 * `floor` (the neighbouring lines), at most 0.8 em.
 */
function toRegion(group: Group, ceiling: number, floor: number, marks: PdfMark[]): PdfRegion & { y: number } {
  const math = group.lines;
  const size = Math.max(...math.map((l) => l.size));
  const top = topOf(group);
  const bottom = bottomOf(group);
  const right = Math.max(...math.map((l) => l.x1));
  return {
    kind: 'equation',
    page: math[0].page,
    x0: Math.min(...math.map((l) => l.x0)) - 0.4 * size,
    // The margin on the right stops short of an equation number set close to the formula ("∈ ℝ^{1×n} , (" was drawn).
    x1: Math.min(right + 0.4 * size, ...group.numbers.filter((n) => n.x0 >= right - 0.5).map((n) => n.x0 - 0.15 * size)),
    y0: Math.min(bottom, Math.max(floor, bottom - 0.8 * size)),
    y1: Math.max(top, Math.min(ceiling, top + 0.8 * size)),
    y: top,
    text: altText(math),
    label: group.numbers.map((n) => n.label.replace(/\s+/g, '')).join(', ') || undefined,
    // A number drawn inside the picture (set under a wide formula, or beside a row narrower than the widest) is its label, not its ink.
    masks: group.numbers.length
      ? group.numbers.map((n) => ({ x0: n.x0 - 0.5, y0: n.y - 0.3 * n.size, x1: n.x1 + 0.5, y1: n.y + 0.85 * n.size }))
      : undefined,
    // A formula on one line whose every glyph was read is kept as LaTeX the user can edit, not as a picture.
    // An unnumbered display with fraction bars, every piece read, is LaTeX as well (pdf-display-fractions.ts).
    latex:
      math.length === 1 && math[0].plainMath && !drawnInside(math[0], marks)
        ? equationLatex(math[0].text)
        : group.numbers.length === 0
          ? (fractionDisplayLatex(math, marks) ?? braceDisplayLatex(math))
          : undefined,
  };
}

/**
 * A display's lines as one text, top to bottom, with the limits set above and below a big
 * operator written on it ("n" / "∑ x_{i}" / "i=1" -> "∑_{i=1}^{n} x_{i}"): a limit is a line in
 * smaller type whose centre stands over or under an operator of a nearby line (where the operator
 * was set, PdfLine.bigOps), or just right of an integral sign.
 */
function altText(lines: PdfLine[]): string {
  const main = Math.max(...lines.map((l) => l.size));
  const texts = new Map(lines.map((l) => [l, latexToText(plain(l.text))]));
  const limits = new Map<PdfLine, Array<{ at: number; above: string[]; below: string[] }>>();
  const attached = new Set<PdfLine>();
  for (const limit of lines) {
    const text = texts.get(limit)!;
    if (limit.size >= 0.85 * main || text.length > 12) continue;
    const centre = (limit.x0 + limit.x1) / 2;
    let best: { host: PdfLine; at: number; distance: number } | undefined;
    for (const host of lines) {
      const hostText = texts.get(host)!;
      if (host.size < 0.85 * main || Math.abs(host.y - limit.y) > 1.6 * main || !host.bigOps) continue;
      const found = [...hostText.matchAll(bigOperator)];
      // The text and the places must agree one to one, or nothing is attached.
      if (found.length !== host.bigOps.length) continue;
      found.forEach((m, k) => {
        const op = host.bigOps![k];
        const reach = m[0] === '∫' || m[0] === '∮' ? 0.8 * main : 0.3 * main;
        const distance = centre < op.x0 ? op.x0 - centre : centre > op.x1 ? centre - op.x1 : 0;
        if (distance <= reach && (!best || distance < best.distance)) best = { host, at: m.index + m[0].length, distance };
      });
    }
    if (!best) continue;
    const { host, at } = best;
    const slots = limits.get(host) ?? [];
    let slot = slots.find((s) => s.at === at);
    if (!slot) slots.push((slot = { at, above: [], below: [] }));
    (limit.y > host.y ? slot.above : slot.below).push(text);
    limits.set(host, slots);
    attached.add(limit);
  }
  return [...lines]
    .filter((l) => !attached.has(l))
    .sort((a, b) => b.y - a.y || a.x0 - b.x0)
    .map((l) => {
      let text = texts.get(l)!;
      for (const slot of (limits.get(l) ?? []).sort((a, b) => b.at - a.at)) {
        const scripts = `${slot.below.length ? `_{${slot.below.join(' ')}}` : ''}${slot.above.length ? `^{${slot.above.join(' ')}}` : ''}`;
        text = text.slice(0, slot.at) + scripts + text.slice(slot.at);
      }
      return text;
    })
    .join(' ');
}

/**
 * Whether something is drawn within a line's own box: a fraction bar, an overline or a drawn accent
 * (\bar{s} is a stroke over the "s"), which its text does not show. A shaded box behind the display reaches past it.
 */
function drawnInside(line: PdfLine, marks: PdfMark[]): boolean {
  const [x0, x1, y0, y1] = [line.x0 - 0.2 * line.size, line.x1 + 0.2 * line.size, line.y - 0.4 * line.size, line.y + 1.2 * line.size];
  return marks.some((m) => m.x0 >= x0 && m.x1 <= x1 && m.y0 >= y0 && m.y1 <= y1);
}

/** Splits an aligned group with a number on each row into one equation per numbered row. */
function splitRows(group: Group): Group[] {
  if (group.numbers.length < 2) return [group];
  // Rows of fractions and big operators stand too close to cut apart cleanly: such a group stays one picture.
  const near = (l: PdfLine) => group.numbers.some((n) => Math.abs(n.y - l.y) < 0.3 * n.size);
  if (!group.lines.every(near)) return [group];
  const rows: Group[] = group.numbers.map((n) => ({ lines: [], numbers: [n] }));
  const nearest = (y: number, among: Group[]) =>
    among.reduce((best, r) => (Math.abs(r.numbers[0].y - y) < Math.abs(best.numbers[0].y - y) ? r : best), among[0]);
  for (const line of group.lines) nearest(line.y, rows).lines.push(line);
  const filled = rows.filter((r) => r.lines.length > 0);
  // A number with no line of its own (its row is all in another's baseline band) still names the equation.
  for (const r of rows) if (r.lines.length === 0) nearest(r.numbers[0].y, filled).numbers.push(r.numbers[0]);
  for (const r of filled) r.numbers.sort((a, b) => b.y - a.y);
  return filled;
}

function lineOf(region: PdfRegion & { y: number }, like: PdfLine): PdfLine {
  return { ...like, x0: region.x0, x1: region.x1, y: region.y, text: '', math: 1, region };
}

/**
 * Finds display equations in a page's reading-ordered lines (one column at a time): runs of
 * lines that are mostly mathematics (math fonts, math symbols, few words) set apart from the
 * text, indented or centred or carrying an equation number at the column's edge. Each becomes
 * one line holding an `equation` region (drawn later); the equation's text is its alt text and
 * its number its label, so "(5.4)" is never lost.
 */
export function findEquations(lines: PdfLine[], lineGap: number, marks: PdfMark[] = []): PdfLine[] {
  const out: PdfLine[] = [];
  // A scrap of mathematics on a line of prose's band (an inline fraction's numerator or denominator, a
  // script) belongs to that line: taken into a display beside it, the picture would take the prose in too.
  const prose = lines.filter((l) => !l.region && !l.isMargin && proseWords(l.text) >= 2 && !isWordedDisplay(l, proseWords(l.text)));
  const besideProse = (l: PdfLine) =>
    prose.some(
      (p) => p !== l && p.page === l.page && p.column === l.column && Math.abs(p.y - l.y) < 0.7 * p.size && l.x0 < p.x1 && l.x1 > p.x0,
    );
  // A typewriter line next to a line of a program (a long statement's second line, "(8π * f4 * t4) + .9 * sin.(…)") is
  // the program's.
  const nextToCode = new Set(
    lines.filter(
      (l, k) =>
        l.mono &&
        [lines[k - 1], lines[k + 1]].some(
          (n) =>
            n?.mono &&
            n.page === l.page &&
            Math.abs(n.size - l.size) < 0.3 &&
            Math.abs(n.y - l.y) < 2.5 * l.size &&
            readsAsCode(n.text, true),
        ),
    ),
  );
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    // A line of a program listing ("+ direction = "both")") is no display, however many of its signs are mathematical.
    const usable = (l: PdfLine) =>
      !l.region &&
      !l.isMargin &&
      !l.isNote &&
      !l.algorithm &&
      !l.columnItem &&
      !l.solution &&
      !(l.mono && (readsAsCode(l.text, true) || nextToCode.has(l)));
    const above = out[out.length - 1];
    const opens =
      (isMathLine(line) || isNumberLine(line) || isWordedDisplay(line, proseWords(line.text))) &&
      !endsParagraphAbove(line, above, above ? proseWords(above.text) : 0, lineGap);
    if (!usable(line) || !opens || (proseWords(line.text) === 0 && besideProse(line))) {
      out.push(line);
      i++;
      continue;
    }
    const group: Group = { lines: [], numbers: [] };
    let j = i;
    let last: PdfLine | undefined;
    const besides: PdfLine[] = [];
    while (j < lines.length) {
      const l = lines[j];
      if (l.isMargin && l.page === line.page) {
        besides.push(l);
        j++;
        continue;
      }
      // The rest of a row the column split left beside it ("− bX_t," after a fraction) is the display's.
      if (usable(l) && l.page === line.page && l.column !== line.column && restOfRow(l, group.lines)) {
        group.lines.push(l);
        j++;
        continue;
      }
      if (!usable(l) || l.page !== line.page || l.column !== line.column) break;
      if (last && last.y - l.y > 2.6 * lineGap) break;
      if (resumesText(l, group.lines)) break;
      // Inside an equation, short wordless pieces (a numerator "1", a denominator "2!") belong to it.
      const isPiece =
        (group.lines.length > 0 || group.numbers.length > 0) &&
        proseWords(l.text) === 0 &&
        !besideProse(l) &&
        (plain(l.text).length <= 12 || isSetApartFormula(l));
      const words = proseWords(l.text);
      // A scrap of mathematics on a line of prose's band is that line's, after a display as before it.
      if (group.lines.length > 0 && words === 0 && besideProse(l) && !isNumberLine(l)) break;
      if (isNumberLine(l)) group.numbers.push({ label: l.text.trim(), y: l.y, size: l.size, x0: l.x0, x1: l.x1 });
      else if ((isLabelBeside(lines, j) || isRowNote(l, group.lines) || isLeftSide(l)) && group.lines.length > 0) group.lines.push(l);
      else if (isMathLine(l) || isPiece || (group.lines.length > 0 && isNamedRow(l))) {
        const m = numberAtEnd.exec(l.text);
        if (m && l.x1 >= l.columnRight - 0.5 * l.size) {
          group.numbers.push({ label: m[1], y: l.y, size: l.size, x0: l.x1 - m[1].length * 0.5 * l.size, x1: l.x1 });
          group.lines.push({ ...l, text: l.text.slice(0, m.index), x1: l.x1 - m[1].length * 0.5 * l.size });
        } else group.lines.push(l);
      } else if (
        (group.lines.length > 0 &&
          (goesOnRow(l, group.lines, words) ||
            isSmallLabel(l, group.lines, words) ||
            isWordedRow(l, group.lines, words, lineGap, lines[j + 1], !!lines[j + 1] && isMathLine(lines[j + 1])))) ||
        isWordedDisplay(l, words)
      )
        // A display's lines that hold words (pdf-worded-rows.ts): a row in words, a label over an arrow, a comment.
        group.lines.push(l);
      else break;
      last = l;
      j++;
    }
    const indented = group.lines.some((l) => l.x0 >= l.columnLeft + 1.0 * l.size && l.x1 <= l.columnRight - 1.0 * l.size);
    // Without a number, a scrap of a few characters (the denominator of an inline fraction) is not a display.
    const visible = group.lines.reduce((n, l) => n + plain(l.text).replace(/[\s{}_^]/g, '').length, 0);
    // Nor is one unnumbered line that goes on with the sentence above ("5.4 Compute ... of f(x)" / "at x0 = 0."): a small picture of prose.
    const previous = out[out.length - 1];
    const continues =
      group.lines.length === 1 &&
      group.numbers.length === 0 &&
      sentenceGoesOn.test(group.lines[0].text) &&
      !operatorNames.test(/^\p{Ll}+/u.exec(group.lines[0].text)![0]) &&
      !!previous &&
      !previous.region &&
      previous.page === line.page &&
      !/[.:;!?]$/.test(previous.text.trim());
    if (continues) {
      // Read on the line it continues, so the sentence stays whole whatever its type size.
      out[out.length - 1] = { ...previous, text: `${previous.text} ${line.text}` };
      i++;
      continue;
    }
    if (group.lines.length === 0 || (group.numbers.length === 0 && (!indented || visible < 4))) {
      out.push(line);
      i++;
      continue;
    }
    // The neighbouring lines of the same column (a margin note beside the equation is not one).
    const neighbour = (l: PdfLine | undefined) => l && !l.isMargin && l.page === line.page && l.column === line.column;
    // A numerator set above the equation's first line ("[C][D]" over "ΔG = ... ln") comes before it in reading order.
    const head = group.lines[0] ?? line;
    while (out.length) {
      const prev = out[out.length - 1];
      const near = usable(prev) && prev.page === head.page && prev.column === head.column && prev.y - head.y <= 1.6 * lineGap;
      const isPiece =
        near &&
        proseWords(prev.text) === 0 &&
        plain(prev.text).length <= 12 &&
        prev.x0 >= prev.columnLeft + prev.size &&
        !besideProse(prev);
      // The first row's label ("Product Rule:") read just before the row's formula, on its baseline; a label at the text's
      // edge over the display ("Preuve:", "On rappel que:") is a line of text.
      const isLabel =
        near &&
        isPureLabel(prev) &&
        !atTextEdge(prev) &&
        prev.x1 < Math.min(...group.lines.map((l) => l.x0)) &&
        group.lines.some((l) => Math.abs(l.y - prev.y) < 1.2 * prev.size);
      // Words in small type over the display's first row ("gauge fix" over an arrow) are read before it.
      const isOver = near && !besideProse(prev) && isSmallLabel(prev, group.lines, proseWords(prev.text));
      if (!isPiece && !isLabel && !isOver) break;
      group.lines.unshift(out.pop()!);
    }
    const before = [...out].reverse().find((l) => !l.isMargin);
    const after = lines.slice(j).find((l) => !l.isMargin);
    const rows = splitRows(group);
    rows.forEach((row, k) => {
      const ceiling =
        k > 0 ? (bottomOf(rows[k - 1]) + topOf(row)) / 2 : neighbour(before) ? before!.y - 0.3 * before!.size - 0.5 : Infinity;
      const floor =
        k < rows.length - 1 ? (bottomOf(row) + topOf(rows[k + 1])) / 2 : neighbour(after) ? after!.y + 0.85 * after!.size + 0.5 : -Infinity;
      out.push(lineOf(toRegion(row, ceiling, floor, marks), row.lines[0]));
    });
    out.push(...besides);
    i = j;
  }
  return withRowNotes(out);
}

/**
 * A row note read after its display (the display's number, set at the column's edge, ended the display's lines before
 * it): within the display's height, right of its middle, it is the display's words ("Fast" beside the last step).
 */
function withRowNotes(lines: PdfLine[]): PdfLine[] {
  const out: PdfLine[] = [];
  for (const l of lines) {
    const display = out
      .slice(-3)
      .reverse()
      .find((o) => o.region?.kind === 'equation' && o.page === l.page);
    const region = display?.region;
    const note =
      !!region &&
      !l.region &&
      !l.isMargin &&
      !isNumberLine(l) &&
      isNoteText(l) &&
      // Right of the display's middle (a note on an earlier row widened its picture up to this one's column).
      l.x0 >= (region.x0 + region.x1) / 2 &&
      l.y >= region.y0 - 0.5 * l.size &&
      l.y <= region.y1;
    if (note && region) region.text = `${region.text} ${plain(l.text)}`;
    else out.push(l);
  }
  return out;
}
