/**
 * What a scanned page (a picture with no text layer) itself sets without a stop. Its lines are read with the recognizer
 * the product uses (tesseract.js through server/ingest/ocr/ocr-engine.ts), but its blocks are told here, by blank space
 * alone, apart from the product's paragraph building (server/ingest/ocr/ocr-layout.ts), which is what is measured.
 */
import type { OcrLine } from '@server/ingest/ocr/ocr-engine';
import { guessLanguage, OcrEngine } from '@server/ingest/ocr/ocr-engine';
import { pdfScanPages } from '@server/ingest/ocr/ocr-pdf';
import { openPdf } from '@server/ingest/pdf/pdf-read';
import { endsOpen, openEndKey } from './fidelity';

type Line = Pick<OcrLine, 'text' | 'y0' | 'y1' | 'height'>;

/** Marks a scan adds at a line's end (a ruled edge read as "|", speckles read as ": ;") are not the line's text. */
const trailingMarks = /(?:\s+[^\p{L}\p{N}\s]+)+$/u;
/** A line of text, not a speckle or a stray mark ("i", "3 '"). */
const textLine = (l: Line) => /\p{L}{2}/u.test(l.text);
/** Lines starting this far down the page are its foot (a copyright line, a page number), not the text that goes on. */
const footAt = 0.88;

/**
 * The closing words (openEndKey) of the page's lines that end a block without a stop: the line ends open, and the page's
 * next line of text starts at least a line's height below it, outside the page's foot. A line followed by nothing but
 * the foot (the last line before a page break) is not taken: its sentence may go on over the page.
 */
export function scanBlockOpenEnds(lines: Line[], pageHeight: number): string[] {
  const text = lines
    .map((l) => ({ ...l, text: l.text.replace(trailingMarks, '').trim() }))
    .filter(textLine)
    .sort((a, b) => a.y0 - b.y0);
  const ends: string[] = [];
  text.forEach((line, i) => {
    if (!endsOpen(line.text)) return;
    const next = text.slice(i + 1).find((l) => l.y0 >= line.y1 - line.height / 2);
    if (!next || next.y0 >= pageHeight * footAt || next.y0 - line.y1 < line.height) return;
    ends.push(openEndKey(line.text));
  });
  return ends;
}

/** The open block ends of a PDF's scanned pages (given by number), each page recognized once, in the page's language. */
export async function scannedOpenEnds(data: Uint8Array, pages: number[]): Promise<string[]> {
  if (!pages.length) return [];
  const doc = await openPdf(data.slice());
  const engine = new OcrEngine();
  const ends: string[] = [];
  try {
    const scans = (await pdfScanPages(doc, pages)) ?? [];
    let lang: ReturnType<typeof guessLanguage> = 'eng';
    for (const scan of scans) {
      const { image, width, height } = await scan.draw();
      let page = await engine.recognize(image, { width, height }, lang);
      const guessed = guessLanguage(page.paragraphs.flatMap((p) => p.lines.map((l) => l.text)).join(' '));
      if (guessed !== lang) page = await engine.recognize(image, { width, height }, (lang = guessed));
      ends.push(
        ...scanBlockOpenEnds(
          page.paragraphs.flatMap((p) => p.lines),
          height,
        ),
      );
    }
  } finally {
    await engine.close();
    await doc.loadingTask.destroy();
  }
  return ends;
}
