import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdf } from './pdf-read';
import { pdfjsWorker } from './pdf-worker-thread';

/** A PDF whose every page prints its own number in words, so a page read twice or skipped shows. */
async function numberedPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([300, 400]);
    page.drawText(`This is page number ${n} of the reader`, { x: 30, y: 300, size: 11, font });
  }
  return doc.save();
}

describe('reading the pages of a PDF (pdf.js parsing ahead in its own thread)', () => {
  it('reads every page once, in order, however many pages are asked for ahead', async () => {
    for (const count of [1, 2, 3, 4, 7]) {
      const { raw, doc } = await readPdf(await numberedPdf(count));
      await doc.loadingTask.destroy();
      expect(raw.pages.map((p) => p.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(raw.pages.map((p) => p.items.map((i) => i.str).join(''))).toEqual(
        Array.from({ length: count }, (_, i) => `This is page number ${i + 1} of the reader`),
      );
    }
  });

  it('serves several documents open at once from one thread', async () => {
    const [a, b] = await Promise.all([numberedPdf(3), numberedPdf(5)].map(async (p) => readPdf(await p)));
    expect(a.raw.pages).toHaveLength(3);
    expect(b.raw.pages).toHaveLength(5);
    await Promise.all([a.doc.loadingTask.destroy(), b.doc.loadingTask.destroy()]);
    const held = pdfjsWorker();
    // A thread can be started here (worker threads are available), and the handle gives it back.
    expect(held).toBeDefined();
    held?.release();
  });
});
