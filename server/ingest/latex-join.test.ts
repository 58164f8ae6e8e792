import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { joinLatex, withoutDoubleScripts } from './latex-join';

const renders = (latex: string) => {
  katex.renderToString(latex, { throwOnError: true, strict: 'ignore' });
  return true;
};

describe('joinLatex', () => {
  it('keeps a space between a control word and a following letter, and only there', () => {
    expect(joinLatex('m\\times', 'n')).toBe('m\\times n');
    expect(joinLatex('\\left', '\\langle', 'a, b', '\\right', '\\rangle')).toBe('\\left\\langle a, b\\right\\rangle');
    expect(joinLatex('x^{2}', 'y')).toBe('x^{2}y');
    expect(joinLatex('\\alpha', '_{1}')).toBe('\\alpha_{1}');
    expect(renders(joinLatex('\\mathbb{R}^{m\\times', 'n}'))).toBe(true);
  });
});

describe('withoutDoubleScripts', () => {
  it('gives a second script of the same kind an empty base, so KaTeX reads it', () => {
    expect(withoutDoubleScripts('x^{d}_{p}^{p}')).toBe('x^{d}_{p}{}^{p}');
    expect(withoutDoubleScripts('h_{i,k}_{ˆ}')).toBe('h_{i,k}{}_{ˆ}');
    expect(withoutDoubleScripts('a_{b_{c}_{d}}')).toBe('a_{b_{c}{}_{d}}');
    for (const bad of ['x^{d}_{p}^{p}', 'h_{i,k}_{ˆ}', '^{V}_{R}^{R}', 'e^{(}_{k}^{i)}']) {
      expect(() => katex.renderToString(bad, { throwOnError: true })).toThrow();
      expect(renders(withoutDoubleScripts(bad))).toBe(true);
    }
  });

  it('leaves valid LaTeX as it is', () => {
    for (const ok of ['x_{1}^{2}', '\\sum_{i=1}^{n} x_{i}', "f'^{2}", '\\frac{a}{b}^{2}', 'x^{a^{b}}'])
      expect(withoutDoubleScripts(ok)).toBe(ok);
  });
});
