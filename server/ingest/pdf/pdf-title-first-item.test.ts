import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a problem set whose first problem opens on a nested item under the title block', () => {
  it('keeps "1. (a) Consider ..." in the text, never in the title block', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/problem-set-first-item.pdf')));
    const doc = await extractPdf(data, 'problem-set-first-item.pdf');
    expect(doc.title).toBe('Problem Set 2');
    expect(doc.titleBlock).toEqual(['MATH 140', 'Due: Monday, March 9, 2026']);
    const first = doc.blocks.find((b) => b.kind !== 'heading');
    expect(first?.text).toMatch(/^(?:1\. )?(?:\(a\) )?Consider the following outcomes of three coin tosses:$/);
    expect(doc.text).toContain('Consider the following outcomes of three coin tosses:');
  });
});
