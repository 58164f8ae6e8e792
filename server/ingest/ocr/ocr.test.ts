import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ExtractError } from '../extract-error';
import { extractImage, fitForRecognition } from '../image-extract';
import { extractPdfWithStats } from '../pdf/pdf-extract';
import { languageDir, ocrLanguages } from './ocr-engine';
import { readScannedPages, scanWarnings } from './ocr-read';
import { jpegOrientation } from '../image-size';
import {
  charAccuracy,
  coverRows,
  renderCoverScan,
  renderScan,
  scanHeading,
  scanText,
  sidewaysPhoto,
} from '@server/test/ingest/scan.support';

// Recognition takes seconds per page (more on a busy machine).
const slow = { timeout: 180_000 };

describe('text recognition offline', () => {
  it('reads its language models from node_modules, never from the network', () => {
    for (const lang of ocrLanguages) {
      const dir = languageDir(lang);
      expect(dir.startsWith('http')).toBe(false);
      expect(existsSync(join(dir, `${lang}.traineddata.gz`))).toBe(true);
    }
  });

  it('reads a printed page at 300 dpi with at least 97% of its characters right, its heading as a heading', slow, async () => {
    const page = renderScan();
    const doc = await extractImage(page.data, 'page.png', 'image/png');
    expect(charAccuracy(scanText, doc.text)).toBeGreaterThanOrEqual(0.97);
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: scanHeading });
    expect(doc.blocks.filter((b) => b.kind === 'paragraph')).toHaveLength(3);
    expect(doc.recognized?.[0].confidence).toBeGreaterThan(80);
    expect(doc.summary).toMatch(/^a scanned page read as text/);
    expect(doc.warnings).toBeUndefined();
  });

  it(
    'keeps the labelled rows of a form (an exam cover) apart: each row is its own paragraph, none joined into the next',
    slow,
    async () => {
      const page = renderCoverScan();
      const doc = await extractImage(page.data, 'cover.png', 'image/png');
      const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
      for (const row of coverRows) expect(paragraphs.some((p) => charAccuracy(row, p) >= 0.95)).toBe(true);
      expect(paragraphs.some((p) => /Organisms Date and Time/.test(p))).toBe(false);
    },
  );

  it('reads a photographed page (turned, shadowed, dusty, JPEG) nearly as well', slow, async () => {
    const page = renderScan({ rotateDeg: 1.5, noise: 1500, jpeg: true });
    const doc = await extractImage(page.data, 'photo.jpg', 'image/jpeg');
    expect(charAccuracy(scanText, doc.text)).toBeGreaterThanOrEqual(0.95);
  });

  it('scales a photo of more than 16 megapixels down before recognizing it, keeping its proportions', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const big = createCanvas(6000, 4000);
    big.getContext('2d').fillRect(0, 0, 10, 10);
    const fitted = await fitForRecognition(big.toBuffer('image/png'), 6000, 4000);
    expect(fitted.width * fitted.height).toBeLessThanOrEqual(16_000_000);
    expect(fitted.width / fitted.height).toBeCloseTo(1.5, 2);
    const small = renderScan();
    expect((await fitForRecognition(small.data, small.width, small.height)).image).toBe(small.data);
  });

  it('reads a photo taken sideways upright, as its EXIF orientation says', slow, async () => {
    const photo = await sidewaysPhoto();
    expect(jpegOrientation(photo)).toBe(6);
    const doc = await extractImage(photo, 'sideways.jpg', 'image/jpeg');
    expect(charAccuracy(scanText, doc.text)).toBeGreaterThanOrEqual(0.97);
  });

  it('refuses a picture with no text in it', slow, async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const blank = createCanvas(600, 400);
    const ctx = blank.getContext('2d');
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, 600, 400);
    await expect(extractImage(blank.toBuffer('image/png'), 'blank.png', 'image/png')).rejects.toMatchObject({
      reason: 'no-text',
    } satisfies Partial<ExtractError>);
  });

  it('a PDF of a typed page and a scanned page reads both, in page order', slow, async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const typed = pdf.addPage([595, 842]);
    typed.drawText('The typed page comes first and has a text layer.', { x: 60, y: 760, size: 12, font });
    typed.drawText('Photosynthesis turns light into sugar that the plant can store.', { x: 60, y: 740, size: 12, font });
    const scan = renderScan();
    const picture = await pdf.embedPng(scan.data);
    const scanned = pdf.addPage([595, (595 * scan.height) / scan.width]);
    scanned.drawImage(picture, { x: 0, y: 0, width: 595, height: (595 * scan.height) / scan.width });
    const { document, render } = await extractPdfWithStats(await pdf.save(), 'mixed.pdf');
    expect(document.text).toContain('The typed page comes first');
    expect(
      charAccuracy(
        scanText,
        document.blocks
          .filter((b) => b.page === 2)
          .map((b) => b.text)
          .join(' '),
      ),
    ).toBeGreaterThanOrEqual(0.97);
    expect(document.blocks.findIndex((b) => b.page === 2)).toBeGreaterThan(document.blocks.findIndex((b) => b.page === 1));
    expect(document.summary).toBe('1 scanned page read as text');
    expect(document.warnings ?? []).not.toContainEqual(expect.stringContaining('images of text'));
    expect(document.recognized).toEqual([{ page: 2, confidence: expect.any(Number) }]);
    expect(render.scannedPages).toBe(1);
  });

  it('reads no more pages than its cap and names the rest', async () => {
    let drawn = 0;
    const never = async () => {
      drawn++;
      throw new Error('not drawn past the cap');
    };
    const outcome = await readScannedPages(
      [
        { number: 1, draw: never },
        { number: 2, draw: never },
      ],
      { maxPages: 0, maxMs: 1000 },
    );
    expect(drawn).toBe(0);
    expect(outcome.notRead).toEqual([1, 2]);
    expect(scanWarnings(outcome)[0]).toEqual({
      message: 'pages 1–2 were not read: only the first 0 scanned pages are read as text per file; send the rest as a separate file',
      pages: [1, 2],
    });
  });
});
