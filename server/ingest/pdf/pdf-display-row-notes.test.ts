import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/display-row-labels.pdf')));

// Lecture notes on reaction mechanisms: bold words inside displays ("Slow", "Fast" beside the steps, "Rate =" before a
// fraction or a product), as chemistry notes set them with \textbf inside an equation.
describe('bold words inside a display equation', () => {
  it('are never headings: the headings are the sections', async () => {
    const doc = await extractPdf(fixture(), 'display-row-labels.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual(['Kinetics: Lecture 9', '1 Mechanisms', '2 Steady state', '2.1 Further reading']);
  });

  it('keep each display whole, numbered, in reading order, the last one included', async () => {
    const doc = await extractPdf(fixture(), 'display-row-labels.pdf');
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    expect(equations.map((e) => e.label)).toEqual(['(1)', '(2)', '(3)']);
    // The mechanism's three rows and both notes are one display, not pieces with a heading between them.
    expect(equations[0].text).toMatch(/Slow.*Fast/);
    expect(equations[1].text).toContain('Rate =');
    expect(equations[2].text).toMatch(/^Rate = k/);
    const kinds = doc.blocks.map((b) => (b.kind === 'equation' ? `eq${b.label}` : b.kind));
    expect(kinds.indexOf('eq(3)')).toBe(kinds.indexOf('eq(2)') + 2);
  });
});
