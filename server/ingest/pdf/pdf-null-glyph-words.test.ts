import { describe, expect, it } from 'vitest';
import { NamelessGlyphs, readNamelessGlyphs, settleNamelessGlyphs } from './pdf-null-glyph-words';
import { unreadableWarnings } from './pdf-pages';
import { readableText } from './pdf-read';
import type { PdfItem, PdfPage } from './pdf-types';

/**
 * The glyphs a browser's print of a notebook leaves unnamed (composite fonts, no glyph names), as the page reader hands
 * them over: one placeholder per font and code. The words are those of the French notebook read in
 * docs/quality-review.md ("A" + ffi + "cher", "modi" + fi + "ant"), its text set in other fonts spelling them in full.
 */
describe('nameless glyphs read from the document’s own words', () => {
  const glyphs = new NamelessGlyphs();
  const ffi = glyphs.placeholder('g_d0_f7', 155)!;
  const fi = glyphs.placeholder('g_d0_f7', 153)!;
  const f = glyphs.placeholder('g_d0_f7', 143)!;
  const ff = glyphs.placeholder('g_d0_f18', 613)!;
  const one = glyphs.placeholder('g_d0_f18', 1451)!;

  it('gives each font and code one placeholder, the same on every page', () => {
    expect(glyphs.placeholder('g_d0_f7', 155)).toBe(ffi);
    expect(new Set([ffi, fi, f, ff, one]).size).toBe(5);
    expect([...ffi]).toHaveLength(1);
  });

  it('settles a glyph by the words the document spells in full elsewhere, and one word settled reads another', () => {
    const words = [
      // Set in full in the text font of the code cells and the markdown cells.
      'filtre',
      'vérifier',
      'afficher',
      'effet',
      'coefficients',
      `${fi}ltre`,
      `véri${fi}er`,
      `modi${fi}ant`,
      `A${ffi}cher`,
      `A${ffi}chage`,
      `coe${f}${fi}cients`,
      `l`,
      `e${f}fet`,
      `shi${f}té`,
      // The heading font's ff, in a word only the reading of the text font's f gives ("e" + f + "fet" is "effet").
      `E${ff}et`,
    ];
    const settled = settleNamelessGlyphs(words);
    expect(settled.get(fi)).toBe('fi');
    expect(settled.get(ffi)).toBe('ffi');
    expect(settled.get(f)).toBe('f');
    expect(settled.get(ff)).toBe('ff');
  });

  it('leaves a glyph unread when no word settles it, or two readings do equally well, or the word is too short to tell', () => {
    expect(settleNamelessGlyphs([`shi${f}té`, 'signal']).has(f)).toBe(false);
    // "fiance" and "flance" both the document's words (a made-up pair): nothing tells "fi" from "fl" there.
    expect(settleNamelessGlyphs(['fiance', 'flance', `${fi}ance`]).has(fi)).toBe(false);
    expect(settleNamelessGlyphs(['fiance', 'flance', `${fi}ance`, 'filtre', `${fi}ltre`]).get(fi)).toBe('fi');
    expect(settleNamelessGlyphs(['off', `o${f}`]).has(f)).toBe(false);
  });

  it('reads the pages: settled glyphs become their letters, the rest U+FFFD, and each page counts what was read', () => {
    const item = (str: string, x: number, width: number): PdfItem => ({ str, x, y: 700, width, size: 10, font: 'AlegreyaSans' });
    const pages: PdfPage[] = [
      { number: 1, width: 595, height: 842, items: [item('Afficher le filtre et vérifier le résultat', 50, 200)] },
      {
        number: 2,
        width: 595,
        height: 842,
        // "A" + ffi + "cher" drawn as three runs edge to edge, as a browser prints a ligature.
        items: [item('A', 50, 7), item(ffi, 57, 14), item('cher le ', 71, 40), item(`${fi}ltre`, 200, 30), item(`shi${f}té`, 300, 30)],
        unmappedGlyphs: 3,
      },
    ];
    const [first, second] = readNamelessGlyphs(pages, glyphs);
    expect(first).toBe(pages[0]);
    expect(second.items.map((i) => i.str)).toEqual(['A', 'ffi', 'cher le ', 'filtre', 'shi\uFFFDté']);
    expect(second.unmappedGlyphs).toBe(1);
    expect(second.inferredGlyphs).toBe(2);
    expect(unreadableWarnings([second]).map((w) => w.message)).toEqual([
      'page 2: some symbols are set in fonts without a text mapping (bitmap or damaged fonts) and could not be read; formulas there may be incomplete',
      'page 2: 2 letters or ligatures ("ffi", "fi") the PDF leaves unnamed were read from the words the document spells out in full elsewhere',
    ]);
  });

  it('a placeholder is as unread as a control code while the page is read: a run of them is still dropped', () => {
    expect(readableText(`modi${fi}ant`)).toEqual({ text: `modi${fi}ant`, unreadable: 0, garbled: 1 });
    expect(readableText(`${ffi}`)).toEqual({ text: ffi, unreadable: 0, garbled: 1 });
    expect(readableText(`${ffi}${fi}${f}${one}`).text).toBe('');
  });
});
