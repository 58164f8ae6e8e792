import { type Atom, pieces } from './pdf-display-atoms';
import { rootAt } from './pdf-display-roots';
import type { PdfItem, PdfMark, PdfRegion } from './pdf-types';

/**
 * The alt text of a display kept as a picture, read from where its glyphs stand rather than from the lines' order (which
 * puts a fraction's numerator, its bar's row and its denominator one after another, and a script on a line of its own):
 * rows by baseline, top to bottom, each read left to right; a rule with glyphs over and under it is a fraction, "a/b" or
 * "(a)/(b)"; smaller glyphs raised or lowered beside a glyph are its scripts, "^{...}" and "_{...}" as the lines write
 * them (mhchem's "CO_{2}"), and over or under a big operator its limits; two arrows or harpoons stacked in one place are
 * the one symbol they draw ("⇀" over "↽" is "⇌"). Every glyph in the picture is read: none is dropped.
 */

interface Bar {
  x0: number;
  x1: number;
  y: number;
}

const bigOperators = /^[∑∏∐∫∮⋃⋂⨁⨂]$/u;
/** Glyphs that take limits over and under them in a display: big operators, long arrows with a label over them, lim. */
const takesLimits = /^(?:[∑∏∐∫∮⋃⋂⨁⨂]|[−-]*[→⟶⇀↽⇌⇒⟹←⟵][−-]*|lim|max|min|sup|inf)$/u;

/** How far right of an operator its limits may stand: an integral's are set to its right, the others' over its middle. */
const reachOf = (o: { text: string; size: number }) => (/^[∫∮]$/u.test(o.text) ? 0.8 : 0.3) * o.size;

/** Two glyphs TeX stacks in one place to draw one symbol (amsmath's and mhchem's equilibrium arrows). */
const stacked: Record<string, string> = { '⇀↽': '⇌', '↼⇁': '⇋', '→←': '⇄', '⟶⟵': '⇄' };

/** Pieces of tall delimiters at Unicode's codes (⎛ ⎜ ⎝ …), as LuaTeX's and XeTeX's math fonts name them. */
const unicodePieces: Record<number, { ch: string; top: boolean }> = Object.fromEntries(
  [...('(((' + ')))' + '[[[' + ']]]' + '{{{' + '{' + '}}}')].map((ch, i) => [0x239b + i, { ch, top: (i % 3 === 0 && i < 15) || i === 16 }]),
);

/** A piece of a delimiter built from pieces, as its delimiter and whether it is the top: undefined for any other glyph. */
const pieceOf = (c: number): { ch: string; top: boolean } | undefined => {
  const piece = pieces[c];
  if (piece) return { ch: piece.ch, top: piece.part === 'top' };
  return unicodePieces[c];
};

/** The extent of a delimiter built from pieces, from over its top piece to under its bottom one. */
interface Span {
  y0: number;
  y1: number;
}
/**
 * The glyphs whose centre lies in the region (its masked equation numbers aside), a run split at its spaces and around a
 * radical sign (its bar reaches over what follows). The pieces of a tall delimiter are one glyph, standing at their middle,
 * with their extent in `spans`.
 */
function atomsOf(items: PdfItem[], region: PdfRegion, spans: Map<Atom, Span>): Atom[] {
  const masked = (x: number, y: number) => region.masks?.some((m) => x >= m.x0 && x <= m.x1 && y >= m.y0 && y <= m.y1);
  const atoms: Atom[] = [];
  const found: Array<Atom & { ch: string; part?: 'top' | 'middle' | 'bottom' }> = [];
  for (const it of items) {
    const cx = it.x + it.width / 2;
    if (!it.str.trim() || cx < region.x0 || cx > region.x1 || it.y < region.y0 - 0.2 * it.size || it.y > region.y1) continue;
    if (masked(cx, it.y)) continue;
    const perChar = it.width / Math.max(1, [...it.str].length);
    let at = 0;
    for (const m of it.str.matchAll(/[^\s√\u239b-\u23ad\uf8eb-\uf8fe]+|√|[\u239b-\u23ad\uf8eb-\uf8fe]/gu)) {
      const index = [...it.str.slice(0, m.index)].length;
      at = index;
      const x0 = it.x + at * perChar;
      const x1 = x0 + [...m[0]].length * perChar;
      const piece = pieceOf(m[0].codePointAt(0)!);
      // Pieces at their private-use codes (TeX's extension font) stand 0.75 em under their origin (PdfItem.hangs), each
      // hanging from it as the font's metrics say. Those at Unicode's codes stand where they are drawn.
      const part = pieces[m[0].codePointAt(0)!]?.part;
      if (piece && part) {
        found.push({ text: piece.ch, ch: piece.ch, x0, x1, y: it.y, size: it.size, hangs: true, part });
        continue;
      }
      if (piece) {
        found.push({ text: piece.ch, ch: piece.ch, x0, x1, y: it.y, size: it.size, hangs: true });
        continue;
      }
      // TeX's long arrows are two glyphs set touching (\iff is "⇐" and "⇒").
      const text = m[0].replace(/⇐⇒/g, '⟺').replace(/=⇒/g, '⟹').replace(/⇐=/g, '⟸').replace(/−→/g, '⟶').replace(/←−/g, '⟵');
      atoms.push({ text, x0, x1, y: it.y, size: it.size, bigOp: bigOperators.test(text) || undefined, hangs: it.hangs || undefined });
    }
  }
  // One delimiter: the pieces of one kind standing one over another, each within about an em and a half of the next.
  const groups: Array<typeof found> = [];
  for (const p of found.sort((a, b) => b.y - a.y)) {
    // (A top piece of the extension font is 1.8 em tall: the next piece hangs that far under it.)
    const gap = (p.part ? 1.9 : 1.6) * p.size;
    const g = groups.find(
      (x) => x[0].ch === p.ch && !x[0].part === !p.part && Math.abs(x[0].x0 - p.x0) < 0.5 * p.size && x[x.length - 1].y - p.y < gap,
    );
    if (g) g.push(p);
    else groups.push([p]);
  }
  for (const g of groups) {
    const [first, last] = [g[0], g[g.length - 1]];
    if (first.part && (first.part !== 'top' || last.part !== 'bottom')) {
      // Pieces of the extension font that are not a whole delimiter: the top one stands for it where it stands.
      for (const p of g.filter((x) => x.part === 'top')) atoms.push({ text: p.ch, x0: p.x0, x1: p.x1, y: p.y, size: p.size, hangs: true });
      continue;
    }
    // The extension font's pieces hang from 0.04 em over their origin (0.75 em over where the reader put them) down to
    // 1.76 em under it (0.9 em for a brace's): the delimiter's extent. (At Unicode's codes a piece's origin is not where its
    // ink is in every font: the extent is taken generously.)
    const top = first.part ? first.y + 0.79 * first.size : first.y + first.size;
    const bottom = first.part ? last.y + (0.75 - (/[{}]/.test(last.ch) ? 0.9 : 1.76)) * last.size : last.y - 0.5 * first.size;
    const atom: Atom = {
      text: g[0].ch,
      x0: Math.min(...g.map((p) => p.x0)),
      x1: Math.max(...g.map((p) => p.x1)),
      y: (top + bottom) / 2 - 0.25 * g[0].size,
      size: g[0].size,
      hangs: true,
    };
    atoms.push(atom);
    spans.set(atom, { y0: bottom, y1: top });
  }
  return dotted(atoms);
}

/**
 * TeX's \vdots and \ddots are three full stops drawn one under another (straight down or down to the right, under half an
 * em apart): the one symbol, "⋮" or "⋱", not three dots on rows of their own.
 */
function dotted(atoms: Atom[]): Atom[] {
  const dots = atoms.filter((a) => a.text === '.').sort((a, b) => b.y - a.y);
  const used = new Set<Atom>();
  const out: Atom[] = [];
  for (const d of dots) {
    if (used.has(d)) continue;
    const step = (from: Atom) =>
      dots.find(
        (n) =>
          !used.has(n) &&
          n !== from &&
          from.y - n.y > 0.2 * d.size &&
          from.y - n.y < 0.6 * d.size &&
          Math.abs(n.x0 - from.x0) < 0.6 * d.size,
      );
    const second = step(d);
    const third = second && step(second);
    if (!second || !third) continue;
    const dx = [second.x0 - d.x0, third.x0 - second.x0];
    const straight = dx.every((x) => Math.abs(x) < 0.1 * d.size);
    const diagonal = dx.every((x) => x > 0.15 * d.size) && Math.abs(dx[0] - dx[1]) < 0.1 * d.size;
    if (!straight && !diagonal) continue;
    [d, second, third].forEach((a) => used.add(a));
    // (It stands on the baseline of its lowest dot, as TeX sets it.)
    out.push({ ...third, text: straight ? '⋮' : '⋱', x0: Math.min(d.x0, third.x0), x1: Math.max(d.x1, third.x1) });
  }
  return [...atoms.filter((a) => !used.has(a)), ...out];
}

/** Thin horizontal rules inside the region: fraction bars when glyphs stand over and under them. */
function barsOf(marks: PdfMark[], region: PdfRegion, main: number): Bar[] {
  return marks
    .filter((m) => m.kind === 'path' && m.y1 - m.y0 <= 0.2 * main && m.x1 - m.x0 >= 0.3 * main)
    .filter((m) => m.x0 >= region.x0 - 1 && m.x1 <= region.x1 + 1 && m.y0 >= region.y0 - 1 && m.y1 <= region.y1 + 1)
    .map((m) => ({ x0: m.x0, x1: m.x1, y: (m.y0 + m.y1) / 2 }));
}

/** A numerator or denominator as written after "/": in brackets unless it is one symbol, number or name. */
const operand = (text: string) => (/^[\p{L}\p{N}.,′']+$/u.test(text) || enclosed(text) ? text : `(${text})`);

/** Whether a text is one group in round brackets ("(a + b)", not "(a)(b)"). */
function enclosed(text: string): boolean {
  if (!text.startsWith('(') || !text.endsWith(')')) return false;
  let depth = 0;
  for (const [i, c] of [...text].entries()) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth === 0 && i < [...text].length - 1) return false;
  }
  return true;
}

/** A radicand as written after "√": bare when it is one number or name, else in brackets. */
const radicand = (text: string) => (/^[\p{L}\p{M}\p{N}.]+$/u.test(text) ? text : `(${text})`);

/** What a reading found: cases read inside their brace. */
interface Found {
  cases?: boolean;
}

/**
 * Glyphs and the roots, fractions and bracketed columns made of them, read in rows; `joiner` stands between rows, `spans`
 * holds the extent of the delimiters built from pieces.
 */
function read(atoms: Atom[], bars: Bar[], joiner: string, spans: Map<Atom, Span> = new Map(), found: Found = {}): string {
  if (atoms.length === 0) return '';
  const main = Math.max(...atoms.map((a) => a.size));
  const pool = new Set(atoms);
  const left = [...bars].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
  const units: Atom[] = [];
  // Roots, the widest first: a radical sign with a rule starting at its top right is the root of all the rule covers (the
  // overline decides its reach: "√(x² + y²)", not "√x² + y²"); a fraction under the rule is the root's.
  for (const bar of [...left]) {
    const root = rootAt(bar, [...pool], left, main);
    if (!root) continue;
    const { sign, inner, under, index } = root;
    for (const b of [bar, ...inner]) left.splice(left.indexOf(b), 1);
    [sign, ...under, ...index].forEach((a) => pool.delete(a));
    // The root is one glyph of the display from here on (a fraction's denominator may hold it); a cube root is "∛".
    const n = index.map((a) => a.text).join('');
    const mark = n === '' ? '√' : n === '3' ? '∛' : n === '4' ? '∜' : `√[${n}]`;
    pool.add({ text: `${mark}${radicand(read(under, inner, ' ', spans))}`, x0: sign.x0, x1: bar.x1, y: root.y, size: sign.size });
  }
  // Fractions, the widest bar first: the glyphs over it within its width and those under it, each read on its own.
  while (left.length) {
    const bar = left.shift()!;
    const inWidth = (a: { x0: number; x1: number }) => a.x0 >= bar.x0 - 1 && a.x1 <= bar.x1 + 1;
    // A numerator stands within about an em over the bar and a denominator within an em and a half under it (a script
    // of the row above is further); a fraction inside one takes its own numerator or denominator further out.
    const side = (above: boolean) => {
      const sign = above ? 1 : -1;
      let reach = (above ? 1.2 : 1.5) * main;
      let inner: Bar[] = [];
      for (let grown = true; grown;) {
        const found = left.filter((b) => inWidth(b) && sign * (b.y - bar.y) > 0 && sign * (b.y - bar.y) < reach);
        const next = Math.max(reach, ...found.map((b) => sign * (b.y - bar.y) + (above ? 1.2 : 1.5) * main));
        grown = next > reach;
        reach = next;
        inner = found;
      }
      const atoms = [...pool].filter((a) => inWidth(a) && sign * (a.y - bar.y) > 0 && sign * (a.y - bar.y) < reach);
      return { atoms, inner };
    };
    const [{ atoms: over, inner: overBars }, { atoms: under, inner: underBars }] = [side(true), side(false)];
    if (over.length === 0 || under.length === 0) continue;
    for (const b of [...overBars, ...underBars]) left.splice(left.indexOf(b), 1);
    const size = Math.max(...over.concat(under).map((a) => a.size));
    [...over, ...under].forEach((a) => pool.delete(a));
    units.push({
      text: `${operand(read(over, overBars, ' '))}/${operand(read(under, underBars, ' '))}`,
      x0: bar.x0,
      x1: bar.x1,
      // The bar stands on the math axis, a quarter em over the baseline of its row.
      y: bar.y - 0.25 * size,
      size,
    });
  }
  // Cases: a brace with no partner to its right opens rows that stand over and under the row it follows (the axis of
  // "p(H|I) ="), each a case; they are read inside it, "{ 1, if 0 ≤ H ≤ 1 ; 0, otherwise }", not as rows of the display
  // with the formula before the brace between them. A brace of TeX's extension font stands where the reader guessed: its
  // row is the one of the glyph just left of it, and the cases are the rows right of it, each within two em of the next.
  // (The rightmost first: a brace's cases are a unit when the brace before it is read.)
  for (const brace of [...pool].filter((a) => a.text === '{').sort((a, b) => b.x0 - a.x0)) {
    if (!pool.has(brace)) continue;
    const rightOf = [...pool, ...units].filter((a) => a !== brace && (a.x0 + a.x1) / 2 > brace.x1 - 0.1 * main);
    const span = spans.get(brace);
    const reach = span ? (span.y1 - span.y0) / 2 : 2.5 * main;
    // (Its partner is a tall brace, not a set's "}" on a row of the cases.)
    if (rightOf.some((a) => a.text === '}' && (a.hangs || spans.has(a)) && Math.abs(a.y - brace.y) < reach)) continue;
    const before = [...pool, ...units]
      .filter((a) => !a.hangs && a.size >= 0.9 * main && a.x1 <= brace.x0 + 0.1 * main && Math.abs(a.y - brace.y) < 2 * main)
      .sort((a, b) => b.x1 - a.x1)[0];
    const axis = before?.y ?? (span ? (span.y0 + span.y1) / 2 - 0.25 * main : brace.y);
    const near = rightOf.filter((a) => Math.abs(a.y - axis) < reach);
    const lines = [...new Set(near.filter((a) => a.size >= 0.9 * main && !a.hangs).map((a) => Math.round(a.y)))].sort((a, b) => b - a);
    // The rows nearest the axis and those spaced from them by less than two em.
    const over = lines.filter((y) => y > axis + 0.3 * main).reverse();
    const under = lines.filter((y) => y < axis - 0.3 * main);
    const chain = (ys: number[], from: number) => {
      const kept: number[] = [];
      for (const y of ys)
        if (Math.abs(y - (kept[kept.length - 1] ?? from)) < 2 * main) kept.push(y);
        else break;
      return kept;
    };
    const top = chain(over, axis);
    const bottom = chain(under, axis);
    if (top.length === 0 || bottom.length === 0) continue;
    const [y1, y0] = [Math.max(...top) + 0.6 * main, Math.min(...bottom) - 0.6 * main];
    // What stands after the cases' rows end (a full stop, the next formula) is the display's, not the last case's.
    const rows = new Set([...top, ...bottom]);
    const end = Math.max(...near.filter((a) => a.size >= 0.9 * main && rows.has(Math.round(a.y))).map((a) => a.x1));
    const inner = near.filter((a) => a.y > y0 && a.y < y1 && a.x0 < end + 0.1 * main);
    [brace, ...inner].forEach((a) => pool.delete(a));
    for (const a of inner) if (units.includes(a)) units.splice(units.indexOf(a), 1);
    found.cases = true;
    const text = `{ ${read(inner, [], ' ; ', spans, found)} }`;
    units.push({ text, x0: brace.x0, x1: Math.max(...inner.map((a) => a.x1)), y: axis, size: main });
  }
  // Columns in tall brackets (a vector's components, a matrix's rows): what stands between a bracket and its partner in
  // rows over and under the bracket's middle is read row by row inside them ("(x, y, z)"), not as rows of the display.
  for (const open of [...pool].filter((a) => /^[([]$/u.test(a.text)).sort((a, b) => a.x0 - b.x0)) {
    if (!pool.has(open) || (open.hangs && !spans.has(open))) continue;
    const partner = open.text.endsWith('(') ? ')' : ']';
    const close = [...pool]
      .filter(
        (c) =>
          c !== open &&
          c.text.startsWith(partner) &&
          c.text.length <= 2 &&
          c.x0 >= open.x1 - 0.1 * main &&
          Math.abs(c.y - open.y) < 0.3 * main,
      )
      .sort((a, b) => a.x0 - b.x0)[0];
    if (!close) continue;
    const span = spans.get(open) ?? spans.get(close);
    const [y0, y1] = span ? [span.y0, span.y1] : [open.y - 1.6 * main, open.y + 1.6 * main];
    const inner = [...pool, ...units].filter((a) => {
      const centre = (a.x0 + a.x1) / 2;
      return a !== open && a !== close && centre > open.x1 - 0.2 * main && centre < close.x0 + 0.2 * main && a.y > y0 && a.y < y1;
    });
    const baselines: number[] = [];
    // (An accent set over or under a letter as a glyph of its own is no row.)
    for (const a of inner.filter((x) => x.size >= 0.9 * main && /[\p{L}\p{N}]/u.test(x.text)).sort((p, q) => q.y - p.y))
      if (!baselines.length || baselines[baselines.length - 1] - a.y >= 0.6 * main) baselines.push(a.y);
    if (baselines.length < 2) continue;
    // A bracket of one glyph says nothing of its height: its rows must stand evenly over and under its middle (a column
    // is centred on it), not be the next row of the display.
    const [top, bottom] = [baselines[0], baselines[baselines.length - 1]];
    if (!span && Math.abs(top - open.y - (open.y - bottom)) > 0.5 * main) continue;
    [open, close, ...inner].forEach((a) => pool.delete(a));
    for (const a of inner) if (units.includes(a)) units.splice(units.indexOf(a), 1);
    const text = `${open.text}${read(inner, [], ', ', spans)}${close.text}`;
    units.push({ text, x0: open.x0, x1: close.x1, y: (top + bottom) / 2, size: main });
  }
  const all = [...pool, ...units];
  // Rows: the baselines of the full-size glyphs, top to bottom (stacked harpoons stand within half an em of each other).
  const full = all.filter((a) => a.size >= 0.9 * main && !a.hangs).sort((a, b) => b.y - a.y);
  const rows: Array<{ y: number; top: number; atoms: Atom[] }> = [];
  for (const a of full) {
    const row = rows[rows.length - 1];
    if (row && row.top - a.y < 0.6 * main) {
      row.atoms.push(a);
      continue;
    }
    rows.push({ y: a.y, top: a.y, atoms: [a] });
  }
  // A row's baseline: where most of its glyphs stand.
  for (const row of rows) {
    const counts = new Map<number, number>();
    for (const a of row.atoms) counts.set(Math.round(a.y), (counts.get(Math.round(a.y)) ?? 0) + a.text.length);
    row.y = [...counts.entries()].sort((p, q) => q[1] - p[1])[0][0];
  }
  // Smaller glyphs and hanging ones go with the nearest row (limits with their operator's); one far from every row is a
  // row of its own.
  for (const a of all.filter((x) => x.size < 0.9 * main || x.hangs).sort((p, q) => Number(!!q.hangs) - Number(!!p.hangs))) {
    const centre = (a.x0 + a.x1) / 2;
    // The operator nearest over or under it (an arrow's label on the next row is that arrow's).
    const operators = rows.flatMap((r) =>
      r.atoms
        .filter(
          (o) => takesLimits.test(o.text) && centre >= o.x0 - 0.3 * main && centre <= o.x1 + reachOf(o) && Math.abs(o.y - a.y) < 2 * main,
        )
        .map((o) => ({ r, d: Math.abs(o.y - a.y) })),
    );
    const operator = operators.sort((p, q) => p.d - q.d)[0]?.r;
    const reach = (a.hangs ? 2 : 1.1) * main;
    const near = rows.reduce<(typeof rows)[number] | undefined>(
      (best, r) => (Math.abs(r.y - a.y) < reach && (!best || Math.abs(r.y - a.y) < Math.abs(best.y - a.y)) ? r : best),
      undefined,
    );
    const row = a.size < 0.9 * main ? (operator ?? near) : near;
    if (row) row.atoms.push(a);
    else rows.push({ y: a.y, top: a.y, atoms: [a] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((r) => readRow(r.atoms, r.y, main))
    .filter(Boolean)
    .join(joiner);
}

const arrowPart = /^[−=⇀↽↼⇁→←⟶⟵⇒⇐⟹⟸]+$/u;
const arrowHead = /[⇀↽↼⇁→←⟶⟵⇒⇐⟹⟸]/u;

/**
 * Arrows drawn from several glyphs (mhchem's shafts of "−" under and over its harpoons, \xrightarrow's row of "−" and a
 * head) as one glyph: the stacked pair's symbol ("⇌"), or the head with its shaft as the long arrow it draws ("⟶").
 */
function arrows(atoms: Atom[], main: number): Atom[] {
  const out: Atom[] = [];
  let run: Atom[] = [];
  const flush = () => {
    const text = run.map((a) => a.text).join('');
    if (run.length > 1 && arrowHead.test(text)) {
      const heads = new Set(text.replace(/[−=]/g, ''));
      const pair = Object.entries(stacked).find(([k]) => [...k].every((c) => heads.has(c)))?.[1];
      const long = text
        .replace(/[−=]*(?:−→|⟶)[−=→⟶]*/g, '⟶')
        .replace(/=+⇒/g, '⟹')
        .replace(/[←⟵][−=←⟵]*/g, '⟵')
        .replace(/[−=]+(?=[⇀↽↼⇁])|(?<=[⇀↽↼⇁])[−=]+/g, '');
      out.push({ ...run[0], text: pair ?? long, x1: Math.max(...run.map((a) => a.x1)), y: Math.max(...run.map((a) => a.y)) });
    } else out.push(...run);
    run = [];
  };
  for (const a of atoms) {
    const last = run[run.length - 1];
    if (arrowPart.test(a.text) && (!last || a.x0 <= Math.max(...run.map((r) => r.x1)) + 0.05 * main)) {
      run.push(a);
      continue;
    }
    flush();
    if (arrowPart.test(a.text)) run.push(a);
    else out.push(a);
  }
  flush();
  return out;
}

interface Piece {
  text: string;
  x0: number;
  x1: number;
  size: number;
  limits?: boolean;
}

/** One row: its full-size glyphs left to right, stacked pairs as one symbol, the smaller ones as their scripts or limits. */
function readRow(atoms: Atom[], base: number, main: number): string {
  const big = arrows(
    atoms.filter((a) => a.size >= 0.9 * main).sort((a, b) => a.x0 - b.x0),
    main,
  );
  const pieces: Piece[] = [];
  for (const a of big) {
    const last = pieces[pieces.length - 1];
    const overlap = last ? Math.min(last.x1, a.x1) - Math.max(last.x0, a.x0) : 0;
    // Two glyphs in one place (the harpoons of an equilibrium arrow): the symbol they draw, else both in order.
    if (last && overlap > 0.5 * Math.min(last.x1 - last.x0, a.x1 - a.x0)) {
      const key = (t: string) => t.replace(/[−-]/g, '');
      const upper = last.text;
      const symbol = stacked[key(upper) + key(a.text)] ?? stacked[key(a.text) + key(upper)];
      last.text = symbol ?? `${upper} ${a.text}`;
      last.x0 = Math.min(last.x0, a.x0);
      last.x1 = Math.max(last.x1, a.x1);
      last.limits ||= !!symbol;
      continue;
    }
    pieces.push({ text: a.text, x0: a.x0, x1: a.x1, size: a.size, limits: takesLimits.test(a.text) });
  }
  // Scripts: runs of smaller glyphs on one baseline, read as a display of their own (a fraction in an exponent).
  const small = atoms.filter((a) => a.size < 0.9 * main).sort((a, b) => a.x0 - b.x0);
  const groups: Atom[][] = [];
  for (const a of small) {
    // (Stacked harpoons in an arrow's label stand a third of an em apart.)
    const g = groups.find((x) => Math.abs(x[0].y - a.y) < 0.4 * a.size && a.x0 - x[x.length - 1].x1 < 0.4 * a.size);
    if (g) g.push(a);
    else groups.push([a]);
  }
  const sub = new Map<Piece, string[]>();
  const sup = new Map<Piece, string[]>();
  const loose: Piece[] = [];
  // Scripts reach to the right of their glyph: the next glyph is spaced from their end.
  const reach = new Map<Piece, number>();
  for (const g of groups) {
    const x0 = Math.min(...g.map((a) => a.x0));
    const x1 = Math.max(...g.map((a) => a.x1));
    const y = g[0].y;
    const text = read(g, [], ' ');
    const centre = (x0 + x1) / 2;
    const host =
      pieces.find(
        (p) => p.limits && centre >= p.x0 - 0.3 * main && centre <= p.x1 + reachOf(p) && (y > base + 0.5 * main || y < base - 0.4 * main),
      ) ?? [...pieces].reverse().find((p) => p.x0 < x0 && x0 - p.x1 < 0.6 * main);
    const raised = y > base + 0.15 * main;
    const lowered = y < base - 0.1 * main;
    if (!host || (!raised && !lowered)) {
      loose.push({ text, x0, x1, size: g[0].size });
      continue;
    }
    const slot = raised ? sup : sub;
    slot.set(host, [...(slot.get(host) ?? []), text]);
    reach.set(host, Math.max(reach.get(host) ?? host.x1, x1));
  }
  const ordered = [
    ...pieces.map((p) => ({
      ...p,
      text: `${p.text}${sub.has(p) ? `_{${sub.get(p)!.join(' ')}}` : ''}${sup.has(p) ? `^{${sup.get(p)!.join(' ')}}` : ''}`,
      x1: reach.get(p) ?? p.x1,
    })),
    ...loose,
  ].sort((a, b) => a.x0 - b.x0);
  let out = '';
  let right = -Infinity;
  for (const p of ordered) {
    out += out && p.x0 - right > 0.15 * main ? ` ${p.text}` : p.text;
    right = Math.max(right, p.x1);
  }
  return out;
}

/** The alt text of an equation region from its glyphs (see the file's head), or undefined when it holds none. */
export function glyphAltText(items: PdfItem[], marks: PdfMark[], region: PdfRegion, found: Found = {}): string | undefined {
  const spans = new Map<Atom, Span>();
  const atoms = atomsOf(items, region, spans);
  if (atoms.length === 0) return undefined;
  const main = Math.max(...atoms.map((a) => a.size));
  const text = read(atoms, barsOf(marks, region, main), ' ; ', spans, found)
    // TeX draws \cdots as three dots: one ellipsis, not three products.
    .replace(/·\s?·\s?·/g, '⋯')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** The characters a text shows, its markup for scripts, brackets and spacing aside (accents as their own marks). */
const drawnAs: Record<string, string> = {
  '⋯': '···',
  '⋮': '...',
  '⋱': '...',
  '⇌': '⇀↽',
  '⇋': '↼⇁',
  '⇄': '→←',
  '⟶': '→',
  '⟵': '←',
  '⟹': '⇒',
  '⟸': '⇐',
  '⟺': '⇐⇒',
};
const shown = (text: string) => [
  ...text
    .normalize('NFKD')
    // The lines write a script's minus and prime as the keyboard's, and escape braces.
    .replace(/-/g, '−')
    .replace(/'/g, '′')
    .replace(/\\(?![a-zA-Z])/g, '')
    .replace(/[⋯⋮⋱⇌⇋⇄⟶⟵⟹⟸⟺]/gu, (c) => drawnAs[c])
    // A tall delimiter's pieces are the one delimiter they draw.
    .replace(/[\u239b-\u23ad\uf8eb-\uf8fe]/gu, (c) => {
      const piece = pieceOf(c.codePointAt(0)!);
      return piece?.top ? piece.ch : '';
    })
    // An arrow's shaft is drawn in pieces of "−" or "=" as the font has them.
    .replace(/[−=]+(?=[⇀↽↼⇁→⇒])|(?<=[⇀↽↼⇁←⇐])[−=]+/gu, '')
    .replace(/[\s_^{}()/;\p{M}]/gu, ''),
];

/**
 * The alt text of a display picture: read from its glyphs where that reading says every character the lines' text says
 * (it may say more: a script the lines gave to another line), else the lines' text. A glyph no font names (U+FFFD, the
 * page's warning names the page) is left out: the picture shows it, and alt text marked unreadable says nothing of the rest.
 */
export function pictureAltText(items: PdfItem[], marks: PdfMark[], region: PdfRegion): string {
  const said = readAltText(items, marks, region);
  if (!said.includes('\uFFFD')) return said;
  return said
    .replace(/\uFFFD/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function readAltText(items: PdfItem[], marks: PdfMark[], region: PdfRegion): string {
  const found: Found = {};
  const read = glyphAltText(items, marks, region, found);
  // A display holding words (a label over an arrow, "pour un certain S") keeps the order pdf-worded-rows.ts gave them,
  // unless the words are those of cases read inside their brace ("0, otherwise").
  const worded = /(?<![\\\p{L}])(?!(?:exp|log|lim|max|min|sup|inf|det|sin|cos|tan)\b)\p{Ll}{3,}/u;
  if (worded.test(region.text.replace(/[_^]\{[^{}]*\}/g, ' ')) && !found.cases) return region.text;
  if (!read) return region.text;
  const left = new Map<string, number>();
  for (const c of shown(read)) left.set(c, (left.get(c) ?? 0) + 1);
  for (const c of shown(region.text)) {
    const n = left.get(c) ?? 0;
    if (n === 0) return region.text;
    left.set(c, n - 1);
  }
  return read;
}
