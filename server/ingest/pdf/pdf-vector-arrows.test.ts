import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { COMBINING_ARROW, isArrowFont } from './pdf-vector-arrows';
import { readTexGlyphs, VECTOR_PIECE } from './tex-glyphs';

const notes = () => extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/vector-notes.pdf'))), 'vector-notes.pdf');

describe('vector arrows in LaTeX PDFs', () => {
  it('keeps the arrow of \\vec on its letter: a vector never reads as the number of the same name', async () => {
    const doc = await notes();
    const first = doc.blocks.find((b) => b.kind === 'paragraph' && b.text.startsWith('A vector is'))!;
    expect(first.text).toContain(`as in v${COMBINING_ARROW}, and its magnitude as |v${COMBINING_ARROW}|`);
    expect(first.text).toContain(`Two symbols v and v${COMBINING_ARROW} are different objects`);
    const last = doc.blocks.find((b) => b.kind === 'paragraph' && b.text.startsWith('With k'))!;
    expect(last.text).toContain(`a${COMBINING_ARROW}+b${COMBINING_ARROW} are vectors`);
    // An arrow of the text, on the text's own baseline, stays where it is.
    expect(last.text).toContain('A map f : A → B sends');
    expect(last.text).toContain('g : \\(R^{D}\\) → \\(R^{E}\\) sends');
  });

  it('writes an arrow over several letters as the formula, and keeps the paragraph under it whole', async () => {
    const doc = await notes();
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph');
    // Two paragraphs in the first section and one in the second: the arrows' own baselines split none of them.
    expect(paragraphs).toHaveLength(3);
    const second = paragraphs[1].text;
    expect(second).toMatch(/^The vector from point A to point B is written \\\(\\overrightarrow\{AB\}\\\), and/);
    expect(second).toContain('the rule \\(\\overrightarrow{PQ}\\) = \\(\\overrightarrow{OQ}\\) − \\(\\overrightarrow{OP}\\) holds');
    expect(second).toMatch(/displacement does not\.$/);
    // No bar or head of an arrow is left over as text.
    expect(doc.text).not.toMatch(/−⟶|−→|#»/);
  });

  it('matches numbered headings to bookmarks that leave out an appendix number or a subtitle', async () => {
    const doc = await notes();
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text]);
    expect(headings).toEqual([
      [2, 'B.1 Definition of Vectors'],
      [2, 'B.2 Operation on vectors — a game'],
    ]);
  });

  it("reads CMMI's vector accent and esvect's arrow fonts as arrows, not as text", () => {
    expect(readTexGlyphs('~', 'GQIDQW+CMMI10')).toBe(VECTOR_PIECE);
    expect(isArrowFont('DQPAHR+TeX-vect10')).toBe(true);
    expect(isArrowFont('vect8')).toBe(true);
    expect(isArrowFont('STIXTwoMath-Regular')).toBe(false);
  });
});
