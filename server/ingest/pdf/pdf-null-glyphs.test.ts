import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { glyphNameChars } from './pdf-null-glyphs';
import { readableText } from './pdf-read';

const read = (file: string) => extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${file}`))), file);

describe('glyphs whose font maps them to U+0000 (a browser-printed notebook)', () => {
  it("are read by the names the font's encoding gives them: ligatures and digits", async () => {
    const doc = await read('null-glyph-map.pdf');
    expect(doc.text).toContain('Afficher la figure en modifiant le signal shifté: the offset of the fifth filter is reflected');
    expect(doc.text).toContain('The first 12 samples and the 345 that follow are listed; 2024 and 67890 are years');
    expect(doc.blocks.find((b) => b.kind === 'heading')?.text).toBe('Session 3: the notebook');
    expect(doc.text).not.toMatch(/[\u0000\uFFFD]/);
    expect(doc.warnings ?? []).toEqual([]);
  });

  it('leave the replacement character in their place where the font names nothing (Identity-H), and the page is named', async () => {
    const doc = await read('null-glyph-map-cid.pdf');
    expect(doc.text).toContain('A\uFFFDcher la \uFFFDgure en modi\uFFFDant le signal shifté');
    expect(doc.text).toContain('The \uFFFDrst \uFFFD\uFFFD samples');
    expect(doc.text).not.toMatch(/[\u0000-\u0009]/);
    expect((doc.warnings ?? []).some((w) => w.startsWith('page 1'))).toBe(true);
  });

  it("a large unnamed glyph alone at a line's start (an icon beside a remark) is left out, not marked, and the page is named", async () => {
    const doc = await read('null-glyph-icon.pdf');
    expect(doc.text).toContain('Les equations donnent les estimateurs sans biais');
    expect(doc.text).toContain('la remarque est lue sans signe.');
    // The ligature inside a word is still marked: the only replacement character on the page.
    expect(doc.text).toContain('A\uFFFDcher');
    expect(doc.text.match(/\uFFFD/g)).toHaveLength(1);
    expect((doc.warnings ?? []).some((w) => w.startsWith('page 1'))).toBe(true);
  });

  it("reads glyph names by the Adobe Glyph List's rules", () => {
    expect(glyphNameChars('ffi')).toBe('ffi');
    expect(glyphNameChars('f_f_i')).toBe('ffi');
    expect(glyphNameChars('uniFB03')).toBe('ffi');
    expect(glyphNameChars('one.oldstyle')).toBe('1');
    expect(glyphNameChars('uni00520032')).toBe('R2');
    expect(glyphNameChars('u1D400')).toBe('A');
    expect(glyphNameChars('glyph00613')).toBeUndefined();
    expect(glyphNameChars('f_glyph9')).toBeUndefined();
  });

  it('a lone unnamed glyph drawn as a run of its own (as a browser prints a ligature) is marked, a run of codes still dropped', () => {
    expect(readableText('\u0000')).toEqual({ text: '\uFFFD', unreadable: 0, garbled: 1 });
    expect(readableText('modi\u0000ant')).toEqual({ text: 'modi\uFFFDant', unreadable: 0, garbled: 1 });
    expect(readableText('\u0003\u0004\u0005\u0006')).toEqual({ text: '', unreadable: 4, garbled: 4 });
  });
});
