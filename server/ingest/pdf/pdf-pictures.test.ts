import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf, extractPdfWithStats } from './pdf-extract';
import { defaultScanLimits } from '../ocr/ocr-read';

const fixture = (p: string) => new Uint8Array(readFileSync(fixturePath(p)));

/** Width and height a PNG says it has (IHDR), so a test checks the stored bytes, not only the block's claim. */
function pngSize(data: Uint8Array): { width: number; height: number } {
  expect([...data.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('course-chapter.pdf (LaTeX: figures, plot, picture, equations, margin notes, table, running head)', () => {
  let doc: ExtractedDocument;
  const paragraphs = () =>
    doc.blocks
      .filter((b) => b.kind === 'paragraph')
      .map((b) => b.text)
      .join('\n');
  beforeAll(async () => {
    doc = await extractPdf(fixture('pdf/latex/course-chapter.pdf'), 'course-chapter.pdf');
  });

  it('reads every heading, at its level, from the bookmarks', () => {
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level]);
    expect(headings).toEqual([
      ['1 Energy in Cells', 2],
      ['1.1 Glycolysis', 3],
      ['1.2 The Citric Acid Cycle', 3],
      ['2 Measuring Energy', 2],
      ['2.1 Summary', 3],
    ]);
  });

  it('keeps the diagram, the plot and the embedded picture as figures with a PNG of sensible size and their captions', () => {
    const figures = doc.blocks.filter((b) => b.kind === 'figure');
    expect(figures.map((f) => f.caption)).toEqual([
      'Figure 1: The path of energy through the cell, from glucose uptake to the proton gradient.',
      'Figure 2: ATP yield per glucose as the oxygen supply rises, with and without respiration.',
      'Figure 3: A stained cell under the microscope, with its mitochondria marked in colour.',
    ]);
    for (const figure of figures) {
      const stored = doc.images?.find((i) => i.sha256 === figure.image?.sha256);
      expect(stored?.mime).toBe('image/png');
      const { width, height } = pngSize(stored!.data);
      expect({ width, height }).toEqual({ width: figure.image?.width, height: figure.image?.height });
      // Drawn at 144 dpi: a figure several centimetres wide is hundreds of pixels, never a page.
      expect(width).toBeGreaterThan(250);
      expect(width).toBeLessThan(1200);
      expect(height).toBeGreaterThan(120);
      expect(height).toBeLessThan(900);
    }
  });

  it('never reads the labels drawn inside a figure as body text', () => {
    const text = doc.blocks
      .filter((b) => b.kind !== 'figure')
      .map((b) => b.text)
      .join('\n');
    for (const label of ['Glucose uptake', 'Pyruvate pool', 'Mitochondrial matrix', 'Oxygen supply (%)', 'ATP yield'])
      expect(text).not.toContain(label);
  });

  it('keeps each numbered display equation as a picture with its number, its text as alt text', () => {
    const equations = doc.blocks.filter((b) => b.kind === 'equation');
    const labels = equations.flatMap((e) => (e.label ?? '').split(', '));
    expect(labels).toEqual(['(1)', '(2)', '(3)', '(4)']);
    for (const e of equations) {
      expect(e.image?.mime).toBe('image/png');
      expect(e.text.length).toBeGreaterThan(3);
    }
    expect(equations[0].text).toContain('RT ln');
    // The text around an equation stays whole and never holds the formula's pieces.
    expect(paragraphs()).toContain('For a reaction with reactants and products at given concentrations it is');
    expect(paragraphs()).not.toMatch(/\[A\]\[B\]|NADH \(2\)/);
  });

  it('keeps an inline superscript as inline math', () => {
    expect(paragraphs()).toContain('grows like \\(x^{n-1}\\) when each step multiplies');
  });

  it('keeps margin notes as margin blocks, out of the paragraphs beside them', () => {
    const margins = doc.blocks.filter((b) => b.kind === 'margin').map((b) => b.text);
    expect(margins).toEqual([
      'Respiration releases energy in small steps.',
      'The cycle runs twice for every molecule of glucose.',
      'Heat is measured with a calorimeter.',
    ]);
    expect(paragraphs()).not.toMatch(/small steps|runs twice|calorimeter/);
    expect(paragraphs()).toContain('Respiration is the process that releases this energy in controlled steps rather than all at once');
  });

  it('reads the table into rows and cells with its caption', () => {
    const table = doc.blocks.find((b) => b.kind === 'table');
    expect(table?.caption).toBe('Table 1: Typical energy yield of each stage per molecule of glucose.');
    expect(table?.rows?.[0]?.[0]).toBe('Stage');
    expect(table?.rows?.slice(1)).toEqual([
      ['Glycolysis', '2', '2'],
      ['Pyruvate oxidation', '0', '2'],
      ['Citric acid cycle', '2', '6'],
      ['Electron transport', '34', '0'],
    ]);
  });

  it('removes the running head and the page numbers, and keeps the first-page draft notice once, as a paragraph of its own', () => {
    // Printed on one page only, the notice is the material's text (the book keeps it as a publishing notice), not furniture.
    const notices = doc.blocks.filter((b) => /do not distribute/.test(b.text));
    expect(notices.map((b) => [b.kind, b.page])).toEqual([['paragraph', 1]]);
    expect(notices[0].text).toMatch(/^Draft \(May 1, 2024\) of .Course Notes: Energy in Cells.\. Copyright 2024/);
    expect(doc.text.split('Course Notes: Energy in Cells')).toHaveLength(2);
    expect(doc.blocks.some((b) => /^\d+$/.test(b.text.trim()))).toBe(false);
  });

  it('stores each picture once, content-addressed', () => {
    const withImage = doc.blocks.filter((b): b is DocBlock & { image: NonNullable<DocBlock['image']> } => !!b.image);
    const shas = new Set(withImage.map((b) => b.image.sha256));
    expect(doc.images?.map((i) => i.sha256).sort()).toEqual([...shas].sort());
    expect(withImage.every((b) => /^[0-9a-f]{64}$/.test(b.image.sha256))).toBe(true);
  });
});

describe('drawing limits', () => {
  it('a document whose pictures cannot be drawn still gives its text, its captions and its equations, and says so', async () => {
    const { document, render } = await extractPdfWithStats(fixture('pdf/latex/course-chapter.pdf'), 'course-chapter.pdf', {
      maxPages: 0,
      maxRegionPixels: 4_000_000,
      maxTotalPixels: 1,
      maxMs: 1000,
    });
    expect(render.pictures).toBe(0);
    expect(document.images).toBeUndefined();
    expect(document.warnings).toEqual(['figures on pages 1–2 were not drawn: the file has more figures than are drawn for one upload']);
    expect(document.blocks.filter((b) => b.kind === 'figure')).toHaveLength(0);
    expect(document.blocks.filter((b) => b.kind === 'caption').map((b) => b.text)).toContain(
      'Figure 1: The path of energy through the cell, from glucose uptake to the proton gradient.',
    );
    expect(document.blocks.filter((b) => b.kind === 'equation').map((b) => b.label)).toEqual(['(1)', '(2)', '(3)', '(4)']);
    expect(document.text).toContain('Glycolysis splits one molecule of glucose');
  });
  it('says when the drawing time ran out, not that the file has too many figures', async () => {
    const { document, render } = await extractPdfWithStats(fixture('pdf/latex/course-chapter.pdf'), 'course-chapter.pdf', {
      maxPages: 400,
      maxRegionPixels: 4_000_000,
      maxTotalPixels: 250_000_000,
      maxMs: -1,
    });
    expect(render.pictures).toBe(0);
    expect(document.warnings).toEqual([
      "figures on pages 1–2 were not drawn: the time for drawing this file's figures ran out on a busy server; uploading it again may draw them",
    ]);
    expect(document.text).toContain('Glycolysis splits one molecule of glucose');
  });
});

describe('scanned-pages.pdf (a typed page, then two pictures of text)', () => {
  it(
    'reads the typed page, recognizes the scanned ones, and names them as hard to read (drawn at 86 dpi)',
    { timeout: 180_000 },
    async () => {
      // Time enough for both pages on a busy test machine: the time limit has a test of its own (ocr-budget.test.ts).
      const limits = { ...defaultScanLimits, maxMs: 150_000 };
      const { document: doc } = await extractPdfWithStats(fixture('pdf/latex/scanned-pages.pdf'), 'scanned-pages.pdf', undefined, limits);
      expect(doc.summary).toBe('2 scanned pages read as text');
      expect(doc.warnings).toEqual(['pages 2–3 were hard to read: check the recognized text against the original']);
      expect(doc.text).toContain('The first page of this handout was typed');
      expect(doc.text).toContain('Measuring Energy');
      expect([...new Set(doc.blocks.map((b) => b.page))]).toEqual([1, 2, 3]);
      expect(doc.recognized?.map((r) => r.page)).toEqual([2, 3]);
    },
  );
});
