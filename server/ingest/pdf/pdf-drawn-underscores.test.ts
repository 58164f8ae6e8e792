import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { withDrawnUnderscores } from './pdf-drawn-underscores';
import type { PdfItem, PdfMark } from './pdf-types';

describe("LaTeX's \\_ in the text's own type, drawn as a short rule", () => {
  it('reads the names whole with their underscores (test-fixtures/pdf/latex/text-underscores.tex)', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/text-underscores.pdf')));
    const doc = await extractPdf(data, 'text-underscores.pdf');
    expect(doc.text).toContain('named test_abs_n and take no arguments');
    expect(doc.text).toContain('a function get_solution that returns a model');
    expect(doc.text).toContain('version is q5_run, which prompts');
  });

  it('leaves a space alone under an underline as long as the words', () => {
    const item: PdfItem = { str: 'see the notes', x: 100, y: 500, width: 60, size: 10, font: 'text' };
    const underline: PdfMark = { kind: 'path', x0: 100, y0: 498, x1: 160, y1: 498 } as PdfMark;
    expect(withDrawnUnderscores(item, [underline]).str).toBe('see the notes');
  });
});
