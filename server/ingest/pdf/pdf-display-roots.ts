import type { Atom } from './pdf-display-atoms';

/** A thin horizontal rule of a display: a fraction bar or a radical's rule (its vinculum). */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
}

/** A radical sign, its rule, the rules under that rule (a fraction in the radicand) and the glyphs the rule covers. */
export interface Root {
  sign: Atom;
  bar: Rule;
  inner: Rule[];
  under: Atom[];
  /** The radicand's baseline, where the root stands. */
  y: number;
  /** The root's index (the "3" of a cube root): small glyphs set in the crook of the sign, over the radicand's baseline. */
  index: Atom[];
}

/**
 * The root a rule draws, if a radical sign stands at its left end: the radicand is what the rule covers ("√(x² + y²)",
 * not "√x² + y²"), read by pdf-display-alt.ts (alt text) and pdf-display-glyphs.ts (LaTeX) alike. A sign of TeX's
 * extension font stands where the reader guessed (PdfItem.hangs), but its width is the glyph's own: its rule starts where
 * the glyph ends (a tenth of an em). A sign whose baseline is at its rule is one TeX hangs from its top (CMSY's \surd in
 * text style: its origin is raised to the rule), so the radicand stands about an em under it, not on its baseline. A
 * root built of several signs one over another is left as its glyphs; a fraction's bar over a root starts at the sign's
 * left, not its right.
 */
export function rootAt(bar: Rule, pool: Atom[], rules: Rule[], main: number): Root | undefined {
  const roots = pool.filter((r) => r.text === '√');
  const sign = roots.find((r) =>
    r.hangs
      ? (r.x0 + r.x1) / 2 < bar.x0 && Math.abs(bar.x0 - r.x1) < 0.1 * main && bar.y - r.y > -main && bar.y - r.y < 2 * main
      : (r.x0 + r.x1) / 2 < bar.x0 && Math.abs(bar.x0 - r.x1) < 0.3 * main && bar.y > r.y && bar.y - r.y < 1.5 * main,
  );
  if (!sign || roots.some((r) => r !== sign && Math.abs(r.x0 - sign.x0) < 0.5 * main)) return undefined;
  const fromTop = sign.hangs || bar.y - sign.y < 0.2 * main;
  const bottom = fromTop ? bar.y - 1.4 * main : sign.y - 0.4 * main;
  const inner = rules.filter((b) => b !== bar && b.x0 >= bar.x0 - 1 && b.x1 <= bar.x1 + 1 && b.y < bar.y && b.y > bottom + 0.2 * main);
  const floor = Math.min(bottom, ...inner.map((b) => b.y - 1.5 * main));
  const covered = (a: Atom, below: number) => {
    const centre = (a.x0 + a.x1) / 2;
    return a !== sign && centre >= bar.x0 && centre <= bar.x1 && a.y < bar.y && a.y > below;
  };
  let under = pool.filter((a) => covered(a, floor));
  // Under a sign hung from its top the rule's reach decides: the radicand's lowest baseline and the scripts set under it
  // (the "1" of β̂₁), however deep the guess put the sign.
  const lines = under.filter((a) => a.size >= 0.9 * main).map((a) => a.y);
  if (fromTop && lines.length) under = pool.filter((a) => covered(a, Math.min(...lines) - 0.45 * main));
  if (under.length === 0) return undefined;
  // (It stands on its radicand's baseline: a guessed one would lift the glyphs after it off theirs.)
  const y = fromTop && lines.length ? Math.max(...lines) : sign.y;
  const index = pool.filter(
    (a) =>
      a !== sign &&
      a.size < 0.9 * main &&
      (a.x0 + a.x1) / 2 > sign.x0 &&
      (a.x0 + a.x1) / 2 < sign.x1 &&
      a.y > y + 0.2 * main &&
      a.y < bar.y,
  );
  return { sign, bar, inner, under, y, index };
}
