import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const read = async () => {
  const name = 'nested-scripts.pdf';
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name);
  return doc.blocks.map((b) => b.text).join('\n');
};

describe('scripts on scripts (test-fixtures/pdf/latex/nested-scripts.tex)', () => {
  it('keeps an exponent on an exponent on its exponent, not dropped off the line', async () => {
    const text = await read();
    expect(text).toContain('(b, \\(b^{2}\\), \\(b^{2^{2}}\\), . . . , \\(b^{2^{\\ell-1}}\\)) modulo n');
    expect(text).toContain('The number \\(2^{2^{k}}\\) + 1 is a Fermat number.');
    // The two-level script of 2^{log* n}: its star over the log, then the n back on the first level.
    expect(text).toMatch(/\\\(2\^\{\\?log\^\{(?:∗|\\ast)\} ?n\}\\\)/);
    // Nothing of them is left as a line of its own.
    expect(text.split('\n').filter((l) => l.trim().length < 4)).toEqual([]);
  });

  it('writes a subscript on an exponent under it (n^{log_2 3})', async () => {
    expect(await read()).toMatch(/Θ\(\\\(n\^\{\\?log_\{2\} ?3\}\\\)\)/);
  });

  it('lets an operator name carry its exponent (log^k, sin^2), not read it as a footnote mark or run it into the name', async () => {
    const text = await read();
    expect(text).toMatch(/\\\(\\log\^\{k\}\\\) g\(n\)/);
    expect(text).toMatch(/\\\(\\sin\^\{2\}\\\) x \+ \\\(\\cos\^\{2\}\\\) x = 1/);
    expect(text).not.toMatch(/logk|sin x \+/);
  });
});
