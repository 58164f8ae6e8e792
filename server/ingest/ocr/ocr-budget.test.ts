import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { renderScan } from '@server/test/ingest/scan.support';
import { ExtractError } from '../extract-error';
import { extractImage } from '../image-extract';
import { extractPdfWithStats } from '../pdf/pdf-extract';
import { readScannedPages, scanWarnings } from './ocr-read';

/** No time at all for recognition: what a heavily loaded server comes to. */
const noTime = { maxPages: 50, maxMs: 0 };

describe('scanned pages the time for recognition ran out before', () => {
  it('are named with that reason, apart from pages past the page cap', async () => {
    let drawn = 0;
    const page = (number: number) => ({
      number,
      draw: async () => {
        drawn++;
        throw new Error('not drawn once the time is out');
      },
    });
    const outcome = await readScannedPages([page(3)], noTime);
    expect(drawn).toBe(0);
    expect(outcome).toMatchObject({ read: [], notRead: [3], outOfTime: [3] });
    expect(scanWarnings(outcome)).toEqual([
      {
        message:
          'page 3 was not read: the time for recognizing scanned pages ran out before it (the server was busy); upload the file again to read it as text',
        pages: [3],
      },
    ]);
    expect(scanWarnings(outcome, 'page', new Set([3]))[0].message).toContain('; it is kept as a picture of the page;');
  });

  it('are kept in a PDF as pictures of the pages with alt text, and the warning says so', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/scanned-pages.pdf')));
    const { document, render } = await extractPdfWithStats(data, 'scanned-pages.pdf', undefined, noTime);
    // The typed page is read as always.
    expect(document.text).toContain('The first page of this handout was typed');
    expect(document.warnings).toEqual([
      'pages 2–3 were not read: the time for recognizing scanned pages ran out before them (the server was busy); they are kept as pictures of the pages; upload the file again to read them as text',
    ]);
    // The generation report places the warning by the pages the reader knew, not by its words.
    expect(document.warningDetails?.map((w) => w.pages)).toEqual([[2, 3]]);
    const pictures = document.blocks.filter((b) => b.page !== undefined && b.page > 1);
    expect(pictures.map((b) => [b.kind, b.page])).toEqual([
      ['figure', 2],
      ['figure', 3],
    ]);
    for (const picture of pictures) {
      expect(picture.text).toBe(
        `Page ${picture.page} as scanned: a picture of text that was not read as text in the time recognition had.`,
      );
      expect(document.images?.map((i) => i.sha256)).toContain(picture.image?.sha256);
    }
    expect(render.scannedPages).toBe(0);
    expect(document.summary).toBeUndefined();
  });

  it('leave a picture upload refused for the time, not for holding no text', async () => {
    const scan = renderScan();
    await expect(extractImage(scan.data, 'page.png', 'image/png', noTime)).rejects.toMatchObject({
      reason: 'timeout',
    } satisfies Partial<ExtractError>);
  });
});
