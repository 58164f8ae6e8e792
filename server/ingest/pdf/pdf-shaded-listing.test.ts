import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a program listing on a shaded band, in a typewriter font pdf.js does not flag as fixed-pitch', () => {
  it('keeps the whole listing as one code block, its first line with no statement marks included', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/shaded-listing.pdf'))), 'shaded-listing.pdf');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Load Environment'],
      ['paragraph', 'The following code loads the packages this assignment needs. Run it before anything else.'],
      ['code', 'import Pkg\nPkg.activate(@__DIR__)\nPkg.instantiate()'],
      ['heading', 'Problem 1'],
      ['paragraph', 'A tank holds 40 litres of water and loses a tenth of its volume every hour through a small leak.'],
    ]);
  });
});
