import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-braces-fr.pdf')));

describe('displays of rows under a big left brace', () => {
  it('reads the head, the brace and its rows as one cases display', async () => {
    const doc = await extractPdf(fixture(), 'display-braces-fr.pdf');
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    expect(equations).toHaveLength(2);
    expect(equations[0].latex).toBe('\\exists ! π : \\begin{cases}T^{\\ast}M \\to M \\\\ (q, p) \\mapsto q\\end{cases}');
    expect(equations[0].image).toBeUndefined();
  });

  it('reads two braces on one line left to right, each with its own head and rows', async () => {
    const doc = await extractPdf(fixture(), 'display-braces-fr.pdf');
    const latex = doc.blocks.filter((b) => b.kind === 'equation')[1].latex ?? '';
    expect(latex).toMatch(/^L : \\begin\{cases\}.*\(t, x, v\) \\mapsto L\(t, x, v\)\\end\{cases\} H : \\begin\{cases\}/);
    expect(latex).toContain('(t, q, p) \\mapsto H(t, q, p)\\end{cases}');
    expect(() => katex.renderToString(latex, { throwOnError: true, displayMode: true })).not.toThrow();
  });
});
