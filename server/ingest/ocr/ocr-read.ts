import type { DocBlock, ReadingWarning } from '@server/core/document-model';
import { pageRanges } from '../pdf/pdf-pages';
import { guessLanguage, OcrEngine, type OcrLanguage } from './ocr-engine';
import { dropRepeatedLines, pageBlocks } from './ocr-layout';

/** A page to recognize: drawn (or decoded) only when its turn comes, so one page's pixels are held at a time. */
export interface ScanPage {
  number: number;
  draw(): Promise<{ image: Buffer; width: number; height: number }>;
}

export interface ScanLimits {
  /** Pages recognized per file at most; the rest are named in a warning. */
  maxPages: number;
  /** Time for recognition in all; pages not reached by then are named too. */
  maxMs: number;
  /** Told before each page is read: its place among the pages to read (1-based) and how many there are. */
  onPage?: (page: number, total: number) => void;
}

/** A scan of 50 pages takes about two minutes to read; longer ones are better sent in parts. */
export const defaultScanLimits: ScanLimits = { maxPages: 50, maxMs: 45_000 };
/** Tesseract's mean word confidence below which a page is named as hard to read (its text is kept). */
export const lowConfidence = 80;

export interface ScanOutcome {
  blocks: DocBlock[];
  read: number[];
  notRead: number[];
  /** Those of `notRead` that the time for recognition ran out before (the rest are past the page cap). */
  outOfTime: number[];
  hardToRead: number[];
  /** Page number -> mean word confidence (0-100). */
  confidence: Map<number, number>;
  language: OcrLanguage;
  /** Time spent recognizing (drawing included), for the ingest benchmark. */
  ms: number;
}

/**
 * Recognizes scanned pages in order, one at a time, within the limits. The language is taken from
 * the first page with text (read in English first; a German, French or Spanish page is read again
 * with its own model, and so are the pages after it).
 */
export async function readScannedPages(pages: ScanPage[], limits: ScanLimits = defaultScanLimits): Promise<ScanOutcome> {
  const engine = new OcrEngine();
  const start = performance.now();
  const outcome: ScanOutcome = {
    blocks: [],
    read: [],
    notRead: [],
    outOfTime: [],
    hardToRead: [],
    confidence: new Map(),
    language: 'eng',
    ms: 0,
  };
  let decided = false;
  const perPage: DocBlock[][] = [];
  try {
    for (const page of pages) {
      if (outcome.read.length >= limits.maxPages) {
        outcome.notRead.push(page.number);
        continue;
      }
      if (performance.now() - start >= limits.maxMs) {
        outcome.notRead.push(page.number);
        outcome.outOfTime.push(page.number);
        continue;
      }
      limits.onPage?.(outcome.read.length + 1, Math.min(pages.length, limits.maxPages));
      const { image, width, height } = await page.draw();
      let result = await engine.recognize(image, { width, height }, outcome.language);
      if (!decided) {
        const text = result.paragraphs.flatMap((p) => p.lines.map((l) => l.text)).join(' ');
        if (text.split(/\s+/).length >= 20) {
          decided = true;
          const lang = guessLanguage(text);
          if (lang !== outcome.language) {
            outcome.language = lang;
            result = await engine.recognize(image, { width, height }, lang);
          }
        }
      }
      outcome.read.push(page.number);
      outcome.confidence.set(page.number, result.confidence);
      const blocks = pageBlocks(result, page.number);
      if (blocks.length && result.confidence < lowConfidence) outcome.hardToRead.push(page.number);
      perPage.push(blocks);
    }
  } finally {
    await engine.close();
  }
  outcome.blocks = dropRepeatedLines(perPage).flat();
  outcome.ms = performance.now() - start;
  return outcome;
}

/**
 * What the user is told about recognized pages: pages past the cap, pages the time ran out before (said
 * to be kept as pictures when all of them are in `pictured`), and pages whose text may be wrong.
 */
export function scanWarnings(
  outcome: ScanOutcome,
  what: 'page' | 'image' = 'page',
  pictured: ReadonlySet<number> = new Set(),
): ReadingWarning[] {
  const warnings: ReadingWarning[] = [];
  // A picture's numbers are its reading's, not pages of a file: its warnings are about the file as a whole.
  const on = (pages: number[]) => (what === 'page' ? { pages } : {});
  const pastCap = outcome.notRead.filter((n) => !outcome.outOfTime.includes(n));
  if (pastCap.length)
    warnings.push({
      message: `${pageRanges(pastCap)} ${pastCap.length > 1 ? 'were' : 'was'} not read: only the first ${outcome.read.length} scanned ${outcome.read.length === 1 ? 'page is' : 'pages are'} read as text per file; send the rest as a separate file`,
      ...on(pastCap),
    });
  const late = outcome.outOfTime;
  if (late.length) {
    const many = late.length > 1;
    const kept = late.every((n) => pictured.has(n))
      ? `; ${many ? 'they are' : 'it is'} kept as ${many ? 'pictures of the pages' : 'a picture of the page'}`
      : '';
    warnings.push({
      message: `${pageRanges(late)} ${many ? 'were' : 'was'} not read: the time for recognizing scanned pages ran out before ${many ? 'them' : 'it'} (the server was busy)${kept}; upload the file again to read ${many ? 'them' : 'it'} as text`,
      ...on(late),
    });
  }
  if (outcome.hardToRead.length) {
    const where = what === 'image' ? 'the picture' : pageRanges(outcome.hardToRead);
    warnings.push({
      message: `${where} ${outcome.hardToRead.length > 1 ? 'were' : 'was'} hard to read: check the recognized text against the original`,
      ...on(outcome.hardToRead),
    });
  }
  return warnings;
}
