import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { equationLatex, formulaLatex } from './pdf-equation-latex';
import { latexToText } from './pdf-math';

describe('equationLatex', () => {
  it('writes a one-line formula read glyph by glyph as LaTeX KaTeX renders', () => {
    expect(equationLatex('f(x) = \\(x^{4}\\)')).toBe('f(x) = x^{4}');
    expect(equationLatex('f(x) = sin(x) + cos(x) ∈ \\(C^{\\infty}\\) .')).toBe('f(x) = \\sin (x) + \\cos (x) \\in C^{\\infty}.');
    expect(equationLatex('f : \\(\\mathbb{R}^{D}\\) → ℝ')).toBe('f : \\mathbb{R}^{D}\\to \\mathbb{R}');
    expect(equationLatex('s mod q = x mod q')).toBe('s \\bmod q = x \\bmod q');
    expect(equationLatex('x = 1 ⟹ y = 2')).toBe('x = 1 \\implies y = 2');
    // Two letters before a script are a product of variables, in a Unicode math font's italics too.
    expect(equationLatex('\\(y_{t}\\) = − \\(bX_{t}\\)')).toBe('y_{t}= - bX_{t}');
    expect(equationLatex('\\(𝑦_{𝑡}\\) = 𝜇 − \\(𝑏𝑋_{𝑡}\\)')).toBe('𝑦_{𝑡}= 𝜇 - 𝑏𝑋_{𝑡}');
    for (const text of ['f(x) = \\(x^{4}\\)', '\\(y_{1}\\) = −2\\(x_{1}\\) + \\(x_{2}\\)'])
      expect(() => katex.renderToString(equationLatex(text)!, { throwOnError: true, displayMode: true })).not.toThrow();
  });

  it('leaves to a picture what the text cannot say', () => {
    // A word that is not an operator name (upright "grad"), an ellipsis, a small fraction read as scripts with no base,
    // a script's own script run on after it, no relation at all.
    expect(equationLatex('∇f = gradf')).toBeUndefined();
    expect(equationLatex('x = (\\(x_{1}\\), . . . , \\(x_{n}\\))')).toBeUndefined();
    expect(equationLatex('f(x) = exp(−\\(_{2σ2}^{1}\\) (x − μ)\\(^{2}\\))')).toBeUndefined();
    expect(equationLatex('u = (01011 11000\\()_{2}\\)5')).toBeUndefined();
    expect(equationLatex('(\\(u_{H}\\) + \\(u_{L}\\))')).toBeUndefined();
    expect(equationLatex('p(\\(t_{0}\\)) = \\(p_{signal}\\) + \\(N_{alg}\\)')).toBeUndefined();
    expect(equationLatex('\\(x_{max}\\) = 1')).toBeUndefined();
    expect(equationLatex('\\(max_{i}\\) = 1')).toBeUndefined();
    // An upright name before its arguments is read only in a display's rows (formulaLatex's `named`).
    expect(equationLatex('\\(y_{t}\\) ∼ LogNormal(μ, \\(σ^{2}\\))')).toBeUndefined();
    expect(formulaLatex('\\(y_{t}\\) ∼ LogNormal(μ, \\(σ^{2}\\))', true)).toBe('y_{t}\\sim \\operatorname{LogNormal}(μ, σ^{2})');
    expect(formulaLatex('x = LogNormal + 1', true)).toBeUndefined();
  });
});

describe('letters with accents placed on them', () => {
  it("are TeX's math accents in the LaTeX, and read back as accented letters in alt text", () => {
    expect(equationLatex('ẋ(t) = f(t, x(t))')).toBe('\\dot{x}(t) = f(t, x(t))');
    expect(equationLatex('x̄ + δ̂ = ũ')).toBe('\\bar{x} + \\hat{δ} = \\tilde{u}');
    expect(equationLatex('v⃗ = 2w⃗')).toBe('\\vec{v} = 2\\vec{w}');
    expect(latexToText('B_{\\hat{δ}}(p) = \\bar{x}')).toBe('B_{δ̂}(p) = x̄');
  });
});
