import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { joinSpacedGlyphs } from './pdf-numbered-listings';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/sweave-listing-fr.pdf')));

describe('a listing with numbered lines on a shaded band, in the text type (listings numbers=left, Sweave notes)', () => {
  it('is one code block holding its lines in order, without the numbers, its broken line whole, the output after it kept', async () => {
    const doc = await extractPdf(fixture(), 'sweave-listing-fr.pdf');
    const code = doc.blocks.filter((b) => b.kind === 'code');
    expect(code).toHaveLength(1);
    const lines = code[0].text.split('\n');
    expect(lines[0]).toMatch(/^> data ?\$Surname <- as\.factor\(sapply\(as\.character\( ?data ?\$ ?Name\) ?,$/);
    expect(lines[1]).toMatch(/^\+ {8,}function\(x\) strsplit\(x, split = '\[,\]'\)\[\[1\]\]\[1\]\)\)$/);
    expect(lines[2]).toMatch(/^> nombre <- length\(levels\( ?data ?\$Surname ?\) ?\)$/);
    expect(lines.slice(3, 5)).toEqual(['> # Les 6 premieres categories', '> head(summary(data$Surname))']);
    expect(lines[5]).toMatch(/^Andersson +Sage/);
    // No piece of the listing is a picture, a paragraph or a footnote.
    expect(doc.blocks.filter((b) => b.kind === 'figure' && b.page === 1)).toEqual([]);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph' && /Surname|strsplit|nombre/.test(b.text))).toEqual([]);
  });

  it('keeps the labels drawn inside an uncaptioned plot as its alt text, not as a caption printed under it', async () => {
    const doc = await extractPdf(fixture(), 'sweave-listing-fr.pdf');
    const figures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(figures).toHaveLength(1);
    expect(figures[0].caption).toBeUndefined();
    expect(figures[0].text).toBe('');
    expect(figures[0].alt).toMatch(/0\.0 0\.2 0\.4 0\.6 0\.8 1\.0.*Survived/);
    expect(doc.blocks.filter((b) => b.kind !== 'figure').map((b) => b.text)).not.toContainEqual(
      expect.stringMatching(/0\.2 0\.4|Survived/),
    );
  });
});

describe('joinSpacedGlyphs', () => {
  it('reads a word set glyph by glyph whole, between signs too', () => {
    expect(joinSpacedGlyphs('a s . f a c t o r ( s a p p l y (')).toBe('as.factor(sapply(');
    expect(joinSpacedGlyphs('lm (mpg~wt+d r a t+d i s p+hp')).toBe('lm (mpg~wt+drat+disp+hp');
  });

  it('keeps spaced signs and words of a sentence as printed', () => {
    expect(joinSpacedGlyphs('y ~ x + z')).toBe('y ~ x + z');
    expect(joinSpacedGlyphs('c(2, 5 , 3 , 6)')).toBe('c(2, 5 , 3 , 6)');
    expect(joinSpacedGlyphs('# Ajout de l a variable')).toBe('# Ajout de l a variable');
  });
});
