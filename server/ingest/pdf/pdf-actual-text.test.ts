import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { actualTextByCode } from './pdf-actual-text';
import { extractPdf } from './pdf-extract';

const read = (file: string) => extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${file}`))), file);

/** A file of one stream object holding `content`, deflated or not. */
function fileWith(content: string, deflate: boolean): Uint8Array {
  const body = deflate ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  const dict = deflate ? `<< /Filter /FlateDecode /Length ${body.length} >>` : `<< /Length ${body.length} >>`;
  return new Uint8Array(
    Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n${dict}\nstream\n`, 'latin1'), body, Buffer.from('\nendstream\nendobj\n', 'latin1')]),
  );
}

describe("glyphs mapped to U+0000 that the page's marked content gives an ActualText (a browser's print)", () => {
  it('are read by that text: figures, ligatures and a heading number, with no page kept as a picture', async () => {
    // The page of null-glyph-map-cid.pdf, each unnamed glyph drawn in a span giving its text (actual-text-spans.py).
    const doc = await read('null-glyph-actual-text.pdf');
    expect(doc.blocks.find((b) => b.kind === 'heading')?.text).toBe('Session 3: the notebook');
    expect(doc.text).toContain('Afficher la figure en modifiant le signal shifté: the offset of the fifth filter is reflected');
    expect(doc.text).toContain('The first 12 samples and the 345 that follow are listed; 2024 and 67890 are years');
    expect(doc.text).not.toMatch(/[\u0000\uFFFD]/);
    expect(doc.warnings ?? []).toEqual([]);
  });

  it('without the spans the same page keeps its unread digits marked and named in a warning', async () => {
    const doc = await read('null-glyph-map-cid.pdf');
    expect(doc.text).toContain('The \uFFFDrst \uFFFD\uFFFD samples');
    expect((doc.warnings ?? []).some((w) => w.startsWith('page 1'))).toBe(true);
  });

  it('takes the text of spans drawing one glyph, in literal or UTF-16 strings, deflated or not', () => {
    const content = [
      '/Span<</ActualText (1) >> BDC /F5 35.2 Tf 1 0 0 -1 35 1111 Tm <05AB> Tj EMC',
      '/Span <</ActualText <FEFF00660066>>> BDC [<0265>] TJ EMC',
      '/Span<</ActualText (\\(a\\)) >>BDC (x) Tj EMC',
    ].join('\n');
    for (const deflate of [true, false]) {
      const read = actualTextByCode(fileWith(content, deflate));
      expect(Object.fromEntries(read)).toEqual({ '05ab': '1', '0265': 'ff', '78': '(a)' });
    }
  });

  it('leaves out a code given two texts, and spans drawing several glyphs or none', () => {
    const content = [
      '/Span<</ActualText (1)>> BDC <05AB> Tj EMC',
      '/Span<</ActualText (one)>> BDC <05AB> Tj EMC',
      '/Span<</ActualText (fi)>> BDC <0101> Tj <0102> Tj EMC',
      '/Span<</ActualText (ab)>> BDC <01020103> Tj EMC',
      '/Span<</ActualText (x)>> BDC EMC',
      '/Span<</ActualText (2)>> BDC <05AC> Tj EMC',
    ].join('\n');
    expect(Object.fromEntries(actualTextByCode(fileWith(content, true)))).toEqual({ '05ac': '2' });
  });

  it('does not read a stream whose deflated size passes the limit, nor pictures and font programs', () => {
    const big = `/Span<</ActualText (1)>> BDC <05AB> Tj EMC\n${' '.repeat(17 * 1024 * 1024)}`;
    expect(actualTextByCode(fileWith(big, true)).size).toBe(0);
    const picture = Buffer.from(fileWith('/Span<</ActualText (1)>> BDC <05AB> Tj EMC', false)).toString('latin1');
    const asImage = picture.replace('<< /Length', '<< /Subtype /Image /Length');
    expect(actualTextByCode(new Uint8Array(Buffer.from(asImage, 'latin1'))).size).toBe(0);
  });
});
