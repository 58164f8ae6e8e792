import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { combineAccentRows } from './pdf-blocks';
import { extractPdf } from './pdf-extract';

describe('algorithm-floats.pdf (LaTeX: a ruled algorithm float and an unruled one, pseudocode in the text type)', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/algorithm-floats.pdf'))), 'algorithm-floats.pdf');
  });

  it('keeps every line of a ruled algorithm, short ones included, as one listing with its indentation under its caption', () => {
    const at = doc.blocks.findIndex((b) => b.text.startsWith('Algorithm 1 Round structure'));
    expect(doc.blocks[at]?.kind).toBe('caption');
    const listing = doc.blocks[at + 1];
    expect(listing.kind).toBe('code');
    expect(listing.text.split('\n').map((l) => l.trimEnd())).toEqual([
      's ← p',
      'k_i ← generateRoundKeys(k)',
      'for i = 1 . . . 31 do',
      expect.stringMatching(/^ +s ← addRoundKey\(s, k_i\)$/),
      expect.stringMatching(/^ +s ← sboxLayer\(s\)$/),
      expect.stringMatching(/^ +s ← pLayer\(s\)$/),
      'end for',
      'c ← addRoundKey(s, k_32)',
    ]);
    // The text after the float is a paragraph of its own again.
    expect(doc.blocks[at + 2]).toMatchObject({ kind: 'paragraph', text: expect.stringMatching(/^The addRoundKey operation/) });
  });

  it('reads an unruled algorithm down to the space that ends it', () => {
    const at = doc.blocks.findIndex((b) => b.text.startsWith('Algorithm 2 Averaging'));
    const listing = doc.blocks[at + 1];
    expect(listing.kind).toBe('code');
    expect(listing.text.split('\n').map((l) => l.trim())).toEqual(['for k = 0 . . . 255 do', 'm_k ← mean of the traces in S_k', 'end for']);
    expect(doc.blocks[at + 2]?.text).toMatch(/^Both loops run over every candidate/);
  });
});

describe('accents set on a row of their own over a listing', () => {
  it('are put on the letter under them, or the row is left as it is when a letter is not there', () => {
    expect(combineAccentRows(['  ˆ', 'S_k (t) ← 0'])).toEqual(['S_k\u0302 (t) ← 0']);
    expect(combineAccentRows(['ˆ   ', ' x ← 1'])).toEqual(['ˆ   ', ' x ← 1']);
  });
});
