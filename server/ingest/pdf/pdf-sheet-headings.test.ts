import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('exercise sheets, each a section opening its page (test-fixtures/pdf/latex/exercise-sheets.tex)', () => {
  it('keeps every sheet and exercise heading in order: alike with their numbers folded, they are no running heads', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/exercise-sheets.pdf'))), 'exercise-sheets.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => `${b.level} ${b.text}`);
    const expected = [1, 2, 3, 4].flatMap((n) => [`2 ${n} Blatt 0${n}`, `3 ${n}.1 Aufgabe 1`, `3 ${n}.2 Aufgabe 2`]);
    expect(headings).toEqual(expected);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph')).toHaveLength(8);
  });
});
