import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

// Our own fixture (typewriter-display.tex): "... is invoked by" over a display of a command's syntax in typewriter type.
describe('a sentence going on in a typewriter display', () => {
  it('reads the display line with the sentence it ends, the sentences after it apart', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/typewriter-display.pdf')));
    const doc = await extractPdf(data, 'typewriter-display.pdf');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Problem 1'],
      ['paragraph', 'The problem environment of this sheet is invoked by \\begin{problem}[<points>][<title>] . . . \\end{problem}.'],
      ['paragraph', 'Both the points and the title are optional, and either may be left out on its own.'],
      [
        'paragraph',
        'The solution environment is used the same way, and its contents are only shown when the sheet is built with the solutions.',
      ],
    ]);
  });
});
