import { joinLatex, withoutDoubleScripts } from '../latex-join';
import { toLatex } from './pdf-math';
import { withDrawnUnderscores } from './pdf-drawn-underscores';
import { radicalLatex, withTextRoots } from './pdf-text-roots';
import { namesAlternative, operatorNames } from './pdf-operator-names';
import { joinTallFractions } from './pdf-tall-fractions';
import type { FacedRun, PdfItem, PdfMark, PdfPage, PdfRegion, RunInLead, TextCell } from './pdf-types';

/** A run of items on one baseline with no column-sized gap inside. */
export interface Segment {
  page: number;
  x0: number;
  x1: number;
  y: number;
  size: number;
  font: string;
  text: string;
  chars: number;
  mono: boolean;
  /** Most characters are set in a bold face. */
  bold?: boolean;
  /** Most characters are set in an italic face (not mathematics). */
  italic?: boolean;
  /** Leading bold or italic words of a line that goes on in another face (a run-in heading). */
  lead?: RunInLead;
  /** See PdfLine.faces. */
  faces?: FacedRun[];
  /** Share of visible characters that are mathematics (0-1). */
  math: number;
  /** See PdfLine.plainMath. */
  plainMath?: boolean;
  /** See PdfLine.bigOps. */
  bigOps?: Array<{ x0: number; x1: number }>;
  /** A figure or table standing here in the reading order (its text is not read as lines). */
  region?: PdfRegion;
  /** A margin note beside the body column. */
  isMargin?: boolean;
  /** Runs set an em or more apart: the cells of a table row that came as one line (see cellsOf). */
  cells?: TextCell[];
  /** See PdfLine.leadMark. */
  leadMark?: string;
  /** See PdfLine.noteMarks. */
  noteMarks?: string[];
  /** See PdfLine.solution. */
  solution?: boolean;
}

/**
 * The runs of a line set an em or more apart ("Outcome   Probability   Payoff"): a table's header row comes as one line when
 * its cells stand closer than a column gutter. Word spaces, even stretched in justified text, stay under an em.
 */
function cellsOf(items: PdfItem[], size: number): TextCell[] | undefined {
  const inked = items.filter((i) => i.str.trim() && i.size >= 0.85 * size).sort((a, b) => a.x - b.x);
  const cells: TextCell[] = [];
  for (const item of inked) {
    const last = cells[cells.length - 1];
    if (last && item.x - last.x1 < size) {
      last.text += (item.x - last.x1 > 0.15 * size && !/\s$/.test(last.text) ? ' ' : '') + item.str;
      last.x1 = Math.max(last.x1, item.x + item.width);
    } else cells.push({ x0: item.x, x1: item.x + item.width, text: item.str });
  }
  for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
  return cells.length >= 2 ? cells : undefined;
}

const symbolOnly = /^[\s∗*†‡§¶#$+,′"'·•°\d]+$/u;

interface OpenRun {
  items: PdfItem[];
  y: number;
  size: number;
  end: number;
  /** The run opened on a list's bullet, whose baseline may sit a little off the text's: the first word after it sets the line's. */
  bullet?: boolean;
}

/** A list's bullet opening a run (alone, or with the item's first words after it in one run of text). */
const openingBullet = /^\s*[•◦▪‣∙■□►](?:\s|$)/u;

/**
 * Groups a page's items into segments (one line of one column). Items are
 * taken left to right; each joins the open run whose baseline it shares
 * (superscripts and subscripts get a looser match) and whose right end it
 * starts near. A gap wider than two em starts a new segment: that is a column
 * gutter, never a word space, even in justified text.
 */
export function pageSegments(page: PdfPage): Segment[] {
  // Short horizontal strokes a font's underscore is drawn as (the listings package with the text's own font).
  const rules = (page.marks ?? []).filter((m) => m.kind === 'path' && m.y1 - m.y0 < 1 && m.x1 - m.x0 > 1 && m.x1 - m.x0 < 12);
  const items = withTextRoots(
    page.items.filter((i) => i.size > 0.5).map((i) => withDrawnUnderscores(i, rules)),
    page.marks ?? [],
  ).sort((a, b) => a.x - b.x || b.y - a.y);
  // Thin horizontal bars of inline fractions (a few characters wide).
  const bars = (page.marks ?? []).filter((m) => m.kind === 'path' && m.y1 - m.y0 < 1 && m.x1 - m.x0 > 1 && m.x1 - m.x0 < 40);
  // A fraction's bar drawn between two glyphs stacked one over the other, across both.
  const barBetween = (a: PdfItem, b: PdfItem) =>
    bars.some(
      (m) =>
        m.x0 <= Math.min(a.x, b.x) + 1 &&
        m.x1 >= Math.max(a.x + a.width, b.x + b.width) - 1 &&
        m.y0 >= Math.min(a.y, b.y) &&
        m.y1 <= Math.max(a.y, b.y),
    );
  const runs: OpenRun[] = [];
  for (const item of items) {
    let best: OpenRun | undefined;
    let bestDy = Infinity;
    for (const run of runs) {
      const size = Math.max(run.size, item.size);
      const gap = item.x - run.end;
      const dy = Math.abs(item.y - run.y);
      const isScript = Math.min(item.size, run.size) < 0.85 * size;
      // The other half of a fraction set small, stacked on the run's last glyphs (∂ over ∂J in \left(\frac{∂}{∂J}\right)):
      // it starts under them, on the other side of the baseline and of the bar, however far they reach.
      const last = run.items[run.items.length - 1];
      const stacked =
        isScript &&
        last.size < 0.85 * size &&
        item.x >= last.x - 0.5 * size &&
        item.x < last.x + last.width &&
        (item.y - run.y) * (last.y - run.y) < 0 &&
        barBetween(item, last);
      if ((gap < -0.5 * size && !stacked) || gap > Math.max(2 * size, 12)) continue;
      // Half of a fraction set small in the line ("x² = ½" in text style): the thick space after a relation and the
      // fraction's null delimiters set it over half an em from the glyph before it, but a bar on the line's axis runs
      // across it, the half wholly on one side of the bar. A margin note has no such bar.
      const fractionHalf =
        isScript &&
        item.size < 0.85 * size &&
        gap < 1.2 * size &&
        bars.some((m) => {
          const middle = (m.y0 + m.y1) / 2;
          return (
            m.x0 <= item.x + 1 &&
            m.x1 >= item.x + item.width - 1 &&
            middle - run.y > 0 &&
            middle - run.y < 0.5 * size &&
            (item.y > middle || item.y + 0.7 * item.size < middle + 1)
          );
        });
      // A sub- or superscript sits against its base; smaller type an em or more away is something
      // else on a nearby baseline (a margin note beside the text), never part of this line.
      if (isScript && !fractionHalf && gap > 0.5 * size && dy > 0.1 * size) continue;
      // The same goes for smaller type on the same baseline past a gap: a margin note beside a line's last word.
      if (isScript && !fractionHalf && gap > 0.8 * size) continue;
      // A big operator hangs from its own baseline (PdfItem.hangs): display sizes reach further from the line's.
      // So does a script against a big delimiter (the J=0 under the bar of \Big|_{J=0}), and the rest of that script.
      const bar = last.hangs && /^[|‖∣]$/u.test(last.str.trim()) && item.y < run.y;
      const onBar = bar || (last.size === item.size && Math.abs(last.y - item.y) < 0.1 * size && Math.abs(last.y - run.y) > 0.55 * size);
      // An exponent on a big closing delimiter (the n of \left(\frac{1}{z}\right)^n) stands as high as the delimiter reaches.
      const afterBig = last.hangs && /^[)\]}⟩]$/u.test(last.str.trim()) && item.y > run.y;
      const onBig = isScript && gap < 0.3 * size && (onBar || afterBig);
      // A script on a script (the 2 of b^{2^2}, the ℓ-1 of b^{2^{ℓ-1}}) stands higher than a script may: it sits against the
      // smaller glyph before it, off that glyph's baseline as a script is off the line's.
      // The glyph it sits against is the run's last, or, above the line in a fraction set small, the numerator's glyph
      // before it: the glyphs come in order of x, and the denominator's may come between (the ")" of f^{(k)} in
      // \frac{f^{(k)}(x_0)}{k!}).
      const against = (p: PdfItem, touching: boolean) =>
        p.size < 0.85 * run.size &&
        item.size <= p.size * 1.05 &&
        item.x - (p.x + p.width) < 0.3 * size &&
        (!touching || item.x - (p.x + p.width) > -0.3 * size) &&
        Math.abs(item.y - p.y) < 0.55 * p.size;
      const onScript = isScript && (against(last, false) || (item.y > run.y && run.items.slice(-4, -1).some((p) => against(p, true))));
      // The numerator of a fraction set in an exponent (the 1 of e^{-1/x}, of (cos x)^{1/2}) stands on its bar, higher than a
      // script stands: it joins the line its bar is raised over.
      const overBar =
        isScript &&
        gap < 0.3 * size &&
        item.y > run.y &&
        bars.some(
          (m) =>
            m.x0 <= item.x + 1 &&
            m.x1 >= item.x + item.width - 1 &&
            m.y0 <= item.y + 0.1 * item.size &&
            m.y0 >= item.y - 0.5 * item.size &&
            m.y0 - run.y > 0.15 * size,
        );
      // A radical sign in text style (\sqrt{2} in a sentence): TeX sets it with its origin raised to its rule, some 0.8 em
      // over the line's baseline, and the rule starts where the sign ends, at that height.
      const surd =
        !isScript &&
        item.str.trim() === '√' &&
        item.y - run.y > 0.5 * size &&
        item.y - run.y < size &&
        // In a sentence: a formula line's roots are the display readers' to build.
        run.items.some((i) => !(i.math ?? 0) && /\p{L}{3}/u.test(i.str)) &&
        // Over a number or a letter ("√2", "√x"): a root over a longer radicand is a formula the display readers build.
        bars.some(
          (m) =>
            Math.abs(m.x0 - (item.x + item.width)) < 0.1 * size &&
            m.x1 - m.x0 < 1.5 * size &&
            Math.abs((m.y0 + m.y1) / 2 - item.y) < 0.15 * size,
        );
      if (dy > (surd ? 1 : onBig ? 0.8 : onScript || overBar ? 0.9 : isScript ? 0.55 : item.hangs ? 0.65 : 0.25) * size) continue;
      if (dy < bestDy) [best, bestDy] = [run, dy];
    }
    // A space run reaches as far as pdfjs measured it (to a margin note on the same baseline): it joins a line but never extends it.
    const isSpace = !item.str.trim();
    if (best) {
      best.items.push(item);
      if (!isSpace) best.end = Math.max(best.end, item.x + item.width);
      if (item.size > best.size * 1.15) [best.y, best.size] = [item.y, item.size];
      // A bullet set a little below the text (the Exo7 chapters lower theirs by a tenth of an em, and the item's first
      // words when they come in its run): the first glyph of the text's size after it is on the line's baseline. Off
      // by that tenth, an inline fraction's numerator stood too high over the run to join it and was dropped.
      else if (
        best.bullet &&
        !isSpace &&
        !item.hangs &&
        Math.abs(item.size - best.size) < 0.05 * best.size &&
        !openingBullet.test(item.str)
      ) {
        best.y = item.y;
        best.bullet = false;
      }
    } else if (!isSpace) {
      runs.push({ items: [item], y: item.y, size: item.size, end: item.x + item.width, bullet: openingBullet.test(item.str) || undefined });
    }
  }
  const read = (group: PdfItem[]) => buildSegment(page.number, group, rules, bars).text;
  return joinProofMarks(joinLinePieces(joinTallFractions(runs, page.marks ?? [], read)))
    .map((run) => buildSegment(page.number, run.items, rules, bars))
    .filter((s) => s.text.length > 0);
}

/**
 * Pieces of one text line that grouping left apart: a run that opened on a script too high for the line's base (the "1"
 * of a ½ in an exponent, e^{½A⁻¹(J,J)}) takes the exponent's letters, then the big bar and the words after it, and ends
 * on the line's baseline in its size, right where the line's first piece stops. Such a run goes on that line.
 */
function joinLinePieces(runs: OpenRun[]): OpenRun[] {
  const first = (r: OpenRun) => Math.min(...r.items.map((i) => i.x));
  const out: OpenRun[] = [];
  for (const run of [...runs].sort((a, b) => first(a) - first(b))) {
    const start = first(run);
    const opening = run.items.find((i) => i.x === start)!;
    const line = out.find(
      (r) =>
        opening.size < 0.85 * r.size &&
        Math.abs(r.y - run.y) < 0.1 * r.size &&
        Math.abs(r.size - run.size) < 0.05 * r.size &&
        start - r.end > -0.5 * r.size &&
        start - r.end < 0.3 * r.size,
    );
    if (!line) {
      out.push(run);
      continue;
    }
    line.items = [...line.items, ...run.items].sort((a, b) => a.x - b.x || b.y - a.y);
    line.end = Math.max(line.end, run.end);
  }
  return out;
}

/**
 * The operator names TeX sets upright (\log, \sin): words of three letters and more in the text's type that still carry
 * scripts (log^k, sin^2 x, the kernel ker f has none in practice but takes one), each a KaTeX command of its own.
 */
const operatorName = new RegExp(`(?:^|[^\\p{L}\\\\])(${namesAlternative(operatorNames)})$`, 'u');

/** The marks a proof ends on (\Box, \blacksquare, \qed's ∎), alone in a run. */
const proofMark = /^[□■∎◻◼▪]$/u;

/**
 * A proof's closing mark pushed to the right margin (\hfill $\Box$, \qed) stands more than two em past the line's
 * last word, so it opened a run of its own, and a lone symbol is no line of text: it was dropped. It ends the nearest
 * line to its left on its baseline.
 */
function joinProofMarks(runs: OpenRun[]): OpenRun[] {
  const first = (r: OpenRun) => Math.min(...r.items.map((i) => i.x));
  const marks = runs.filter((r) => {
    const inked = r.items.filter((i) => i.str.trim());
    return inked.length === 1 && proofMark.test(inked[0].str.trim());
  });
  if (!marks.length) return runs;
  const joined = new Set<OpenRun>();
  for (const mark of marks) {
    const start = first(mark);
    const line = runs
      .filter((r) => r !== mark && !joined.has(r) && !marks.includes(r) && r.end <= start && Math.abs(r.y - mark.y) < 0.25 * r.size)
      .sort((a, b) => b.end - a.end)[0];
    if (!line) continue;
    line.items = [...line.items, ...mark.items];
    line.end = Math.max(line.end, mark.end);
    joined.add(mark);
  }
  return runs.filter((r) => !joined.has(r));
}

/**
 * Appends a raised or lowered script to the text as inline math on its base: the token just
 * before it ("x" + raised "n-1" -> "\(x^{n-1}\)"), or the script of a base already in math
 * ("\(x_{1}\)" + raised "2" -> "\(x_{1}^{2}\)"). docs/document-model.md: inline math is \(latex\).
 */
function appendScript(text: string, script: string, raised: boolean, continues: 'same' | 'stacked' | 'new', made?: string): string {
  const mark = raised ? '^' : '_';
  const latex = made ?? toLatex(script);
  // The next glyph of the same script ("n", "-", "1" of x^{n-1} come as three runs; "\\times" + "n" keeps its space).
  if (continues === 'same' && text.endsWith('}\\)')) return `${joinLatex(text.slice(0, -3), latex)}}\\)`;
  if (continues === 'stacked' && text.endsWith('\\)')) {
    // Back to a script the base already has (the "(" and "i)" of e^{(i)}_k around its subscript): it goes on there.
    const both = stackedScripts.exec(text);
    if (both && both[1] === mark) return `${text.slice(0, both.index)}${mark}{${joinLatex(both[2], latex)}}${both[3]}{${both[4]}}\\)`;
    // A subscript and a superscript on one base (x_1^2).
    return `${text.slice(0, -2)}${mark}{${latex}}\\)`;
  }
  const operator = operatorName.exec(text)?.[1];
  if (operator) return `${text.slice(0, text.length - operator.length)}\\(\\${operator}${mark}{${latex}}\\)`;
  const base = /(?:^|[^\p{L}\p{N}])([\p{L}\p{N}]{1,3}|[)\]|∑∏∫∮⋃⋂])$/u.exec(text)?.[1];
  if (!base) return `${text}\\(${mark}{${latex}}\\)`;
  return `${text.slice(0, text.length - base.length)}\\(${toLatex(base)}${mark}{${latex}}\\)`;
}

/**
 * TeX builds its long arrows from two glyphs set touching (\implies is "=" and "⇒", \longrightarrow
 * "−" and "→"): read as the one arrow they draw.
 */
const joinLongArrows = (text: string) =>
  text.replace(/⇐⇒/g, '⟺').replace(/=⇒/g, '⟹').replace(/⇐=/g, '⟸').replace(/−→/g, '⟶').replace(/←−/g, '⟵');

/** The two scripts closing an inline formula: "^{(}_{k}\\)". */
const stackedScripts = /([\^_])\{((?:[^{}]|\{[^{}]*\})*)\}([\^_])\{((?:[^{}]|\{[^{}]*\})*)\}\\\)$/;

/**
 * Every inline formula of a line made readable by KaTeX's rules: no base with two scripts of one
 * kind; a number over a number between parentheses and nothing else is a binomial coefficient.
 */
const tidyFormulas = (text: string) =>
  text
    .replace(/\((?: ?)\\\(\^\{([^{}]+)\}_\{([^{}]+)\}\\\)(?: ?)\)/g, (_, n: string, k: string) => `\\(\\binom{${n}}{${k}}\\)`)
    .replace(/\\\((.*?)\\\)/g, (_, latex: string) => `\\(${withoutDoubleScripts(latex)}\\)`);

/** Big operators and operator names that take limits: their places, in the order their characters come in the text. */
export const bigOperator = /[∑∏∫∮⋃⋂∐]|\b(?:lim|max|min|sup|inf)\b/g;

function bigOpsOf(items: PdfItem[]): Segment['bigOps'] {
  const out: NonNullable<Segment['bigOps']> = [];
  for (const item of items) {
    const found = [...item.str.matchAll(bigOperator)];
    // One operator in a run is where the run is; several in one run share it (their order still holds).
    for (const _ of found) out.push({ x0: item.x, x1: item.x + item.width });
  }
  return out.length ? out : undefined;
}

/**
 * An inline fraction set in small type at `at`: small raised glyphs over small lowered glyphs, the two halves stacked
 * and a bar between them ("is $\frac{1}{8}$." in text style). Read one by one, the numerator and the
 * denominator look like footnote markers of the word before them and were dropped.
 */
function inlineFraction(
  items: PdfItem[],
  at: number,
  main: PdfItem,
  bars: PdfMark[],
): { latex: string; end: number; x1: number } | undefined {
  const small = (i: PdfItem) => i.size < main.size * 0.85;
  const raised = (i: PdfItem) => i.y - main.y > 0.15 * main.size;
  const lowered = (i: PdfItem) => main.y - i.y > 0.1 * main.size;
  // The small glyphs off the baseline from here on, in either order (the two halves start at the same x).
  let j = at;
  const cluster: PdfItem[] = [];
  while (j < items.length && small(items[j]) && (raised(items[j]) || lowered(items[j]) || !items[j].str.trim())) cluster.push(items[j++]);
  const n = cluster.filter((i) => i.str.trim() && raised(i));
  const d = cluster.filter((i) => i.str.trim() && lowered(i));
  if (!n.length || !d.length) return undefined;
  const span = (run: PdfItem[]) => [Math.min(...run.map((i) => i.x)), Math.max(...run.map((i) => i.x + i.width))];
  const [n0, n1] = span(n);
  const [d0, d1] = span(d);
  // Stacked: each half starts back under the other, not after it (x_1^2 sits beside its base, not under).
  if (d0 > n1 - 0.2 * main.size || n0 > d1 - 0.2 * main.size) return undefined;
  const top = Math.min(...n.map((i) => i.y));
  const bottom = Math.max(...d.map((i) => i.y + i.size * 0.7));
  const bar = bars.some((b) => b.x0 <= Math.min(n0, d0) + 1 && b.x1 >= Math.max(n1, d1) - 1 && b.y0 >= bottom - 1 && b.y1 <= top + 1);
  if (!bar) return undefined;
  // A glyph smaller again than its half's and raised off it is that half's exponent (the n of \frac{1}{z^n}).
  const text = (run: PdfItem[]) => {
    const base = run.find((i) => i.str.trim())!;
    let out = '';
    let inScript: 'sup' | 'sub' | undefined;
    // A root in the half (the √2 of \frac{\sqrt{2}}{2}): what stands under its rule is its radicand (pdf-text-roots.ts).
    let root: { at: number; end: number } | undefined;
    const closeRoot = () => {
      out = `${out.slice(0, root!.at)}\\sqrt{${out.slice(root!.at)}}`;
      root = undefined;
    };
    for (const i of run) {
      if (root && i.str.trim() && i.x >= root.end - 0.1 * i.size) closeRoot();
      if (i.root && !root) {
        out = joinLatex(out, '');
        root = { at: out.length, end: i.root.end };
        inScript = undefined;
        continue;
      }
      const small = i.size < 0.85 * base.size && !!i.str.trim() && !!out;
      const script = small && i.y - base.y > 0.15 * base.size;
      // A smaller glyph set below the half's baseline is a subscript (the 0 of x_0 in \frac{f^{(k)}(x_0)}{k!}).
      const sub = small && base.y - i.y > 0.1 * base.size;
      // The glyphs of one exponent or one subscript come one by one (the i and θ of e^{iθ}): they go on in its braces.
      if ((script && inScript === 'sup') || (sub && inScript === 'sub')) out = `${joinLatex(out.slice(0, -1), toLatex(i.str))}}`;
      else out = script ? `${out}^{${toLatex(i.str)}}` : sub ? `${out}_{${toLatex(i.str)}}` : joinLatex(out, toLatex(i.str));
      inScript = script ? 'sup' : sub ? 'sub' : undefined;
    }
    if (root) closeRoot();
    return out;
  };
  return { latex: `\\(\\frac{${text(n)}}{${text(d)}}\\)`, end: j, x1: Math.max(n1, d1) };
}

/**
 * A fraction set small in a script (the ½ of e^{½A⁻¹(J,J)}): a numerator raised above the line and a denominator starting
 * at its x, below it, with a bar between the two; the bar stands above the baseline (an exponent) or below it (a subscript).
 */
function scriptFraction(
  items: PdfItem[],
  at: number,
  main: PdfItem,
  bars: PdfMark[],
): { latex: string; raised: boolean; end: number; x1: number } | undefined {
  // The two halves start at one x; whichever came first, the numerator is the higher.
  const [n, d] = items[at + 1] && items[at + 1].y > items[at].y ? [items[at + 1], items[at]] : [items[at], items[at + 1]];
  if (
    !d ||
    !n.str.trim() ||
    !d.str.trim() ||
    d.size >= main.size * 0.85 ||
    Math.abs(d.x - n.x) > 0.2 * main.size ||
    n.y - d.y < 0.4 * n.size
  )
    return undefined;
  const [x0, x1] = [Math.min(n.x, d.x), Math.max(n.x + n.width, d.x + d.width)];
  const bar = bars.find((b) => b.x0 <= x0 + 1 && b.x1 >= x1 - 1 && b.y0 >= d.y + 0.5 * d.size - 1 && b.y1 <= n.y + 1);
  if (!bar) return undefined;
  const middle = (bar.y0 + bar.y1) / 2 - main.y;
  if (Math.abs(middle) < 0.15 * main.size) return undefined;
  return { latex: `\\frac{${toLatex(n.str)}}{${toLatex(d.str)}}`, raised: middle > 0, end: at + 2, x1 };
}

function buildSegment(page: number, items: PdfItem[], rules: PdfMark[] = [], bars: PdfMark[] = []): Segment {
  // The dominant run (most characters) sets the size, font and baseline; but a larger size carrying a fifth of
  // the characters is the line's own ("n" and "G" of n_ATP ΔG_ATP, whose subscripts have more letters).
  const weight = new Map<string, number>();
  let main = items[0];
  for (const item of items) {
    const key = `${item.size.toFixed(1)}|${item.font}`;
    const w = (weight.get(key) ?? 0) + item.str.length;
    weight.set(key, w);
    if (w > (weight.get(`${main.size.toFixed(1)}|${main.font}`) ?? 0)) main = item;
  }
  const total = items.reduce((n, i) => n + i.str.length, 0);
  const bySize = new Map<number, number>();
  for (const item of items)
    bySize.set(Math.round(item.size * 2) / 2, (bySize.get(Math.round(item.size * 2) / 2) ?? 0) + item.str.trim().length);
  const largest = Math.max(...[...bySize].filter(([, n]) => n >= total * 0.2).map(([size]) => size));
  if (largest > main.size * 1.2) main = items.find((i) => Math.round(i.size * 2) / 2 === largest && i.str.trim()) ?? main;
  // A run opening on a list's bullet may stand a little below the text (see OpenRun.bullet): the line's baseline, off
  // which scripts and a fraction's halves are measured, is that of the words after it.
  if (openingBullet.test(main.str)) {
    const on = items.find(
      (i) =>
        i.str.trim() &&
        !i.hangs &&
        !openingBullet.test(i.str) &&
        Math.abs(i.size - main.size) < 0.05 * main.size &&
        Math.abs(i.y - main.y) < 0.25 * main.size,
    );
    if (on) main = { ...main, y: on.y };
  }
  let text = '';
  let prevEnd = -Infinity;
  let prev: PdfItem | undefined;
  // The script being read: where it ends, and the baseline and size of its first glyph (a smaller glyph raised off it,
  // the -1 of e^{A^{-1}}, is its own exponent).
  let lastScript: { raised: boolean; end: number; y?: number; size?: number; inner?: boolean } | undefined;
  let math = 0;
  let visible = 0;
  // A run-in heading: bold or italic words from the line's start, up to the first wide gap or the
  // first word in another face (mathematics inside it, as in "Using X to Predict Y", stays in it).
  let leadEnd: number | undefined;
  let leadOpen = true;
  let leadFace: 'bold' | 'italic' | undefined;
  let leadGap = false;
  let leadChars = 0;
  let skipTo = 0;
  // Runs of words in a bold or italic text face (never mathematics): where each starts and ends in `text`.
  const faced: Array<{ face: 'bold' | 'italic'; start: number; end: number }> = [];
  let facedOpen = false;
  let leadMark: string | undefined;
  const noteMarks: string[] = [];
  // Roots being read (pdf-text-roots.ts): where the sign stands in `text`, where its radicand starts, where its rule ends.
  const roots: Array<{ at: number; start: number; end: number; index?: string }> = [];
  const closeRoot = () => {
    const root = roots.pop()!;
    const radicand = text.slice(root.start);
    // A formula opened under the rule and closed past it (a script reaching out of the root) cannot be cut at the rule:
    // the sign stays a character before its radicand.
    const balanced = (radicand.match(/\\\(/g)?.length ?? 0) === (radicand.match(/\\\)/g)?.length ?? 0);
    text =
      balanced && radicand.trim()
        ? text.slice(0, root.at) + radicalLatex(radicand.trim(), root.index) + (/\s$/.test(radicand) ? ' ' : '')
        : `${text.slice(0, root.at)}√${radicand}`;
  };
  for (const [at, item] of items.entries()) {
    if (at < skipTo) continue;
    while (roots.length && item.str.trim() && item.x >= roots[roots.length - 1].end - 0.25 * main.size) closeRoot();
    // An item read below as a script, a fraction or a footnote mark ends a run (it is appended apart, or not at all).
    const runGoesOn: boolean = facedOpen;
    facedOpen = false;
    const face = item.bold ? 'bold' : item.italic ? 'italic' : undefined;
    if (leadOpen && item.str.trim()) {
      if (!text.trim()) {
        leadFace = face;
        leadOpen = face !== undefined;
      } else if (item.x - prevEnd > 0.7 * main.size && leadChars > 0) {
        [leadEnd, leadGap, leadOpen] = [text.length, true, false];
      } else if (face !== leadFace && !(item.math ?? 0)) {
        if (leadChars > 0) leadEnd = text.length;
        leadOpen = false;
      }
      if (leadOpen && face === leadFace) leadChars += item.str.trim().length;
    }
    const isSmall = item.size < main.size * 0.85;
    const raised = item.y - main.y > 0.15 * main.size;
    const lowered = main.y - item.y > 0.1 * main.size;
    const gap = item.x - prevEnd;
    math += item.math ?? 0;
    visible += item.glyphs ?? item.str.replace(/\s/g, '').length;
    // A root in a script (e^{√x}) or inside a formula already open is left to the script reader, as before.
    const inFormula = (text.match(/\\\(/g)?.length ?? 0) > (text.match(/\\\)/g)?.length ?? 0);
    if (item.root && item.size >= 0.85 * main.size && !inFormula) {
      if (text && !/\s$/.test(text) && gap > 0.15 * main.size) text += ' ';
      roots.push({ at: text.length, start: text.length, end: item.root.end, index: item.root.index });
      prevEnd = Math.max(prevEnd, item.x + item.width);
      prev = item;
      lastScript = undefined;
      continue;
    }
    // A raised number right before a fraction slash is the numerator of a fraction set small ("⁶⁴⁄₄"): text, not a
    // footnote marker or a script of the word before it.
    const next = items[at + 1];
    const numerator =
      isSmall &&
      raised &&
      /^\d+$/.test(item.str.trim()) &&
      !!next &&
      /^[/⁄]/.test(next.str) &&
      next.x - (item.x + item.width) < 0.3 * main.size;
    const fraction = isSmall && (raised || lowered) && item.str.trim() ? inlineFraction(items, at, main, bars) : undefined;
    if (fraction) {
      text += (text && !/\s$/.test(text) && gap > 0.15 * main.size ? ' ' : '') + fraction.latex;
      for (const part of items.slice(at + 1, fraction.end)) {
        math += part.math ?? 0;
        visible += part.str.replace(/\s/g, '').length;
      }
      prevEnd = Math.max(prevEnd, fraction.x1);
      prev = item;
      lastScript = undefined;
      skipTo = fraction.end;
      continue;
    }
    // A fraction in an exponent: its numerator raised, or its denominator first (the two start at one x) and barely off the
    // baseline, with the numerator right after it.
    const numeratorNext =
      !!next && next.size < main.size * 0.85 && Math.abs(next.x - item.x) < 0.2 * main.size && next.y - main.y > 0.15 * main.size;
    const small =
      isSmall && (raised || numeratorNext) && item.str.trim() && text.trim() && gap < 0.5 * main.size
        ? scriptFraction(items, at, main, bars)
        : undefined;
    if (small) {
      const continues = lastScript && item.x <= lastScript.end + 0.3 * main.size && lastScript.raised === small.raised ? 'same' : 'new';
      text = appendScript(text.trimEnd(), '', small.raised, continues, small.latex);
      math += items[at + 1].math ?? 0;
      visible += items[at + 1].str.replace(/\s/g, '').length;
      lastScript = { raised: small.raised, end: small.x1 };
      prevEnd = Math.max(prevEnd, small.x1);
      prev = item;
      skipTo = small.end;
      continue;
    }
    if (isSmall && (raised || lowered) && item.str.trim() && !numerator) {
      // Footnote and affiliation markers (superscript symbols or digits after a word in text type) are noise in
      // running text; scripts on mathematics (a math font, or a single-letter base as in "x2") are kept as inline math.
      // A footnote's symbol (†, ‡, §, ¶, ∗) after a word of letters in text type is its mark even when the word ends in a
      // digit ("symbols-a4†"); after a single letter, a closing bracket ("so(3)^∗", a dual) or on mathematics it is a
      // script (A^†).
      const onWord =
        /^[\s∗*†‡§¶]+$/u.test(item.str) &&
        !(prev?.math ?? 0) &&
        !lastScript &&
        /(?:^|\s)[^\s\\]*\p{L}{2}[\p{L}\p{N}._-]*$/u.test(text.trimEnd()) &&
        !operatorName.test(text);
      const onMath =
        !onWord &&
        ((item.math ?? 0) > 0 || (prev?.math ?? 0) > 0 || /(?:^|[^\p{L}])\p{L}$|[\d)\]]$/u.test(text.trimEnd()) || operatorName.test(text));
      if (symbolOnly.test(item.str) && !onMath) {
        // A mark opening the line opens a footnote's text (the notes at a page's foot are told apart by it); one after a
        // word is where the footnote is called (its note is placed after that paragraph).
        if (!text.trim()) leadMark ??= item.str.trim();
        else noteMarks.push(item.str.trim());
        prevEnd = item.x + item.width;
        continue;
      }
      // A word in text type does not carry scripts ("and" + a raised "f" is a fraction's numerator nearby).
      const baseWord = /[\p{L}]{3,}$/u.test(text) && !(prev?.math ?? 0) && !operatorName.test(text);
      if (text.trim() && gap < 0.5 * main.size && !baseWord) {
        const continues =
          lastScript && item.x <= lastScript.end + 0.3 * main.size
            ? lastScript.raised === raised && item.x >= lastScript.end - 0.5
              ? 'same'
              : 'stacked'
            : 'new';
        const level = continues === 'same' && lastScript?.y !== undefined && lastScript.size !== undefined ? lastScript : undefined;
        const inner = !!level && raised && item.size < 0.85 * level.size! && item.y - level.y! > 0.25 * level.size!;
        // A subscript on an exponent (the 2 of n^{\log_2 3}): smaller again and below the exponent's own baseline.
        const innerLow = !!level && !inner && item.size < 0.85 * level.size! && level.y! - item.y > 0.1 * level.size!;
        if ((inner || innerLow) && level.inner && text.endsWith('}}\\)')) text = `${joinLatex(text.slice(0, -4), toLatex(item.str))}}}\\)`;
        else if ((inner || innerLow) && text.endsWith('}\\)'))
          text = `${text.slice(0, -3)}${innerLow ? '_' : '^'}{${toLatex(item.str)}}}\\)`;
        else text = appendScript(text.trimEnd(), item.str, raised, continues);
        lastScript = { raised, end: item.x + item.width, y: level?.y ?? item.y, size: level?.size ?? item.size, inner: inner || innerLow };
        prevEnd = Math.max(prevEnd, item.x + item.width);
        prev = item;
        continue;
      }
    }
    // An underscore drawn as a stroke in the gap between two parts of a name ("uint8" _ "t"): the name is one word.
    const underscore =
      gap > 0 &&
      /[\p{L}\p{N}]$/u.test(text) &&
      /^[\p{L}\p{N}]/u.test(item.str) &&
      rules.some((r) => r.x0 >= prevEnd - 0.5 && r.x1 <= item.x + 0.5 && Math.abs(r.y0 - item.y) < 0.3 * main.size);
    const needsSpace =
      text.length > 0 &&
      gap > 0.15 * main.size &&
      !/\s$/.test(text) &&
      !/^\s/.test(item.str) &&
      (numerator || !(isSmall && (raised || lowered)));
    text += (underscore ? '_' : needsSpace ? ' ' : '') + item.str;
    if (item.str.trim()) {
      // A listing's keywords in bold type are the listing's colours, not words set apart.
      const face = (item.math ?? 0) || item.mono ? undefined : item.bold ? 'bold' : item.italic ? 'italic' : undefined;
      const run = faced[faced.length - 1];
      if (face && runGoesOn && run?.face === face) run.end = text.length;
      else if (face) faced.push({ face, start: text.length - item.str.length, end: text.length });
      facedOpen = !!face;
    } else facedOpen = runGoesOn;
    prevEnd = Math.max(prevEnd, item.x + item.width);
    prev = item;
    if (item.str.trim()) lastScript = undefined;
  }
  while (roots.length) closeRoot();
  const lead = leadEnd !== undefined ? text.slice(0, leadEnd).replace(/\s+/g, ' ').trim() : undefined;
  const faces = facedRuns(text, faced);
  text = tidyFormulas(joinLongArrows(text.replace(/\s+/g, ' ').trim()));
  const share = (pick: (i: PdfItem) => boolean | undefined) =>
    items.reduce((n, i) => n + (pick(i) ? i.str.trim().length : 0), 0) / Math.max(1, visible);
  // Space runs can stretch far past the last letter (to a margin note): the line ends where its ink ends.
  const inked = items.filter((i) => i.str.trim());
  const x0 = Math.min(...inked.map((i) => i.x));
  const x1 = Math.max(...inked.map((i) => i.x + i.width));
  return {
    page,
    x0,
    x1,
    y: main.y,
    size: main.size,
    font: main.font,
    text,
    chars: text.length,
    // A sentence that names a file or an address in typewriter type ("on my website: http://...csv.") is prose, not a listing.
    mono: main.mono === true && share((i) => i.mono) > 0.8,
    bold: share((i) => i.bold) > 0.6 || undefined,
    italic: share((i) => i.italic && !i.bold) > 0.6 || undefined,
    lead:
      lead && leadFace && leadChars >= lead.replace(/\s/g, '').length * 0.5 && lead.length < text.length
        ? { text: lead, face: leadFace, gap: leadGap }
        : undefined,
    ...(faces.length ? { faces } : {}),
    math: visible ? math / visible : 0,
    plainMath: items.every((i) => !i.hangs && !i.bold && !i.boldMath && !i.mono) || undefined,
    bigOps: bigOpsOf(items),
    cells: cellsOf(items, main.size),
    ...(leadMark ? { leadMark } : {}),
    ...(noteMarks.length ? { noteMarks } : {}),
  };
}

/**
 * The bold and italic runs of a line as words: only inside a line that goes on in the text face (a line all in bold is a
 * heading's or a box's, not words set apart in a sentence), of two letters or more, without a formula.
 */
function facedRuns(text: string, runs: ReadonlyArray<{ face: 'bold' | 'italic'; start: number; end: number }>): FacedRun[] {
  const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').length;
  const inFace = runs.reduce((n, r) => n + letters(text.slice(r.start, r.end)), 0);
  if (inFace >= letters(text) * 0.6) return [];
  return runs
    .map((r) => ({ face: r.face, text: text.slice(r.start, r.end).replace(/\s+/g, ' ').trim() }))
    .filter((r) => letters(r.text) >= 2 && !r.text.includes('\\('));
}
