import { joinLatex } from '../latex-join';
import { checkedLatex, formulaLatex } from './pdf-equation-latex';
import { latexToText } from './pdf-math';
import { pictureAltText } from './pdf-display-alt';
import { type Atom, type Piece, pieces } from './pdf-display-atoms';
import { rootAt } from './pdf-display-roots';
import type { PdfItem, PdfLine, PdfMark, PdfPage, PdfRegion } from './pdf-types';

/**
 * A display read as LaTeX from where its glyphs stand, for displays the line reader cannot say: big delimiters built
 * from pieces (the private-use codes Latin Modern Math and Adobe's Symbol give the top, extension and bottom of a
 * bracket) become a matrix when they hold rows and columns (`bmatrix` for brackets, `pmatrix` for parentheses, rows by
 * baseline, columns by the gaps between them) or `\left( ... \right)` around what they hold; a rule under a group with
 * a label in smaller type under it is `\underbrace{...}_{label}`, any other rule a fraction bar with its numerator over
 * it and its denominator under it (`\frac`, nested, the widest bar first); smaller glyphs above or below a big operator
 * are its limits, beside a glyph its scripts; rows set one under another are an aligned display, aligned at each row's
 * first relation. Every glyph inside the display must be read into the formula, no word of text may be in it, and
 * KaTeX must read the whole, or nothing is returned (the picture stays: a picture is better than wrong LaTeX).
 */

interface Delimiter {
  ch: string;
  left: boolean;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

interface Bar {
  x0: number;
  x1: number;
  y: number;
}

interface Brace {
  x0: number;
  x1: number;
  y: number;
  label: string;
}

/**
 * TeX's big delimiters set as one glyph of the extension font (CMEX's \big to \Bigg sizes; `\left[` around a matrix
 * of two or three rows takes one): each size by its advance width (ems, from the font's TFM) and how tall it is. The
 * glyph hangs from 0.04 em over its origin.
 */
const bigSizes: Record<string, { widths: number[]; lefts: boolean }> = {
  '(': { widths: [0.4583, 0.5972, 0.7361, 0.7917], lefts: true },
  ')': { widths: [0.4583, 0.5972, 0.7361, 0.7917], lefts: false },
  '[': { widths: [0.4167, 0.4722, 0.5278, 0.5833], lefts: true },
  ']': { widths: [0.4167, 0.4722, 0.5278, 0.5833], lefts: false },
  '{': { widths: [0.5833, 0.6667, 0.75, 0.8056], lefts: true },
  '}': { widths: [0.5833, 0.6667, 0.75, 0.8056], lefts: false },
};
const bigHeights = [1.2, 1.8, 2.4, 3.0];

/** A one-glyph big delimiter of the extension font as a delimiter from its top to its bottom; undefined for any other glyph. */
function bigDelimiter(it: PdfItem, text: string): Delimiter | undefined {
  const sizes = it.hangs ? bigSizes[text] : undefined;
  if (!sizes || it.size <= 0) return undefined;
  const k = sizes.widths.findIndex((w) => Math.abs(it.width / it.size - w) < 0.02);
  // A \big one (1.2 em) holds no more than a line: it stays a glyph of the line.
  if (k < 1) return undefined;
  // The reader put a glyph of the extension font 0.75 em under its origin (PdfItem.hangs).
  const top = it.y + (0.75 + 0.04) * it.size;
  return { ch: text, left: sizes.lefts, x0: it.x, x1: it.x + it.width, y0: top - bigHeights[k] * it.size, y1: top };
}

const matrixKind: Record<string, string> = { '(': 'pmatrix', '[': 'bmatrix', '{': 'Bmatrix' };
const leftCommand: Record<string, string> = { '(': '(', '[': '[', '{': '\\{' };
const rightCommand: Record<string, string> = { ')': ')', ']': ']', '}': '\\}' };
const closes: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const bigOperators = /^[∑∏∐∫∮⋃⋂⨁⨂]$/u;
const relation = /(?<![\\\w])(?:=|≠|≤|≥|<|>|∼|≈|≡|\\le\b|\\ge\b|\\ne\b|\\sim\b|\\approx\b|\\equiv\b)/;

const operatorLatex: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∐': '\\coprod',
  '∫': '\\int',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
  '⨁': '\\bigoplus',
  '⨂': '\\bigotimes',
};
const accentLatex: Record<string, string> = {
  '\u0307': 'dot',
  '\u0308': 'ddot',
  '\u0302': 'hat',
  '\u0304': 'bar',
  '\u0303': 'tilde',
  '\u20d7': 'vec',
};

/** One glyph run as LaTeX: a big operator by its control word, a letter under a combining accent as the accent's command. */
function atomLatex(a: Atom): string | undefined {
  if (a.bigOp) return `${operatorLatex[a.text]} `;
  if (a.name) return `\\mathrm{${a.text}}`;
  const parts = a.text.split(/(\p{L}[\u0307\u0308\u0302\u0304\u0303\u20d7])/u);
  const pieces = parts.map((part, k) =>
    k % 2 === 1
      ? `\\${accentLatex[part.slice(-1)]}{${part.slice(0, -1)}}`
      : a.upright && textWords.test(part.trim())
        ? `\\text{ ${part.trim()} }`
        : part.trim()
          ? // Letters of a math font set together are a product of variables ("dt"), not a word.
            formulaLatex(a.upright ? part : part.replace(/(\p{L})(?=\p{L})/gu, '$1 '), true)
          : '',
  );
  return pieces.some((p) => p === undefined) ? undefined : joinLatex(...(pieces as string[]));
}

/** Operator names that take limits under them in a display (\lim_{n \to \infty}), as the big operators do. */
const limitNames = /^(?:lim|liminf|limsup|max|min|sup|inf|det|gcd|Pr)$/;

/** Words set in text type between the parts of a formula ("P(A and B)", "1, if 0 ≤ H ≤ 1"): `\text{ and }`. */
const textWords = /^(?:and|or|if|otherwise|for|else)$/;

/** Operator names TeX sets upright in a text font. */
const uprightNames =
  /^(?:sin|cos|tan|cot|sec|csc|exp|log|ln|lg|lim|liminf|limsup|max|min|sup|inf|det|gcd|mod|dim|ker|deg|arg|Pr|sinh|cosh|tanh)$/;

/** Whether upright letters set touching make a word that is no operator name: prose inside the display ("où", "Remarque"). */
function hasProse(atoms: Atom[]): boolean {
  const upright = atoms.filter((a) => a.upright && !a.name).sort((a, b) => b.y - a.y || a.x0 - b.x0);
  let word = '';
  let last: Atom | undefined;
  // An abbreviation's letters and stops count as one word ("t.q.").
  const isProse = (w: string) =>
    (w.replace(/(?<=\p{L})\.(?=\p{L})/gu, '').match(/\p{L}{2,}/gu) ?? []).some((x) => !uprightNames.test(x) && !textWords.test(x));
  for (const a of upright) {
    const touching = last && Math.abs(last.y - a.y) < 0.2 * a.size && a.x0 - last.x1 < 0.15 * a.size;
    word = touching ? word + a.text : a.text;
    if (isProse(word)) return true;
    last = a;
  }
  return false;
}

/** The glyphs of the region as atoms (a run split at its spaces) and the delimiters built from pieces. */
function readGlyphs(
  items: PdfItem[],
  region: PdfRegion,
  bigGlyphs: boolean,
): { atoms: Atom[]; delimiters: Delimiter[]; box: Box } | undefined {
  const masked = (x: number, y: number) => region.masks?.some((m) => x >= m.x0 && x <= m.x1 && y >= m.y0 && y <= m.y1);
  // TeX's extension glyphs (PdfItem.hangs) stand where the reader put them: about on the baseline of their row.
  const placed = items
    .map((it) => ({ it, y: it.y, cx: it.x + it.width / 2, text: it.str.trim() }))
    .filter((g) => g.text && g.cx >= region.x0 && g.cx <= region.x1 && !masked(g.cx, g.y));
  // The delimiters first: a region found from the lines may cut a tall one, whose pieces reach past it.
  const found: Array<Piece & { x0: number; x1: number; y: number; size: number }> = [];
  for (const g of placed) {
    const piece = g.text.length === 1 ? pieces[g.text.codePointAt(0)!] : undefined;
    // A top piece stands about an em under the top of its delimiter.
    if (piece && g.it.y >= region.y0 - 12 * g.it.size && g.it.y <= region.y1 + 12 * g.it.size)
      found.push({ ...piece, x0: g.it.x, x1: g.it.x + g.it.width, y: g.it.y, size: g.it.size });
  }
  // A delimiter: pieces of one kind in one column, from a top piece down to a bottom piece, reaching about an em over
  // the one and under the other.
  const all: Delimiter[] = [];
  const open: Array<Delimiter | undefined> = [];
  for (const p of found.sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const k = all.findIndex((o, i) => open[i] && o.ch === p.ch && Math.abs(o.x0 - p.x0) < 0.2 * p.size);
    if (p.part === 'top') {
      all.push({ ch: p.ch, left: p.left, x0: p.x0, x1: p.x1, y0: p.y - p.size, y1: p.y + p.size });
      open.push(all[all.length - 1]);
      continue;
    }
    // A bottom or middle piece of a delimiter whose top is further up than this reading looked.
    if (k < 0) continue;
    all[k].y0 = p.y - p.size;
    if (p.part === 'bottom') open[k] = undefined;
  }
  // Half of it at least within the display's height (a delimiter of the next row may reach a little way into it).
  const overlaps = (d: Delimiter) =>
    Math.min(d.y1, region.y1) - Math.max(d.y0, region.y0) > 0.5 * Math.min(d.y1 - d.y0, region.y1 - region.y0);
  if (all.some((d, i) => open[i] && overlaps(d))) return undefined;
  const delimiters = all.filter((d, i) => !open[i] && overlaps(d));
  // One-glyph big delimiters, when asked for (glyphDisplayLatex asks when the reading without them fails).
  const bigs = new Set<PdfItem>();
  for (const g of bigGlyphs ? placed : []) {
    const d = bigDelimiter(g.it, g.text);
    if (d && overlaps(d)) {
      delimiters.push(d);
      bigs.add(g.it);
    }
  }
  // Without one, the second reading would be the first again.
  if (bigGlyphs && bigs.size === 0) return undefined;
  const box: Box = {
    x0: region.x0,
    x1: region.x1,
    y0: Math.min(region.y0, ...delimiters.map((d) => d.y0)),
    y1: Math.max(region.y1, ...delimiters.map((d) => d.y1)),
  };
  // Smaller glyphs just over or under a big operator (limits the lines left out) are the display's too: read with it,
  // or it is not read (a script of the prose line next to it does not fit the formula).
  const inside = placed.filter((g) => g.y >= box.y0 && g.y <= box.y1);
  const main = Math.max(0, ...inside.map((g) => g.it.size));
  const operators = inside.filter((g) => bigOperators.test(g.text));
  for (let pass = 0; pass < 2; pass++)
    for (const g of placed) {
      if (g.it.size >= 0.9 * main || !operators.some((o) => Math.abs(o.cx - g.cx) < main)) continue;
      if (g.y > box.y1 && g.y - box.y1 <= 0.9 * main) box.y1 = g.y + 0.1;
      if (g.y < box.y0 && box.y0 - g.y <= 0.9 * main) box.y0 = g.y - 0.1;
    }
  const atoms: Atom[] = [];
  for (const { it, y, text } of placed) {
    if (y < box.y0 - 0.2 * it.size || y > box.y1) continue;
    if ((text.length === 1 && pieces[text.codePointAt(0)!]) || bigs.has(it)) continue;
    if (/[\uE000-\uF8FF]/u.test(text)) return undefined;
    // A run with spaces ("0 1 0") is several atoms, placed in proportion to their characters.
    const perChar = it.width / Math.max(1, it.str.length);
    // Some of its characters neither in a math font nor math symbols: letters in a text font.
    // A single letter in a text font's italic is a variable (XeTeX's decks set math letters in Latin Modern Roman Italic).
    // (XeTeX gives letters set together as one run: "mx" is m times x.)
    const variable = it.italic && /^(?:\p{L}\p{M}*){1,3}$/u.test(it.str.trim()) ? true : undefined;
    const upright = /\p{L}/u.test(it.str) && !variable && (it.math ?? 0) < it.str.replace(/\s/g, '').length ? true : undefined;
    for (const m of it.str.matchAll(/\S+/gu)) {
      const x0 = it.x + m.index * perChar;
      // TeX's long arrows are two glyphs set touching (\iff is "⇐" and "⇒").
      const text = m[0].replace(/⇐⇒/g, '⟺').replace(/=⇒/g, '⟹').replace(/⇐=/g, '⟸').replace(/−→/g, '⟶').replace(/←−/g, '⟵');
      // A word in upright type as a script ("ρ_opt", "ρ_mf"): a name, \mathrm.
      const name = upright && it.size < 0.85 * main && /^\p{L}{2,}$/u.test(text) ? true : undefined;
      atoms.push({
        text,
        x0,
        x1: x0 + m[0].length * perChar,
        y,
        size: it.size,
        bigOp: bigOperators.test(text) || undefined,
        upright,
        name,
        hangs: it.hangs,
        italic: variable,
      });
    }
  }
  return { atoms, delimiters, box };
}

/**
 * The rules drawn in a display: an underbrace (its rule drawn in pieces left and right of the brace's tip) has a label
 * in smaller type just under it and full-size glyphs (or none) over it; any other rule is a fraction bar.
 */
function readRules(
  atoms: Atom[],
  marks: PdfMark[],
  region: Box,
  main: number,
): { braces: Brace[]; bars: Bar[]; labels: Set<Atom> } | undefined {
  const rules = marks
    .filter((m) => m.kind === 'path' && m.y1 - m.y0 <= 0.2 * main && m.x1 - m.x0 >= 0.3 * main)
    .filter((m) => m.x0 >= region.x0 - 1 && m.x1 <= region.x1 + 1 && m.y0 >= region.y0 - 1 && m.y1 <= region.y1 + 1)
    .sort((a, b) => a.x0 - b.x0);
  const merged: Array<{ x0: number; x1: number; y: number; pieces: PdfMark[] }> = [];
  for (const r of rules) {
    const last = merged[merged.length - 1];
    if (last && Math.abs(last.y - r.y0) < 0.2 * main && r.x0 - last.x1 < 1.5 * main) {
      last.x1 = Math.max(last.x1, r.x1);
      last.pieces.push(r);
    } else merged.push({ x0: r.x0, x1: r.x1, y: r.y0, pieces: [r] });
  }
  const braces: Brace[] = [];
  const bars: Bar[] = [];
  const labels = new Set<Atom>();
  const within = (a: Atom, r: { x0: number; x1: number }, reach: number) => a.x0 >= r.x0 - reach && a.x1 <= r.x1 + reach;
  for (const rule of merged) {
    const under = atoms.filter((a) => !labels.has(a) && a.y < rule.y && rule.y - a.y < 2 * main && within(a, rule, main));
    const over = atoms.filter((a) => a.y > rule.y && a.y - rule.y < 1.5 * main && within(a, rule, 0));
    const brace =
      rule.pieces.length > 1 && under.length > 0 && under.every((a) => a.size < 0.9 * main) && over.every((a) => a.size >= 0.9 * main);
    if (!brace) {
      for (const p of rule.pieces) bars.push({ x0: p.x0, x1: p.x1, y: (p.y0 + p.y1) / 2 });
      continue;
    }
    const label = readSequence(under, [], [], []);
    if (label === undefined) return undefined;
    under.forEach((a) => labels.add(a));
    braces.push({ x0: rule.x0, x1: rule.x1, y: rule.y, label });
  }
  return { braces, bars, labels };
}

interface Element {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  latex: string;
  /** The element's baseline and size when it is one glyph (scripts attach to it). */
  atom?: Atom;
}

/** The delimiters of one level paired left to right; undefined when they do not pair up. */
function pairs(delimiters: Delimiter[], size: number): Array<[Delimiter, Delimiter]> | undefined {
  const out: Array<[Delimiter, Delimiter]> = [];
  const stack: Delimiter[] = [];
  for (const d of [...delimiters].sort((a, b) => a.x0 - b.x0)) {
    if (d.left) {
      stack.push(d);
      continue;
    }
    // The left one of the same height, nearest before it.
    const k = stack.findLastIndex((l) => closes[l.ch] === d.ch && Math.abs(l.y0 - d.y0) < 0.6 * size && Math.abs(l.y1 - d.y1) < 0.6 * size);
    if (k < 0) return undefined;
    out.push([stack[k], d]);
    stack.splice(k, 1);
  }
  return stack.length ? undefined : out;
}

/** Rows and columns inside a pair of delimiters, or undefined when the glyphs do not stand in a grid. */
function matrix(atoms: Atom[], open: string): string | undefined {
  const size = Math.max(...atoms.map((a) => a.size));
  if (atoms.some((a) => a.size < 0.9 * size)) return undefined;
  const rows: Atom[][] = [];
  for (const a of [...atoms].sort((p, q) => q.y - p.y)) {
    const row = rows.find((r) => Math.abs(r[0].y - a.y) < 0.3 * size);
    if (row) row.push(a);
    else rows.push([a]);
  }
  if (rows.length < 2) return undefined;
  // Cells: glyphs of a row closer than half an em ("−" and "2").
  const cells = rows.map((r) => {
    const out: Array<{ x0: number; x1: number; text: string }> = [];
    for (const a of r.sort((p, q) => p.x0 - q.x0)) {
      const last = out[out.length - 1];
      if (last && a.x0 - last.x1 < 0.5 * size) {
        last.text += a.text;
        last.x1 = a.x1;
      } else out.push({ x0: a.x0, x1: a.x1, text: a.text });
    }
    return out;
  });
  // Columns: the spans of the cells of every row, merged where they overlap.
  const columns: Array<{ x0: number; x1: number }> = [];
  for (const c of cells.flat().sort((a, b) => a.x0 - b.x0)) {
    const last = columns[columns.length - 1];
    if (last && c.x0 < last.x1 + 0.1 * size) last.x1 = Math.max(last.x1, c.x1);
    else columns.push({ x0: c.x0, x1: c.x1 });
  }
  const body: string[] = [];
  for (const row of cells) {
    const texts = columns.map(() => [] as string[]);
    for (const c of row) texts[columns.findIndex((col) => c.x0 >= col.x0 - 0.01 && c.x1 <= col.x1 + 0.01)].push(c.text);
    const latex = texts.map((t) => (t.length ? formulaLatex(t.join(' '), true) : ''));
    if (latex.some((l) => l === undefined) || texts.some((t) => t.length > 1)) return undefined;
    body.push(latex.join(' & '));
  }
  return `\\begin{${matrixKind[open]}}${body.join(' \\\\ ')}\\end{${matrixKind[open]}}`;
}

/**
 * The LaTeX of glyphs set on one baseline with their scripts, limits, delimited groups and underbraces, left to right;
 * undefined when any glyph is left over or does not read.
 */
function readSequence(atoms: Atom[], delimiters: Delimiter[], braces: Brace[], bars: Bar[]): string | undefined {
  if (atoms.length === 0 && delimiters.length === 0) return bars.length ? undefined : '';
  const sizes = atoms.map((a) => a.size);
  const main = sizes.length ? Math.max(...sizes) : 10;
  const paired = pairs(delimiters, main);
  if (!paired) return undefined;
  const inside = (d: Delimiter, [l, r]: [Delimiter, Delimiter]) =>
    d !== l && d !== r && d.x0 > l.x0 && d.x1 < r.x1 + 0.5 && d.y0 >= l.y0 - 1 && d.y1 <= l.y1 + 1;
  const outer = paired.filter(([l]) => !paired.some((p) => inside(l, p)));
  const elements: Element[] = [];
  const used = new Set<Atom>();
  const usedBraces = new Set<Brace>();
  const usedBars = new Set<Bar>();
  for (const pair of outer) {
    const [l, r] = pair;
    const inAtoms = atoms.filter((a) => a.x0 >= l.x1 - 0.3 && a.x1 <= r.x0 + 0.3 && a.y >= l.y0 && a.y <= l.y1);
    const inDelims = delimiters.filter((d) => inside(d, pair));
    const inBraces = braces.filter((b) => b.x0 >= l.x1 - 1 && b.x1 <= r.x0 + 1 && b.y >= l.y0 - 1);
    const inBars = bars.filter((b) => b.x0 >= l.x1 - 1 && b.x1 <= r.x0 + 1 && b.y >= l.y0 && b.y <= l.y1);
    inAtoms.forEach((a) => used.add(a));
    inBraces.forEach((b) => usedBraces.add(b));
    inBars.forEach((b) => usedBars.add(b));
    let latex = inDelims.length === 0 && inBraces.length === 0 && inBars.length === 0 && inAtoms.length ? matrix(inAtoms, l.ch) : undefined;
    if (latex === undefined) {
      const body = readSequence(inAtoms, inDelims, inBraces, inBars);
      if (body === undefined) return undefined;
      latex = `\\left${leftCommand[l.ch]} ${body} \\right${rightCommand[r.ch]}`;
    }
    elements.push({ x0: l.x0, x1: r.x1, y0: l.y0, y1: l.y1, latex });
  }
  // Roots, the widest rule first: a radical sign at a rule's left end is the root of what the rule covers
  // (pdf-display-roots.ts), read as a sequence of its own with the rules under it.
  for (const bar of bars.filter((b) => !usedBars.has(b)).sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    if (usedBars.has(bar)) continue;
    // A root under or over a wider bar is its fraction's ("\frac{\bar{X} - \mu_0}{\sigma/\sqrt{n}}"): read with the
    // denominator or numerator it stands in, never left on the row after the fraction ("\frac{...}{\sigma/}\sqrt{n}").
    const inFraction = bars.some(
      (f) =>
        f !== bar &&
        !usedBars.has(f) &&
        f.x1 - f.x0 > bar.x1 - bar.x0 + 1 &&
        bar.x0 >= f.x0 - 1 &&
        bar.x1 <= f.x1 + 1 &&
        Math.abs(f.y - bar.y) < 2.5 * main &&
        Math.abs(f.y - bar.y) > 0.05 * main,
    );
    if (inFraction) continue;
    const root = rootAt(
      bar,
      atoms.filter((a) => !used.has(a)),
      bars.filter((b) => !usedBars.has(b)),
      main,
    );
    if (!root) continue;
    [root.sign, ...root.under, ...root.index].forEach((a) => used.add(a));
    [bar, ...root.inner].forEach((b) => usedBars.add(b));
    const body = readSequence(root.under, [], [], root.inner);
    const index = root.index.length ? readSequence(root.index, [], [], []) : '';
    if (!body || index === undefined) return undefined;
    elements.push({
      x0: root.sign.x0,
      x1: bar.x1,
      y0: root.y - 0.3 * main,
      y1: bar.y,
      latex: index ? `\\sqrt[${index}]{${body}}` : `\\sqrt{${body}}`,
    });
  }
  // Fractions, the widest bar first: the glyphs over it within its width are the numerator, those under it the
  // denominator, each read as a sequence of its own (with the narrower bars, delimiters over or under it).
  for (const bar of bars.filter((b) => !usedBars.has(b)).sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    if (usedBars.has(bar)) continue;
    usedBars.add(bar);
    const inWidth = (x0: number, x1: number) => x0 >= bar.x0 - 1 && x1 <= bar.x1 + 1;
    const side = (above: boolean) => {
      const near = (y: number) => (above ? y > bar.y && y - bar.y < 2.5 * main : y < bar.y && bar.y - y < 2.5 * main);
      const sideAtoms = atoms.filter((a) => !used.has(a) && inWidth(a.x0, a.x1) && near(a.y));
      const sideDelims = delimiters.filter((d) => inWidth(d.x0, d.x1) && (above ? d.y0 > bar.y - 1 : d.y1 < bar.y + 1));
      const sideBars = bars.filter((b) => !usedBars.has(b) && inWidth(b.x0, b.x1) && near(b.y));
      if (sideAtoms.length === 0) return undefined;
      sideAtoms.forEach((a) => used.add(a));
      sideBars.forEach((b) => usedBars.add(b));
      return { latex: readSequence(sideAtoms, sideDelims, [], sideBars), atoms: sideAtoms };
    };
    const [num, den] = [side(true), side(false)];
    if (!num?.latex || !den?.latex) return undefined;
    // A fraction in small type beside full-size glyphs is set in a script (the ³⁄₂ of "(sec 4x)^{3/2}"): where it is a
    // script this reading does not say, and a fraction on the row would be wrong.
    if ([...num.atoms, ...den.atoms].every((a) => a.size < 0.9 * main)) return undefined;
    elements.push({
      x0: bar.x0,
      x1: bar.x1,
      y0: Math.min(...den.atoms.map((a) => a.y - 0.3 * a.size)),
      y1: Math.max(...num.atoms.map((a) => a.y + 0.8 * a.size)),
      latex: `\\frac{${num.latex}}{${den.latex}}`,
    });
  }
  const rest = atoms.filter((a) => !used.has(a));
  if (rest.length) {
    // The baseline: where most of the full-size glyphs stand (or the middle of the delimited groups).
    const full = rest.filter((a) => a.size >= 0.9 * main);
    if (full.length === 0) return undefined;
    const counts = new Map<number, number>();
    for (const a of full.filter((x) => !x.bigOp)) counts.set(Math.round(a.y), (counts.get(Math.round(a.y)) ?? 0) + a.text.length);
    // Beside delimited groups, the baseline is the one nearest their middle (the math axis stands a quarter em over it).
    const middle = elements.length
      ? (Math.min(...elements.map((e) => e.y0)) + Math.max(...elements.map((e) => e.y1))) / 2 - 0.25 * main
      : undefined;
    const base =
      [...counts.entries()].sort((a, b) =>
        middle === undefined ? b[1] - a[1] : Math.abs(a[0] - middle) - Math.abs(b[0] - middle),
      )[0]?.[0] ?? full[0].y;
    // A big operator in display style is taller than the reader's guess of where it hangs (PdfItem.hangs): it is on the row within an em.
    // So is a big delimiter of that font, whose row XeTeX's PDFs place differently from pdfTeX's.
    const onBase = rest.filter(
      (a) => a.size >= 0.9 * main && Math.abs(a.y - base) < (a.bigOp || (a.hangs && /^[()[\]{}|]$/.test(a.text)) ? 1 : 0.25) * main,
    );
    for (const a of onBase) {
      const latex = atomLatex(a);
      if (latex === undefined) return undefined;
      elements.push({ x0: a.x0, x1: a.x1, y0: a.y - 0.3 * a.size, y1: a.y + 0.8 * a.size, latex, atom: a });
      used.add(a);
    }
    elements.sort((a, b) => a.x0 - b.x0);
    // The others are scripts or limits: smaller glyphs of one baseline after (or over and under) an element.
    const scripts = rest.filter((a) => !used.has(a)).sort((a, b) => a.x0 - b.x0);
    // Scripts and limits are set smaller: a full-size glyph off the baseline is something this reading does not know.
    if (scripts.some((a) => a.size >= 0.9 * main)) return undefined;
    const groups: Atom[][] = [];
    for (const a of scripts) {
      const g = groups.find((x) => Math.abs(x[0].y - a.y) < 0.2 * a.size && a.x0 - x[x.length - 1].x1 < 0.3 * a.size);
      if (g) g.push(a);
      else groups.push([a]);
    }
    const attached = new Map<Element, { sub?: string; sup?: string }>();
    for (const g of groups) {
      const [x0, x1, y] = [g[0].x0, g[g.length - 1].x1, g[0].y];
      const text = readSequence(g, [], [], []);
      if (text === undefined) return undefined;
      // Over or under a big operator: its limits. Else the script of the element it follows.
      const centre = (x0 + x1) / 2;
      const op = elements.find(
        (e) =>
          (e.atom?.bigOp || (e.atom?.upright && limitNames.test(e.atom.text))) &&
          centre >= e.x0 - 0.5 * main &&
          centre <= e.x1 + 0.5 * main &&
          (y > base + 0.5 * main || y < base - 0.4 * main),
      );
      const host = op ?? [...elements].reverse().find((e) => e.x1 <= x0 + 0.3 * main && x0 - e.x1 < 0.5 * main);
      if (!host) return undefined;
      const raised = y > base + 0.1 * main;
      const slot = attached.get(host) ?? {};
      if (raised ? slot.sup !== undefined : slot.sub !== undefined) return undefined;
      if (raised) slot.sup = text;
      else slot.sub = text;
      attached.set(host, slot);
      g.forEach((a) => used.add(a));
    }
    for (const [e, s] of attached) e.latex += `${s.sub !== undefined ? `_{${s.sub}}` : ''}${s.sup !== undefined ? `^{${s.sup}}` : ''}`;
  }
  if (atoms.some((a) => !used.has(a))) return undefined;
  elements.sort((a, b) => a.x0 - b.x0);
  // Underbraces of this level: the elements over each brace.
  for (const b of braces.filter((x) => !usedBraces.has(x))) {
    const over = elements.filter((e) => e.x0 >= b.x0 - 0.8 * main && e.x1 <= b.x1 + 0.8 * main && e.y0 >= b.y - 1.2 * main);
    if (over.length === 0) return undefined;
    const first = elements.indexOf(over[0]);
    if (elements.indexOf(over[over.length - 1]) - first !== over.length - 1) return undefined;
    const group: Element = {
      x0: over[0].x0,
      x1: over[over.length - 1].x1,
      y0: b.y,
      y1: Math.max(...over.map((e) => e.y1)),
      latex: `\\underbrace{${joinLatex(...over.map((e) => e.latex))}}_{${b.label}}`,
    };
    elements.splice(first, over.length, group);
    usedBraces.add(b);
  }
  return joinLatex(...elements.map((e) => e.latex));
}

/**
 * The LaTeX of an equation region read from its glyphs (see the file's head), or undefined. Rows set one under another
 * (their glyphs and delimiters do not overlap in height) make an aligned display.
 */
export function glyphDisplayLatex(items: PdfItem[], marks: PdfMark[], region: PdfRegion): { latex: string; box: Box } | undefined {
  // A big delimiter set as one glyph is first read as a glyph of its row (as the line reader reads it), then, where that
  // does not read, as a delimiter around what it holds (a matrix of two rows in `\left[ ... \right]`).
  return displayLatex(items, marks, region, false) ?? displayLatex(items, marks, region, true);
}

function displayLatex(items: PdfItem[], marks: PdfMark[], region: PdfRegion, bigGlyphs: boolean): { latex: string; box: Box } | undefined {
  const read = readGlyphs(items, region, bigGlyphs);
  if (!read || read.atoms.length === 0) return undefined;
  const { atoms, delimiters, box } = read;
  // Without a delimiter built of pieces, a big operator or a rule the line reader did as well as this one could.
  const main = Math.max(...atoms.map((a) => a.size));
  if (hasProse(atoms)) return undefined;
  const found = readRules(atoms, marks, read.box, main);
  if (!found) return undefined;
  // A formula on one row with words in text type or letters in a text italic, which the line reader does not say, is
  // read here too; any other the line reader did as well as this one could.
  if (
    delimiters.length === 0 &&
    found.bars.length === 0 &&
    !atoms.some((a) => a.bigOp || a.italic || (a.upright && textWords.test(a.text)))
  )
    return undefined;
  const rest = atoms.filter((a) => !found.labels.has(a));
  // Rows: bands of height that nothing crosses (an atom from its depth to its height, a delimiter its whole length).
  const spans = [
    // A big operator's limits stand over and under it: its row reaches them.
    ...rest.map((a) => ({
      y0: a.y - (a.bigOp ? 1.1 : 0.3) * a.size,
      y1: a.y + (a.bigOp ? 1.5 : 0.8) * a.size,
      atom: a as Atom | undefined,
      delimiter: undefined as Delimiter | undefined,
    })),
    ...delimiters.map((d) => ({ y0: d.y0, y1: d.y1, atom: undefined, delimiter: d as Delimiter | undefined })),
  ].sort((a, b) => b.y1 - a.y1);
  const bands: Array<{ y0: number; y1: number; atoms: Atom[]; delimiters: Delimiter[] }> = [];
  for (const s of spans) {
    const last = bands[bands.length - 1];
    if (last && s.y1 > last.y0) last.y0 = Math.min(last.y0, s.y0);
    else bands.push({ y0: s.y0, y1: s.y1, atoms: [], delimiters: [] });
    const band = bands[bands.length - 1];
    if (s.atom) band.atoms.push(s.atom);
    if (s.delimiter) band.delimiters.push(s.delimiter);
  }
  const rows: string[] = [];
  const claimed = new Set<Brace>();
  const claimedBars = new Set<Bar>();
  for (const band of bands) {
    // A row's underbraces hang below it, their labels lower still.
    const braces = found.braces.filter((b) => !claimed.has(b) && b.y <= band.y1 && b.y >= band.y0 - 1.5 * main);
    braces.forEach((b) => claimed.add(b));
    const bars = found.bars.filter((b) => b.y <= band.y1 && b.y >= band.y0);
    bars.forEach((b) => claimedBars.add(b));
    const latex = readSequence(band.atoms, band.delimiters, braces, bars);
    if (latex === undefined) return undefined;
    rows.push(latex.replace(/[\u{1D400}-\u{1D7FF}]/gu, (c) => c.normalize('NFKC')));
  }
  if (claimed.size !== found.braces.length || claimedBars.size !== found.bars.length) return undefined;
  const aligned = rows.map((t) => {
    const m = relation.exec(t);
    return m ? `${t.slice(0, m.index)}&${t.slice(m.index)}` : t;
  });
  const whole = rows.join(' ');
  // A glyph the text layer dropped shows as an empty argument ("F(t; , δ, )") or a bracket without its partner.
  if (/[(,;]\s*[,)]/.test(whole) || !balanced(whole)) return undefined;
  const latex = checkedLatex(rows.length === 1 ? rows[0] : `\\begin{aligned}${aligned.join(' \\\\ ')}\\end{aligned}`);
  return latex === undefined ? undefined : { latex, box };
}

/** Round brackets pair up, or all brackets do ("[0, 1)"). */
function balanced(latex: string): boolean {
  const count = (re: RegExp) => (latex.match(re) ?? []).length;
  return count(/\(/g) === count(/\)/g) || count(/[([]/g) === count(/[)\]]/g);
}

/**
 * A formula's LaTeX as plain text: its symbols as characters, a matrix in its brackets with its rows split by ";", a
 * fraction as "(a)/(b)" as the pictures' alt text writes it (pdf-display-alt.ts), names and words as their letters.
 */
function altText(latex: string): string {
  let text = latex.replace(/\\(?:mathrm|operatorname|text)\{\s*([^{}]*?)\s*\}/g, ' $1 ');
  // Operator names as their letters ("tan x").
  text = text.replace(/\\(sin|cos|tan|cot|sec|csc|exp|log|ln|lim|max|min|det|gcd)(?![a-zA-Z])\s*/g, '$1 ');
  // Innermost fractions first.
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/\\frac\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/, '($1)/($2)');
  }
  // Roots as the pictures' alt text writes them, innermost first: "√(1 − 2x)", "∛(4 + 3 tan x)".
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/\\sqrt(?:\[([^\]]*)\])?\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/, (_, n: string | undefined, body: string) => {
      const mark = n === undefined ? '√' : n === '3' ? '∛' : n === '4' ? '∜' : `√[${n}]`;
      return /^[\p{L}\p{N}]$/u.test(body) ? `${mark}${body}` : `${mark}(${body})`;
    });
  }
  return latexToText(text)
    .replace(
      /\\begin\{(\w+)\}/g,
      (_, env: string) => (({ bmatrix: ' [', pmatrix: ' (', Bmatrix: ' {' }) as Record<string, string>)[env] ?? ' ',
    )
    .replace(
      /\\end\{(\w+)\}/g,
      (_, env: string) => (({ bmatrix: '] ', pmatrix: ') ', Bmatrix: '} ' }) as Record<string, string>)[env] ?? ' ',
    )
    .replace(/\\\\/g, ' ; ')
    .replace(/&/g, ' ')
    .replace(/\\(?:left|right)(?![a-zA-Z])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A page's display equations kept as pictures, given their LaTeX where the glyphs say it (glyphDisplayLatex). Where the
 * lines cut one display into several pictures (a tall delimiter reaches from one into the next), the pictures are read
 * as one display and kept as one block.
 */
export function withGlyphLatex(lines: PdfLine[], page: PdfPage): PdfLine[] {
  const regions = lines.flatMap((l) => (l.region ? [l.region] : []));
  const out: PdfLine[] = [];
  // A delimiter's reach is guessed to about an em: a display overlaps another when they share more height than that.
  const overlapping = (a: Box, b: Box) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 - 8 && a.y1 > b.y0 + 8;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const region = l.region;
    // A display kept as a picture says what its glyphs say, in reading order (pdf-display-alt.ts).
    const asPicture = (x: PdfLine) =>
      x.region?.kind === 'equation' && !x.region.latex
        ? { ...x, region: { ...x.region, text: pictureAltText(page.items, page.marks ?? [], x.region) } }
        : x;
    if (region?.kind !== 'equation' || region.latex || region.label) {
      out.push(asPicture(l));
      continue;
    }
    let merged: PdfRegion = region;
    let taken = 1;
    // A delimiter whose pieces were read as no character is not in the glyphs: the formula cannot be read whole.
    // (An extension piece dropped beside the top and bottom pieces read at their private-use codes is part of a delimiter read.)
    const readPiece = (p: { x0: number; x1: number }) =>
      page.items.some((it) => [...it.str].some((c) => pieces[c.codePointAt(0)!]) && it.x - 2 <= p.x1 && it.x + it.width + 2 >= p.x0);
    const unread = (r: PdfRegion) =>
      page.pieces?.some((p) => p.x1 > r.x0 && p.x0 < r.x1 && p.y >= r.y0 - 8 && p.y <= r.y1 + 8 && !readPiece(p));
    let read = unread(merged) ? undefined : glyphDisplayLatex(page.items, page.marks ?? [], merged);
    // The displays after it that its delimiters reach into.
    while (read) {
      const next = lines[i + taken]?.region;
      if (!next || next.kind !== 'equation' || next.latex || next.label || !overlapping(read.box, next)) break;
      merged = {
        ...merged,
        x0: Math.min(merged.x0, next.x0),
        x1: Math.max(merged.x1, next.x1),
        y0: Math.min(merged.y0, next.y0),
        y1: Math.max(merged.y1, next.y1),
        text: `${merged.text} ${next.text}`,
      };
      taken++;
      read = unread(merged) ? undefined : glyphDisplayLatex(page.items, page.marks ?? [], merged);
    }
    const group = lines.slice(i, i + taken).map((x) => x.region);
    if (!read || regions.some((o) => !group.includes(o) && overlapping(read!.box, o))) {
      out.push(asPicture(l));
      continue;
    }
    const box = read.box;
    // The alt text of matrices, or of pictures read as one, follows the formula as read, not the lines' order (which runs
    // across the matrices of a row, and puts a radical sign on a line of its own); any other keeps the lines' text with its
    // limits (pdf-equations.ts).
    const text =
      taken > 1 || /\\begin\{[pbB]matrix\}/.test(read.latex)
        ? altText(read.latex)
        : /\\sqrt\b/.test(read.latex)
          ? // Spaced as the lines space a formula: after an exercise's label, around its relations.
            altText(read.latex)
              .replace(/^(\([a-z]\)|\d+\.)(?=\S)/, '$1 ')
              .replace(/\s*([=<>≤≥≠])\s*/g, ' $1 ')
              .trim()
          : merged.text;
    out.push({ ...l, region: { ...merged, ...box, latex: read.latex, text } });
    i += taken - 1;
  }
  return out;
}
