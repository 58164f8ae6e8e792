import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { glyphGutter } from './pdf-glyph-gutter';
import type { Segment } from './pdf-lines';

const A4 = 595;

const segment = (text: string, x0: number, x1: number, y: number, math = 0): Segment => ({
  page: 1,
  x0,
  x1,
  y,
  size: 9,
  font: 'f1',
  text,
  chars: text.length,
  mono: false,
  math,
});

const prose = 'words of a line of prose set justified in its column here';

describe('a multicols page whose left column holds a figure and displays beside the right column’s prose', () => {
  it('reads a sentence of the left column whole, no line of the right column inside it', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/multicols-offset.pdf'))), 'multicols-offset.pdf');
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toContain(
      'A crystal is described by its unit cell, the smallest block of the lattice that contains the arrangement of atoms repeated throughout the material. Three vectors span the cell.',
    );
    const right = paragraphs.find((p) => p.startsWith('The reciprocal lattice is spanned by three vectors'));
    expect(right).toMatch(
      /^The reciprocal lattice is spanned by three vectors whose scalar products with the vectors of the cell are either zero or a fixed multiple of a full turn\. Its vectors label the plane waves/,
    );
  });
});

describe('the band no line crosses', () => {
  it('is the gutter between two justified columns with a figure in one of them', () => {
    const lines = [
      ...Array.from({ length: 4 }, (_, k) => segment(prose, 50, 283, 740 - 11 * k)),
      ...Array.from({ length: 30 }, (_, k) => segment(prose, 313, 545, 740 - 11 * k)),
      segment('Ω = |det M|', 120, 210, 400, 1),
    ];
    expect(glyphGutter(lines, A4)).toBeGreaterThan(283);
    expect(glyphGutter(lines, A4)).toBeLessThan(313);
  });

  it('is no gutter in a page-long table of two columns whose left cells end where their words end', () => {
    const rows = Array.from({ length: 24 }, (_, k) => [
      segment('a term of the glossary, '.repeat(1 + (k % 3)).trim(), 50, 160 + 40 * (k % 3), 740 - 20 * k),
      segment('its meaning in a few words of the right cell', 313, 520 - 10 * (k % 4), 740 - 20 * k),
    ]).flat();
    expect(glyphGutter(rows, A4)).toBeUndefined();
  });

  it('is no gutter beside a display whose rows are set in two aligned parts', () => {
    const lines = [
      segment(prose, 50, 545, 760),
      segment(prose, 50, 545, 749),
      ...Array.from({ length: 16 }, (_, k) => [
        segment(`f_{${k}}(x) + g_{${k}}(x) + h_{${k}}(x) =`, 80, 283, 730 - 20 * k, 1),
        segment(`a_{${k}} x^{2} + b_{${k}} x + c_{${k}} + d_{${k}}`, 313, 520, 730 - 20 * k, 1),
      ]).flat(),
    ];
    expect(glyphGutter(lines, A4)).toBeUndefined();
  });

  it('is no gutter beside a figure set to one side of a column of prose', () => {
    const lines = [
      ...Array.from({ length: 30 }, (_, k) => segment(prose, 50, 283, 740 - 11 * k)),
      segment('Figure 1: a sample drawn beside the text.', 330, 520, 560),
      segment('Credit: the fixture.', 380, 470, 549),
    ];
    expect(glyphGutter(lines, A4)).toBeUndefined();
  });

  it('is no gutter on a page of prose across the middle', () => {
    const lines = Array.from({ length: 30 }, (_, k) => segment(prose, 50, 545, 740 - 11 * k));
    expect(glyphGutter(lines, A4)).toBeUndefined();
  });
});
