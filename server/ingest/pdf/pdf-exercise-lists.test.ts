import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('exercise lists in a LaTeX PDF', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/exercise-lists.pdf'))), 'exercise-lists.pdf');
  });

  it('reads numbered exercises whose marks line up in a column as a list, every item kept with its formulas', () => {
    expect(doc.blocks.filter((b) => b.kind === 'table')).toEqual([]);
    const items = doc.blocks.filter((b) => b.kind === 'list-item' && /^\(\d\)/.test(b.text));
    expect(items.map((b) => b.text.slice(0, 3))).toEqual(['(1)', '(2)', '(3)', '(4)', '(5)']);
    // An item that is mostly a formula is an item too, with its exponents.
    expect(items[1].text).toMatch(/^\(2\) Calculate \|a\|\\\(\^\{2\}\\\) \+ 2 ?a · b \+ \|b\|\\\(\^\{2\}\\\)\.$/);
    expect(items[3].text).toContain('≠ \\(x^{2}\\) + \\(y^{2}\\)');
  });

  it('reads a set of answers in four columns as one list, down each column in turn, the formulas among them included', () => {
    const lead = doc.blocks.findIndex((b) => b.text.startsWith('Choose the vector quantities'));
    expect(doc.blocks[lead].kind).toBe('paragraph');
    const items: string[] = [];
    for (let k = lead + 1; doc.blocks[k]?.kind === 'list-item'; k++) items.push(doc.blocks[k].text);
    expect(items).toEqual([
      'air pressure',
      'wind speed',
      'wind velocity',
      'electric charge',
      'position',
      'distance',
      'time difference',
      'duration',
      'resistance',
      'conductance',
      'x',
      '|x|',
      'mass density',
      'magnitude of v',
      'direction of v',
      'my height',
    ]);
    expect(doc.blocks[lead + 1 + items.length].text).toMatch(/^A vector quantity has a magnitude and a direction/);
  });
});
