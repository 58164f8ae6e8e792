import { DOMParser } from '@xmldom/xmldom';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { ommlToLatex, type XmlNode } from './omml-latex';

/** One m:oMath element written for this test, as Word stores it. */
const omml = (body: string): XmlNode =>
  new DOMParser().parseFromString(
    `<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${body}</m:oMath>`,
    'text/xml',
  ).documentElement as unknown as XmlNode;

const run = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;
const delimited = (beg: string, end: string, inner: string) =>
  `<m:d><m:dPr><m:begChr m:val="${beg}"/><m:endChr m:val="${end}"/></m:dPr><m:e>${inner}</m:e></m:d>`;

describe('ommlToLatex', () => {
  it("reads Word's accents as themselves: the overline of a mean is a bar, not a hat", () => {
    const acc = (chr: string, base: string) => `<m:acc><m:accPr><m:chr m:val="${chr}"/></m:accPr><m:e>${run(base)}</m:e></m:acc>`;
    // nres710's total sum of squares, (y_i - y-bar)^2, and its mean error, epsilon-bar ~ 0.
    expect(ommlToLatex(omml(acc('\u203e', 'y')))).toBe('\\bar{y}');
    expect(ommlToLatex(omml(acc('\u203e', 'ε')))).toMatch(/^\\bar\{/);
    expect(ommlToLatex(omml(acc('\u0302', 'y')))).toBe('\\hat{y}');
    expect(ommlToLatex(omml(acc('\u02d9', 'x')))).toBe('\\dot{x}');
    expect(ommlToLatex(omml(acc('\u0306', 'a')))).toBe('\\breve{a}');
    for (const chr of ['\u203e', '\u02c9', '\u02c7', '\u02d9', '\u00a8', '\u02dc', '\u0301', '\u0300', '\u0306'])
      expect(() => katex.renderToString(ommlToLatex(omml(acc(chr, 'x'))), { throwOnError: true, strict: 'ignore' })).not.toThrow();
  });

  it('never runs a control word into a following letter (KaTeX reads every result)', () => {
    const cases = [
      delimited('⟨', '⟩', run('a,b')),
      delimited('⌊', '⌋', run('x')),
      `<m:sSup><m:e>${run('R')}</m:e><m:sup>${run('m×n')}</m:sup></m:sSup>`,
      delimited('', '|', run('x')),
    ];
    const latex = cases.map((c) => ommlToLatex(omml(c)));
    expect(latex[0]).toBe('\\left\\langle a,b\\right\\rangle');
    expect(latex[2]).toBe('{R}^{m\\times n}');
    // An empty begChr is a delimiter left out: "\left.".
    expect(latex[3]).toBe('\\left.x\\right|');
    for (const l of latex) expect(() => katex.renderToString(l, { throwOnError: true, strict: 'ignore' })).not.toThrow();
  });
});
