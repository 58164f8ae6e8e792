import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { pdfLine as line } from '@server/test/ingest/pdf-line.support';
import { extractPdf } from './pdf-extract';
import { removeFurniture, repeatedEdgeMarks } from './pdf-furniture';
import type { PdfMark } from './pdf-types';

describe('publishing notices: furniture when repeated, text when printed once', () => {
  it('removes a copyright foot printed on two pages of twelve and keeps a licence line printed once', () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({
      height: 792,
      lines: [
        line(`Body text of page ${'abcdefghijkl'[i]} goes on here in a sentence that is long enough to read.`, 600, { page: i + 1 }),
        line(`More body text of page ${'abcdefghijkl'[i]} in a second line of the same paragraph.`, 300, { page: i + 1 }),
        ...(i === 0 ? [line('This handout is licensed under a Creative Commons Attribution 4.0 License.', 60, { size: 8 })] : []),
        ...(i === 4 || i === 9 ? [line('Copyright 2024 by the teaching team. All rights reserved.', 50, { page: i + 1, size: 8 })] : []),
      ],
    }));
    const kept = removeFurniture(pages, 10).pages.flat();
    expect(kept.filter((l) => /licensed under/.test(l.text))).toHaveLength(1);
    expect(kept.some((l) => /Copyright 2024/.test(l.text))).toBe(false);
    expect(kept.filter((l) => /body text/i.test(l.text))).toHaveLength(24);
  });

  it('licence-lines.pdf: the copyright foot under every page goes, the first page’s licence line stays once, as a paragraph of its own', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/licence-lines.pdf'))), 'licence-lines.pdf');
    const texts = doc.blocks.map((b) => b.text);
    expect(doc.text).not.toMatch(/All rights reserved/);
    expect(texts.filter((t) => /licensed under/.test(t))).toEqual([
      'This handout is licensed under a Creative Commons Attribution 4.0 International License.',
    ]);
    // Not glued into the paragraph it follows, which ends its own sentence.
    expect(texts[texts.indexOf('This handout is licensed under a Creative Commons Attribution 4.0 International License.') - 1]).toMatch(
      /in time with its motion\.$/,
    );
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Tides and the Moon',
      'Predicting the Tide',
      'Tides Elsewhere',
    ]);
  });
});

describe('repeatedEdgeMarks: the logo and rule of a running head are furniture, not figures', () => {
  // Fourteen pages: a drawn logo (three bars, a ring) and a rule in the head of every page; a figure drawn once
  // at the top of page 3; a table's rule at the same place on five pages in the middle of the text.
  const head = (): PdfMark[] => [
    { kind: 'path', x0: 455, y0: 755, x1: 484, y1: 759, fill: true },
    { kind: 'path', x0: 455, y0: 761, x1: 498, y1: 765, fill: true },
    { kind: 'path', x0: 455, y0: 767, x1: 495, y1: 772, fill: true },
    { kind: 'path', x0: 433, y0: 757, x1: 448, y1: 771, stroke: true },
    { kind: 'path', x0: 62, y0: 750.6, x1: 498, y1: 750.6, stroke: true },
  ];
  const pages = Array.from({ length: 14 }, (_, i) => ({
    height: 842,
    marks: [
      ...head(),
      ...(i === 2 ? [{ kind: 'path' as const, x0: 100, y0: 730, x1: 300, y1: 780, stroke: true }] : []),
      ...(i >= 4 && i < 9 ? [{ kind: 'path' as const, x0: 62, y0: 400, x1: 498, y1: 400, stroke: true }] : []),
    ],
  }));

  it('finds the head drawn on every page, and leaves a drawing made once and rules inside the text', () => {
    const found = repeatedEdgeMarks(pages);
    expect(found.size).toBe(14 * 5);
    expect(pages[2].marks.filter((m) => !found.has(m))).toEqual([{ kind: 'path', x0: 100, y0: 730, x1: 300, y1: 780, stroke: true }]);
    expect(pages[5].marks.filter((m) => !found.has(m))).toHaveLength(1);
  });

  it('finds nothing in a short document, where two pages alike prove nothing', () => {
    expect(repeatedEdgeMarks(pages.slice(0, 2)).size).toBe(0);
  });
});
