import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { readPdf } from './pdf-read';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/combining-accents.pdf')));

describe('math accents a PDF maps to combining characters, drawn before their letters', () => {
  it('puts each arrow and each hat on the letter it is drawn over', async () => {
    const doc = await extractPdf(fixture(), 'combining-accents.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toContain('the sum a\u20d7+b\u20d7 is the diagonal');
    expect(text).toContain('The estimate x\u0302 + y\u0302 carries its hats');
    // No mark is left on an operator, a space or the word before the formula.
    expect(text).not.toMatch(/[+\s.,:]\p{M}|m\p{M}|e\p{M}\s/u);
  });

  it('moves the runs after a mark to where their glyphs are drawn', async () => {
    const { raw, doc } = await readPdf(fixture());
    await doc.loadingTask.destroy();
    const a = raw.pages[0].items.find((i) => i.str === 'a\u20d7');
    const sum = raw.pages[0].items.find((i) => i.str.endsWith('the sum'));
    expect(a && sum).toBeTruthy();
    // The letter starts after the word before it ends, with the word's space between them.
    expect(a!.x).toBeGreaterThan(sum!.x + sum!.width + 0.1 * a!.size);
  });
});

describe('a negation slash a PDF maps to the combining long solidus (U+0338)', () => {
  it('reads it with the relation after it, never as an accent on the letter before it', async () => {
    const doc = await extractPdf(
      new Uint8Array(readFileSync(fixturePath('pdf/latex/negation-slash-tounicode.pdf'))),
      'negation-slash-tounicode.pdf',
    );
    const text = doc.blocks.map((b) => b.text).join('\n');
    expect(text).toMatch(/that is v ≠ 0 and/u);
    expect(text).toMatch(/while \\\(X_\{n\}\\\) ≠ \\\(Y_\{n\}\\\)|while X_\{?n\}? ≠ Y_\{?n\}?/u);
    expect(text).toContain('∉');
    // No letter carries the slash (v̸, n̸): the instructor would read a struck-out letter.
    expect(text).not.toMatch(/\p{L}\u0338/u);
  });
});
