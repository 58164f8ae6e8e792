import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pageMarks, type GraphicsOps } from './pdf-graphics';
import { pageRanges } from './pdf-pages';

const ops = OPS as unknown as GraphicsOps;

describe('pageMarks', () => {
  it('places paths and images in page space through the current transform, skipping clip paths and white fills', () => {
    const fn = [
      OPS.save,
      OPS.transform,
      OPS.constructPath, // a stroked line, moved by the transform
      OPS.restore,
      OPS.constructPath, // a clip path: paints nothing
      OPS.setFillRGBColor,
      OPS.constructPath, // a white box: a mask, not a drawing
      OPS.paintFormXObjectBegin,
      OPS.paintImageXObject, // an image scaled to 200 x 100 by the form's matrix
      OPS.paintFormXObjectEnd,
    ];
    const args = [
      null,
      [1, 0, 0, 1, 100, 50],
      [OPS.stroke, [], [0, 0, 50, 0]],
      null,
      [OPS.endPath, [], [0, 0, 600, 800]],
      ['#ffffff'],
      [OPS.fill, [], [10, 10, 20, 20]],
      [
        [200, 0, 0, 100, 300, 400],
        [0, 0, 1, 1],
      ],
      ['img_p0_1', 10, 10],
      null,
    ];
    expect(pageMarks(fn, args, ops, { x: 0, y: 0 })).toEqual([
      { kind: 'path', x0: 100, y0: 50, x1: 150, y1: 50, fill: false, stroke: true },
      { kind: 'image', x0: 300, y0: 400, x1: 500, y1: 500 },
    ]);
  });
});

describe('pageRanges', () => {
  it('names pages and runs of pages in words', () => {
    expect(pageRanges([3])).toBe('page 3');
    expect(pageRanges([7, 3, 4, 5, 6])).toBe('pages 3–7');
    expect(pageRanges([2, 5, 9, 10, 11, 12])).toBe('pages 2, 5 and 9–12');
  });
});
