import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('short-lines.pdf (LaTeX: short or symbol-heavy lines that are content, not figure labels)', () => {
  let doc: ExtractedDocument;
  const after = (start: string) => doc.blocks[doc.blocks.findIndex((b) => b.text.startsWith(start)) + 1];
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/short-lines.pdf'))), 'short-lines.pdf');
  });

  it('reads a C listing set in the text type as one code block with every statement', () => {
    const listing = after('Permutations on the byte level');
    expect(listing.kind).toBe('code');
    const lines = listing.text.split('\n').map((l) => l.replace(/\s+/g, ''));
    expect(lines.slice(1)).toEqual(['constuint8_ttmp=s[0];', 's[0]=s[2];', 's[2]=s[1];', 's[1]=s[3];', 's[3]=tmp;']);
    expect(lines[0]).toMatch(/^\/\/Permutebytes/);
  });

  it('reads a fraction set small (nicefrac) with its numerator, not as a footnote marker or a script', () => {
    expect(doc.blocks.map((b) => b.text).join('\n')).toContain('applied a total of 64/4 = 16 times.');
  });

  it("keeps an example's label on its own line and a sentence heavy with inline formulas", () => {
    expect(doc.blocks.map((b) => b.text)).toContain('Example 5.7 (Gradient)');
    expect(doc.blocks.some((b) => b.kind === 'paragraph' && /^For f\(.*, the partial derivatives are$/.test(b.text))).toBe(true);
  });

  it('keeps the few words that lead into a display formula, right before it', () => {
    for (const lead of ['Consider the function', 'Therefore, we obtain']) {
      const at = doc.blocks.findIndex((b) => b.text === lead);
      expect(at, lead).toBeGreaterThan(0);
      expect(doc.blocks[at + 1].kind).toBe('equation');
    }
  });

  it('keeps every entry of a list of abbreviations', () => {
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const [abbr, words] of [
      ['AC', 'Alternating Current'],
      ['DC', 'Direct Current'],
      ['FI', 'Fault Injection'],
      ['XOR', 'Exclusive OR'],
    ])
      expect(text).toMatch(new RegExp(`${abbr}\\s*\\|?\\s*${words}`));
  });
});
