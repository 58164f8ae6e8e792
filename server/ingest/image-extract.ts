import type { ExtractedDocument } from '../core/document-model';
import { warningFields } from '../core/reading-warnings';
import { ExtractError } from './extract-error';
import { imageTooLarge, jpegOrientation, readImageHeader } from './image-size';
import { readScannedPages, scanWarnings, type ScanLimits } from './ocr/ocr-read';

/** A page photographed at 48 megapixels holds no more text than at 16; recognition time grows with the pixels. */
const recognitionPixels = 16_000_000;

/**
 * The picture as recognition reads it: as it is, or redrawn with @napi-rs/canvas when it is a
 * photo stored turned (EXIF orientation, which the recognizer ignores and the canvas applies) or
 * larger than 16 megapixels (scaled down).
 */
export async function fitForRecognition(
  image: Buffer,
  width: number,
  height: number,
): Promise<{ image: Buffer; width: number; height: number }> {
  const turned = jpegOrientation(image) !== 1;
  if (width * height <= recognitionPixels && !turned) return { image, width, height };
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const picture = await loadImage(image);
  const scale = Math.min(1, Math.sqrt(recognitionPixels / (width * height)));
  const canvas = createCanvas(Math.floor(picture.width * scale), Math.floor(picture.height * scale));
  canvas.getContext('2d').drawImage(picture, 0, 0, canvas.width, canvas.height);
  return { image: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height };
}

/** A scan or photo of a page (PNG or JPEG) read as text by recognition; the picture itself is not kept. */
export async function extractImage(
  data: Uint8Array,
  filename: string,
  mime: 'image/png' | 'image/jpeg',
  limits?: Partial<ScanLimits>,
): Promise<ExtractedDocument> {
  const header = readImageHeader(data);
  if (!header || header.width === 0 || header.height === 0) throw new ExtractError('corrupt', 'no readable image header');
  // Too small to hold a line of text (an icon, a tracking pixel): nothing to recognize.
  if (header.width < 32 || header.height < 16) throw new ExtractError('no-text', 'too small to hold text');
  const tooLarge = imageTooLarge(data);
  if (tooLarge) throw new ExtractError('too-large', tooLarge);
  const original = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let outcome;
  try {
    outcome = await readScannedPages([{ number: 1, draw: () => fitForRecognition(original, header.width, header.height) }], {
      maxPages: 1,
      maxMs: limits?.maxMs ?? 45_000,
      onPage: limits?.onPage,
    });
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
  // Not read in time is said as such, not as a picture without text.
  if (outcome.outOfTime.length) throw new ExtractError('timeout', 'the time for recognizing the picture ran out on a busy server');
  // A single picture has no pages: its blocks carry no page number.
  const blocks = outcome.blocks.map(({ page: _page, ...b }) => b);
  if (!blocks.some((b) => b.text.trim())) throw new ExtractError('no-text', 'no text recognized');
  const warnings = scanWarnings(outcome, 'image');
  const confidence = Math.round(outcome.confidence.get(1) ?? 0);
  return {
    filename,
    mime,
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    title: blocks.find((b) => b.kind === 'heading')?.text,
    language: outcome.language === 'eng' ? 'en' : outcome.language === 'deu' ? 'de' : outcome.language === 'fra' ? 'fr' : 'es',
    summary: `a scanned page read as text (recognition confidence ${confidence}%)`,
    recognized: [{ page: 1, confidence }],
    ...warningFields(warnings),
    headingSource: blocks.some((b) => b.kind === 'heading') ? 'layout' : 'none',
  };
}
