import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('an operator with a limit (\\lim_{n\\to\\infty}) in a Beamer frame', () => {
  const read = () =>
    extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-limit-display.pdf'))), 'beamer-limit-display.pdf');

  it('in running text, its limit beside it is the operator\'s script, not the word "limn→∞"', async () => {
    const doc = await read();
    const sentence = doc.blocks.find((b) => b.text.startsWith('However,'))!;
    expect(sentence.text).toContain('However, \\(\\lim_{n\\to \\infty}\\) f');
    expect(doc.blocks.map((b) => b.text).join('\n')).not.toContain('limn');
  });

  it('a display opening with emphasised words and a limit under its operator is a display, never a heading, its formula kept', async () => {
    const doc = await read();
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Discontinuity by Sequences',
      'A proof scheme for discontinuity',
    ]);
    const last = doc.blocks[doc.blocks.length - 1] as { kind: string; text: string; latex?: string };
    expect(last.kind).toBe('equation');
    expect(last.latex).toBe('\\text{\\textit{Proof of }}\\lim_{n\\to \\infty}f(x_{n}) \\ne f(x_{0})');
    expect(last.text).toBe('Proof of lim_{n→∞} f (x_{n}) ≠ f (x_{0})');
    // The limit is the operator's, not a footnote of the page.
    expect(doc.blocks.some((b) => b.text.trim() === 'n→∞')).toBe(false);
  });
});
