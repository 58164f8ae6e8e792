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
});
