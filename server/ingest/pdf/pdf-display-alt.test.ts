import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const equations = async (name: string) => {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
  return doc.blocks.filter((b) => b.kind === 'equation');
};

// Displays kept as pictures say what they show, in reading order: a screen reader reads the formula, and the words of
// the formula are the book's.
describe('the alt text of a display kept as a picture', () => {
  it('keeps the subscripts of chemical formulas and reads an equilibrium arrow as one symbol', async () => {
    const eqs = await equations('display-alt-text.pdf');
    const byLabel = new Map(eqs.map((e) => [e.label, e]));
    expect(byLabel.get('(1)')?.image).toBeDefined();
    expect(byLabel.get('(1)')?.text).toBe('NO_{2} + CO ⟶ NO + CO_{2}');
    // The "3" of the second CH₃ and the phase of the product are the picture's too.
    expect(byLabel.get('(2)')?.text).toBe('CO_{(g)} + CH_{3}OH_{(l)} ⟶ CH_{3}COOH_{(l)}');
    expect(byLabel.get('(3)')?.text).toBe('N_{2}O_{4} ⇌ 2NO_{2}');
    // TeX's \cdots is three dots drawn apart: one ellipsis, so the formula does not end on a product sign.
    expect(byLabel.get('(7)')?.text).toBe('aA + bB + ⋯ ⇌ cC + dD + ⋯');
  });

  it('reads rows top to bottom and a fraction as numerator over denominator, each with its scripts', async () => {
    const byLabel = new Map((await equations('display-alt-text.pdf')).map((e) => [e.label, e.text]));
    expect(byLabel.get('(4)')).toBe('∆_{r}G = μ_{B} − μ_{A} = μ_{B}^{0} − μ_{A}^{0} + RT ln Q ; Q ≡ (P_{B})/(P_{A})');
    expect(byLabel.get('(5)')).toBe('∆_{r}G = 0 = ∆_{r}G^{0} + RT ln K, K = (P_{C}P_{D}^{2})/(P_{A}^{2}P_{B}^{3})');
  });

  it("writes a big operator's limit on it, not after the formula as the lines set it", async () => {
    const sum = (await equations('display-alt-text.pdf')).find((e) => e.label === '(6)');
    expect(sum?.text).toBe('dG = ∑_{i} μ_{i} dn_{i}');
  });

  it("reads a Beamer frame's display with its limits, fractions and delimiters in order", async () => {
    const [eq] = await equations('beamer-display-alt.pdf');
    expect(eq.label).toBe('(1)');
    // The root of the symbol font hangs from its top: its rule covers the whole radicand (it read "√ 2πσ^{2}").
    expect(eq.text).toBe('p(d|θ, I) = ∏_{i=1}^{N} 1/(√(2πσ^{2})) exp (−((d_{i} − s_{i}(θ))^{2})/(2σ^{2}))');
  });

  it('reads a column vector in tall parentheses as its components in order', async () => {
    const texts = (await equations('display-column-vectors.pdf')).map((e) => e.text);
    // Three rows in parentheses drawn in pieces, two rows in one-glyph parentheses: the components inside them, in order,
    // not the rows of the display.
    expect(texts).toContain('𝑥⃗ = (𝑥, 𝑦, 𝑧) .');
    expect(texts).toContain('𝑎⃗ = (1, 2) , 𝑏⃗ = (4, 4) ⟹ 𝑎⃗ + 𝑏⃗ = (5, 6) .');
  });

  it("reads a root over all its radical's rule covers", async () => {
    const texts = (await equations('display-column-vectors.pdf')).map((e) => e.text);
    // Not "√𝑥^{2} + 𝑦^{2} + 𝑧^{2}", the root of the first square only.
    expect(texts).toContain('|𝑥⃗| = √(𝑥^{2} + 𝑦^{2} + 𝑧^{2}).');
  });

  it('reads cases inside their brace, after the formula they follow, words and all', async () => {
    const byLabel = new Map((await equations('display-cases-roots.pdf')).map((e) => [e.label, e.text]));
    // Not "{ 1, if 0 ≤ H ≤ 1, p(H|I) = 0, otherwise.", the formula before the brace between its rows.
    expect(byLabel.get('(1)')).toBe('p(H|I) = { 1, if 0 ≤ H ≤ 1, ; 0, otherwise. }');
    expect(byLabel.get('(2)')).toBe('p(σ|I) = { C, σ > 0 ; 0, σ ≤ 0 }');
    // Two braces on one row: each holds its own cases.
    expect(byLabel.get('(5)')).toBe('F : { ℝ × A → ℝ ; (t, x) ↦ F(t, x) } ↔ G : { ℝ × B → ℝ ; (t, q) ↦ G(t, q) }');
  });

  it("reads a root of TeX's extension font over all its rule covers", async () => {
    const byLabel = new Map((await equations('display-cases-roots.pdf')).map((e) => [e.label, e.text]));
    // Not "√x^{2} + exp(x^{2})": the sign's rule starts where the glyph ends and covers the whole sum.
    expect(byLabel.get('(3)')).toBe('f(x) = √(x^{2} + exp(x^{2})) + cos (x^{2} + exp(x^{2}))');
    // The subscript under the radicand's baseline is the radicand's.
    expect(byLabel.get('(4)')).toBe('g = (β̂_{1} − β_{1})/(√(Var( β̂_{1})))');
  });

  it("reads a column in tall brackets of TeX's extension font, built of pieces, inside its brackets", async () => {
    const byLabel = new Map((await equations('display-cases-roots.pdf')).map((e) => [e.label, e.text]));
    // The pieces' extent (from the font's metrics) says what the brackets enclose: not "[Y_{1}] (a + b) ; Y_{2} c ; Y = = ; …".
    // \vdots is one symbol, not three full stops on rows of their own.
    expect(byLabel.get('(6)')).toBe('Y = [Y_{1}, Y_{2}, ⋮, Y_{n}] = (a + b, c, d, e)');
  });
});
