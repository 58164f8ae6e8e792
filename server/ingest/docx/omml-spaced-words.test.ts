import { DOMParser } from '@xmldom/xmldom';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { ommlToLatex, type XmlNode } from './omml-latex';

/** One m:oMath element written for this test, as Word stores a grading rule typed in its equation editor. */
const omml = (body: string): XmlNode =>
  new DOMParser().parseFromString(
    `<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${body}</m:oMath>`,
    'text/xml',
  ).documentElement as unknown as XmlNode;
const run = (text: string) => `<m:r><m:t xml:space="preserve">${text}</m:t></m:r>`;
const sub = (base: string, index: string) => `<m:sSub><m:e>${run(base)}</m:e><m:sub>${run(index)}</m:sub></m:sSub>`;

describe('words typed with their spaces in an equation', () => {
  it('are text of the formula, their spaces kept', () => {
    expect(ommlToLatex(omml(`${sub('w', 'k')}${run('=Weight of the assignment')}`))).toBe('{w}_{k}=\\text{Weight of the assignment}');
    const rule = ommlToLatex(omml(`${run('Final Mark=')}<m:f><m:num>${run('30*Quiz+70*Exam')}</m:num><m:den>${run('100')}</m:den></m:f>`));
    expect(rule).toBe('\\text{Final Mark}=\\frac{30*Quiz+70*Exam}{100}');
    const html = katex.renderToString(rule, { throwOnError: true, strict: 'ignore' });
    expect(html).toContain('Final Mark');
  });

  it('leave variables, products of letters and functions as mathematics', () => {
    expect(ommlToLatex(omml(run('x y')))).toBe('x y');
    expect(ommlToLatex(omml(run('ab+cd')))).toBe('ab+cd');
    expect(ommlToLatex(omml(run('sin x')))).not.toContain('\\text');
    expect(ommlToLatex(omml(run('log ab')))).not.toContain('\\text');
  });
});
