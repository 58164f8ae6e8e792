import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('answer boxes (test-fixtures/pdf/latex/worksheet-displays.tex)', () => {
  it('reads three labels with their boxes on one line as three lines, each with a blank, not one run-on line or a figure', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/worksheet-displays.pdf'))), 'worksheet-displays.pdf');
    const at = doc.blocks.findIndex((b) => b.text.startsWith('Write the average score'));
    expect(doc.blocks.slice(at + 1, at + 4).map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Average of A = ____'],
      ['paragraph', 'Average of B = ____'],
      ['paragraph', 'Average of the sum = ____'],
    ]);
    expect(doc.blocks.some((b) => b.kind === 'figure' && /Average of/.test(`${b.text} ${b.alt ?? ''}`))).toBe(false);
    // Parts keep their labels in the document's headings.
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Part 1: Marbles', 'Part 2: Spinners']);
  });
});
