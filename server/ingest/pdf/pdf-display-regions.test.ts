import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const read = () => extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/display-regions.pdf'))), 'display-regions.pdf');

// German notes on iterated maps and chemistry notes on mechanisms (test-fixtures/pdf/latex/display-regions.tex): which
// lines a display takes, and the inline fractions of the text beside them.
describe('the lines a display takes', () => {
  it('an underbrace labelled in words keeps its label, and the sentence going on under it stays text', async () => {
    const { blocks } = await read();
    const at = blocks.findIndex((b) => b.kind === 'equation' && b.text.includes('n-mal'));
    expect(at).toBeGreaterThan(0);
    // "mit f^0 := id." has no word of four letters: it was read as a row of the display and drawn in its picture.
    expect(blocks[at].text).not.toContain('mit');
    expect(blocks[at + 1]).toMatchObject({ kind: 'paragraph', text: 'mit \\(f^{0}\\) := id.' });
  });

  it('an inline fraction in big parentheses is one fraction, its numerator not lost', async () => {
    const text = (await read()).blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Die Ableitung (\\(\\frac{\\partial}{\\partial J}\\) ) wirkt nur auf die Wirkung');
    expect(text).toContain('\\(\\frac{\\partial H}{\\partial θ}\\)');
  });

  it('a display at the foot of a page keeps its number, read like a page number in parentheses', async () => {
    const equations = (await read()).blocks.filter((b) => b.kind === 'equation');
    expect(equations.map((e) => e.label)).toEqual([undefined, '(1)', '(2)']);
    for (const e of equations.slice(1)) expect(e.text).toMatch(/fast.*slow/);
  });
});
