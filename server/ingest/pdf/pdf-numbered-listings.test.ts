import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { columnSpaces, joinSpacedGlyphs } from './pdf-numbered-listings';

const fixture = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/sweave-listing-fr.pdf')));

describe('a listing with numbered lines on a shaded band, in the text type (listings numbers=left, Sweave notes)', () => {
  it('is one code block holding its lines in order, without the numbers, its broken line whole; the Sweave chunk after it another', async () => {
    const doc = await extractPdf(fixture(), 'sweave-listing-fr.pdf');
    const code = doc.blocks.filter((b) => b.kind === 'code');
    // The listing (the text's type, \footnotesize) and the chunk (typewriter, the text's size) are two listings.
    expect(code).toHaveLength(2);
    expect(code[0].text.split('\n')).toHaveLength(3);
    const lines = code.flatMap((b) => b.text.split('\n'));
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

describe('a numbered listing in fixed columns (the listings package default), captioned below', () => {
  const columns = () => new Uint8Array(readFileSync(fixturePath('pdf/latex/listing-columns-fr.pdf')));

  it('reads each line with the spaces typed, not the ones pdf.js puts between glyphs standing apart in their columns', async () => {
    const doc = await extractPdf(columns(), 'listing-columns-fr.pdf');
    const code = doc.blocks.filter((b) => b.kind === 'code');
    expect(code).toHaveLength(1);
    const lines = code[0].text.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '# Import data',
      "data <- read.csv('data/Titanic/train.csv', stringsAsFactors = T)",
      'summary(data)',
      "# Visualisation des variables en fct de l'age",
      'par(mfrow = c(3,2))',
      'plot(Age ~ Survived + Pclass + Sex + Fare + Embarked, data)',
      '# Ajout de la variable nom de famille',
    ]);
    // A broken line goes on after its row: where the package broke it is not known, so a space may stand there.
    expect(lines[7]).toMatch(/^data\$Surname <- as\.factor\(sapply\(as\.character\(data\$Name ?\),$/);
    // A line indented deep in the listing and broken onto a row nearer the edge keeps its rest.
    expect(lines[8]).toMatch(/^ +function\(x\) strsplit\(x, split = '\[,\]'\)\[\[1\]\]\[1\]\)\)$/);
    expect(lines[9]).toMatch(
      /^fitL <- step\(lm\(Age ~ Survived \+ Pclass \+ Sex \+ Fare \+ Embarked \+ Surname \+ LogFare, data\), direction = " ?both"\)$/,
    );
    expect(lines[10]).toBe('head(predict(fitL, dataTest))');
  });

  it("takes the listing's caption as the code block's, not a paragraph", async () => {
    const doc = await extractPdf(columns(), 'listing-columns-fr.pdf');
    expect(doc.blocks.find((b) => b.kind === 'code')?.caption).toBe('Listing 1.1 – Code source en R pour l’exemple');
    expect(doc.blocks.filter((b) => b.kind !== 'code' && /^Listing/.test(b.text))).toEqual([]);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text.slice(0, 20))).toEqual([
      'On cherche à prédire',
      'Le modèle retenu gar',
    ]);
  });
});

describe('columnSpaces', () => {
  it('keeps only as many spaces as the run has columns to spare, those beside an operator first', () => {
    expect(columnSpaces({ str: 'data $Surname', width: 65 }, 5.5)).toBe('data$Surname');
    expect(columnSpaces({ str: 'par ( mfrow =', width: 60.8 }, 5.5)).toBe('par(mfrow =');
    expect(columnSpaces({ str: 'Embarked + Surname + LogFare ,', width: 158.4 }, 5.5)).toBe('Embarked + Surname + LogFare,');
    expect(columnSpaces({ str: '+ Sex +', width: 40.3 }, 5.5)).toBe('+ Sex +');
    expect(columnSpaces({ str: 'l a', width: 8.5 }, 5.5)).toBe('la');
  });
});
