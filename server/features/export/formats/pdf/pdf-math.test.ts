import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildBookDocument } from '@common/book-render/book-document';
import { expandSmoothCurves } from './pdf-math';
import { writePdf } from './write-pdf';

async function pdfOf(content: string) {
  const doc = buildBookDocument({
    topic: 'Regression',
    authors: ['ana'],
    date: '2026-11-24',
    content: { title: 'x', references: [], chapters: [{ title: 'Fitting', content, sections: [] }] },
  });
  const bytes = await writePdf({ doc, images: new Map(), materials: [] });
  return getDocument({ data: bytes, useSystemFonts: false });
}

describe('formulas in the PDF', () => {
  it('typesets formulas as vector paths, in body text and in table cells alike (no pictures, no LaTeX source left)', async () => {
    const task = await pdfOf(
      '<p>The fit <span data-type="inline-math" data-latex="\\hat{Y} = \\beta_0 + \\beta_1 X"></span> is a line.</p>' +
        '<div data-type="block-math" data-latex="\\begin{pmatrix}1&amp;2\\\\3&amp;4\\end{pmatrix}"></div>' +
        '<table><tbody><tr><th><p>Symbol</p></th><th><p>Meaning</p></th></tr>' +
        '<tr><td><p><span data-type="inline-math" data-latex="\\sigma^2"></span></p></td><td><p>the error variance $\\sigma^2$</p></td></tr></tbody></table>',
    );
    const page = await (await task.promise).getPage(3);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('The fit');
    expect(text).toContain('Symbol');
    expect(text).toContain('the error variance');
    // Every formula, the table's included, was typeset: none is left as its LaTeX source.
    expect(text).not.toMatch(/\\(hat|beta|sigma|begin)|\^2/);
    const ops = await page.getOperatorList();
    expect(ops.fnArray).not.toContain(OPS.paintImageXObject);
    expect(ops.fnArray.filter((f) => f === OPS.constructPath).length).toBeGreaterThan(10);
    await task.destroy();
  });

  it('draws a formula once, as a form placed at each occurrence, on every page it is on; text inside it keeps its font', async () => {
    const f = '<span data-type="inline-math" data-latex="F = ma"></span>';
    const t = '<span data-type="inline-math" data-latex="x \\text{ сила } y"></span>';
    const doc = buildBookDocument({
      topic: 'Forces',
      authors: ['ana'],
      date: '2026-11-24',
      content: {
        title: 'x',
        references: [],
        chapters: [
          { title: 'One', content: `<p>${f} and ${f} and ${t}.</p>`, sections: [] },
          { title: 'Two', content: `<p>Again ${f}.</p>`, sections: [] },
        ],
      },
    });
    const bytes = await writePdf({ doc, images: new Map(), materials: [] });
    // Two distinct formulas, two forms, however often they occur.
    expect(
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/Subtype \/Form/g)?.length,
    ).toBe(2);
    const task = getDocument({ data: bytes, useSystemFonts: false });
    const pdf = await task.promise;
    const one = await pdf.getPage(3);
    const two = await pdf.getPage(4);
    const forms = async (page: typeof one) =>
      (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintFormXObjectBegin).length;
    expect(await forms(one)).toBe(3);
    expect(await forms(two)).toBe(1);
    const ops = await one.getOperatorList();
    expect(ops.fnArray.filter((op) => op === OPS.constructPath).length).toBeGreaterThan(3);
    // Text in a script MathJax's fonts lack is set in the PDF's own font, from the form's resources.
    expect(ops.fnArray).toContain(OPS.setFont);
    expect(
      (await one.getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join('')
        .replace(/\s/g, ''),
    ).toContain('сила');
    await task.destroy();
  });

  it('writes smooth quadratic segments (T) as plain ones (Q) with the reflected control point, as SVG defines them', () => {
    expect(expandSmoothCurves('M0 0Q10 10 20 0T40 0T60 0Z')).toBe('M0 0Q10 10 20 0Q30 -10 40 0Q50 10 60 0Z');
    // After a line, a T's control point is the current point.
    expect(expandSmoothCurves('M0 0L10 0T20 10H30V40Z')).toBe('M0 0L10 0Q10 0 20 10H30V40Z');
    // Outlines without T, or with relative commands, are left as written.
    expect(expandSmoothCurves('M1 2L3 4Z')).toBe('M1 2L3 4Z');
    expect(expandSmoothCurves('m1 2t3 4')).toBe('m1 2t3 4');
  });
});
