import { describe, expect, it } from 'vitest';
import { findEquations } from './pdf-equations';
import type { PdfLine } from './pdf-types';

/** Lines as the extractor orders them on a page of a LaTeX book set in a text font (geometry written for this test). */
const line = (text: string, x0: number, x1: number, y: number, extra: Partial<PdfLine> = {}): PdfLine => ({
  page: 8,
  column: 0,
  x0,
  x1,
  y,
  size: 10,
  font: 'text',
  text,
  columnLeft: 70,
  columnRight: 370,
  math: 0,
  ...extra,
});

describe('findEquations', () => {
  it('keeps a numbered display whose body is set in the text font (only its integral sign is math) as one equation', () => {
    const lines = [
      line('Gaussian quadrature considers', 70, 360, 510),
      line('computing integrals of the form', 70, 230, 496),
      line('\\(Z^{b}\\)', 162, 170, 473, { size: 9, math: 0.5 }),
      line('f (x)w(x)dx, w(x) ≥ 0.', 174, 290, 461, { math: 0.05 }),
      line('(16)', 357, 370, 461),
      line('a', 163, 167, 447, { size: 7.5 }),
      line('Gaussian quadrature approximates the integral by a weighted sum', 70, 368, 428),
    ];
    const out = findEquations(lines, 14);
    expect(out.map((l) => l.region?.kind ?? l.text)).toEqual([
      'Gaussian quadrature considers',
      'computing integrals of the form',
      'equation',
      'Gaussian quadrature approximates the integral by a weighted sum',
    ]);
    const [equation] = out.filter((l) => l.region);
    expect(equation.region?.label).toBe('(16)');
    expect(equation.region?.text).toContain('w(x) ≥ 0');
  });

  it('leaves an indented line of words, or a wordless line with no relation, in the text', () => {
    const lines = [
      line('\\(Z^{b}\\)', 162, 170, 473, { size: 9, math: 0.5 }),
      line('where the weights are chosen freely', 174, 330, 461),
      line('(x1, x2, x3)', 174, 240, 447),
    ];
    expect(findEquations(lines, 14).map((l) => l.region?.kind ?? l.text)).toEqual([
      '\\(Z^{b}\\)',
      'where the weights are chosen freely',
      '(x1, x2, x3)',
    ]);
  });

  it('keeps rows with labels ("Product Rule:") and a fraction between them as one equation, labels and numbers included', () => {
    // As the differentiation rules of a LaTeX book: a label, the formula and its number on each row; the quotient
    // rule's numerator and denominator are lines of their own around its label (geometry written for this test).
    const at = (text: string, x0: number, x1: number, y: number, math: number) => line(text, x0, x1, y, { math, columnRight: 410 });
    const lines = [
      at('denote the derivative of f by f′.', 70, 220, 428, 0.1),
      at('Product Rule: (f(x)g(x))′ = f′(x)g(x) + f(x)g′(x)', 94, 346, 396, 0.4),
      at('(5.29)', 378, 407, 396, 0),
      at('f′(x)g(x) − f(x)g′(x)', 230, 347, 380, 0.8),
      at('Quotient Rule:', 94, 161, 371.5, 0),
      at('(5.30)', 378, 407, 371.5, 0),
      at('(g(x))²', 262, 300, 362, 1),
      at('Sum Rule: (f(x) + g(x))′ = f′(x) + g′(x)', 94, 303, 348, 0.44),
      at('(5.31)', 378, 407, 348, 0),
      at('Here, g ∘ f denotes function composition, which we use throughout.', 70, 362, 310, 0.05),
    ];
    const out = findEquations(lines, 13);
    expect(out.map((l) => l.region?.kind ?? l.text)).toEqual([
      'denote the derivative of f by f′.',
      'equation',
      'Here, g ∘ f denotes function composition, which we use throughout.',
    ]);
    const { region } = out[1];
    expect(region?.label).toBe('(5.29), (5.30), (5.31)');
    expect(region?.text).toContain('Quotient Rule:');
    // The picture stops short of the equation numbers on the right, and paints over any it still takes in.
    expect(region!.x1).toBeLessThan(378);
    expect(region?.masks?.map((m) => m.x0)).toEqual([377.5, 377.5, 377.5]);
  });

  it('keeps a one-line display whose glyphs were all read as LaTeX, unless something is drawn inside it', () => {
    const lines = [
      line('The function we differentiate is', 70, 220, 510),
      line('f(x) = \\(x^{4}\\)', 180, 240, 490, { math: 0.8, plainMath: true }),
      line('(5.9)', 357, 370, 490),
      line('and its derivative follows from the power rule stated above.', 70, 368, 470),
    ];
    const [equation] = findEquations(lines, 14).filter((l) => l.region);
    expect(equation.region?.latex).toBe('f(x) = x^{4}');
    // A stroke over a letter (an overline, a drawn accent) is not in the text: the display stays a picture.
    const bar = { kind: 'path' as const, x0: 200, y0: 499, x1: 205, y1: 499, stroke: true };
    const [drawn] = findEquations(lines, 14, [bar]).filter((l) => l.region);
    expect(drawn.region?.latex).toBeUndefined();
    // Nor does a line with a glyph of TeX's extension font or a bold symbol (plainMath unset).
    const [bold] = findEquations(
      lines.map((l) => ({ ...l, plainMath: undefined })),
      14,
    ).filter((l) => l.region);
    expect(bold.region?.latex).toBeUndefined();
  });

  it('reads an unnumbered line that goes on with the sentence above as text, not as a picture of it', () => {
    // An exercise whose sentence ends on a short indented line of mostly mathematics (geometry written for this test).
    const lines = [
      line('5.4 Compute the Taylor polynomials of f(x) = sin(x) + cos(x)', 70, 368, 212, { math: 0.24 }),
      line('at \\(x_{0}\\) = 0.', 94, 134, 200, { math: 0.6, size: 9 }),
      line('5.5 Consider the following functions', 70, 230, 188),
    ];
    expect(findEquations(lines, 12).map((l) => l.region?.kind ?? l.text)).toEqual([
      '5.4 Compute the Taylor polynomials of f(x) = sin(x) + cos(x) at \\(x_{0}\\) = 0.',
      '5.5 Consider the following functions',
    ]);
  });

  it('leaves the denominator of an inline fraction to its line of prose, so the display below does not draw the prose', () => {
    // "... the partial derivative ∂K/∂R we obtain": the small "∂R" sits on the prose line's band (geometry written for this test).
    const lines = [
      line('When we now compute the partial derivative ∂K we obtain', 72, 350, 190.4, { size: 10.5 }),
      line('∂\\(R_{ij}\\)', 283, 299, 186.6, { size: 7, math: 1 }),
      line('∂\\(K_{pq}\\)', 157, 181, 165.6, { math: 1 }),
      line('= ∑ \\(R_{mp}\\)\\(R_{mq}\\) ,', 185, 320, 158.2, { math: 1 }),
      line('(5.97)', 357, 370, 158.2),
      line('∂\\(R_{ij}\\)', 158, 179, 150.7, { math: 1 }),
      line('and the rest of the derivation follows from the chain rule.', 72, 368, 120, { size: 10.5 }),
    ];
    const out = findEquations(lines, 13);
    expect(out.map((l) => l.region?.kind ?? l.text)).toEqual([
      'When we now compute the partial derivative ∂K we obtain',
      '∂\\(R_{ij}\\)',
      'equation',
      'and the rest of the derivation follows from the chain rule.',
    ]);
    const { region } = out[2];
    expect(region!.y1).toBeLessThan(190.4 - 0.3 * 10.5);
    expect(region?.label).toBe('(5.97)');
  });

  it("reads a typewriter line between a program's lines as the program's, however mathematical its signs", () => {
    // lsinc1113's notebook, page 38: a long Julia statement wrapped after "sin.", its second line all products of π; the
    // line numbers are lines of their own.
    const code = (text: string, x0: number, y: number, math = 0) =>
      line(text, x0, x0 + 5.76 * text.length, y, { mono: true, size: 9.6, font: 'mono', columnLeft: 55, columnRight: 555, math });
    const lines = [
      code('6', 63, 533.7),
      code('s_init = 4 * cos.(2π * f4 * t4)', 99.7, 533.7, 0.1),
      code('7', 63, 520.2),
      code('z4 = s_init + .5 * cos.(10π * f4 * t4) + 1.1 * sin.(7.5π * f4 * t4) + .8 * sin.', 99.7, 520.2, 0.105),
      code('(8π * f4 * t4) + .9 * sin.(12π * f4 * t4)', 99.7, 506.7, 0.103),
      code('8', 63, 493.2),
      code('9 end', 63, 479.7),
    ];
    expect(findEquations(lines, 13.5).filter((l) => l.region)).toEqual([]);
  });
});
