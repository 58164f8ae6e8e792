import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * Text recognition offline with tesseract.js: the engine (tesseract.js-core's WebAssembly) and the
 * language models (@tesseract.js-data/*) come from node_modules, and the language path is a local
 * folder, so tesseract.js never fetches anything (it downloads only when langPath is unset or a
 * URL). Runs inside an extraction process (its memory is watched there, its own worker thread
 * included), one page at a time.
 */

/** Languages whose models are installed (package.json), and the words that tell them apart on a page. */
export const ocrLanguages = ['eng', 'deu', 'fra', 'spa'] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];

const require = createRequire(import.meta.url);

/** The folder holding `<lang>.traineddata.gz` (the "best_int" LSTM models, the ones tesseract.js itself picks for LSTM). */
export function languageDir(lang: OcrLanguage): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');
}

export interface OcrWord {
  text: string;
  confidence: number;
}

export interface OcrLine {
  text: string;
  /** Pixels: the line's box and its row height (cap height and descenders). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  height: number;
  confidence: number;
}

export interface OcrParagraph {
  lines: OcrLine[];
}

export interface OcrPage {
  paragraphs: OcrParagraph[];
  /** Mean word confidence, 0-100. */
  confidence: number;
  width: number;
  height: number;
}

interface TessLine {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
  rowAttributes?: { rowHeight?: number };
}
interface TessBlock {
  paragraphs: Array<{ lines: TessLine[] }>;
}

/** One recognizer, reused for every page of a file; `close` ends its worker thread. */
export class OcrEngine {
  private worker?: Worker;
  private lang?: OcrLanguage;

  async recognize(image: Buffer, size: { width: number; height: number }, lang: OcrLanguage = 'eng'): Promise<OcrPage> {
    if (!this.worker || this.lang !== lang) {
      await this.worker?.terminate();
      this.worker = await createWorker(lang, OEM.LSTM_ONLY, {
        langPath: languageDir(lang),
        gzip: true,
        // No cache folder is written or read: the models are read from node_modules each time a process starts.
        cacheMethod: 'none',
        logger: () => {},
        errorHandler: () => {},
      });
      this.lang = lang;
    }
    const result = await this.worker.recognize(image, {}, { text: false, blocks: true });
    const blocks = (result.data.blocks ?? []) as unknown as TessBlock[];
    const paragraphs: OcrParagraph[] = [];
    for (const block of blocks) {
      for (const para of block.paragraphs) {
        const lines = para.lines
          .map((l) => ({
            text: l.text.replace(/\s+/g, ' ').trim(),
            x0: l.bbox.x0,
            y0: l.bbox.y0,
            x1: l.bbox.x1,
            y1: l.bbox.y1,
            height: l.rowAttributes?.rowHeight ?? l.bbox.y1 - l.bbox.y0,
            confidence: l.confidence,
          }))
          .filter((l) => l.text);
        if (lines.length) paragraphs.push({ lines });
      }
    }
    return { paragraphs, confidence: result.data.confidence, ...size };
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

const stopwords: Record<Exclude<OcrLanguage, 'eng'>, RegExp> = {
  deu: /\b(der|die|das|und|ist|nicht|mit|für|auf|ein|eine|den|von|zu|sich|dem)\b/gi,
  fra: /\b(le|la|les|et|est|des|une|pour|dans|que|qui|sur|pas|du|au|avec)\b/gi,
  spa: /\b(el|la|los|las|y|es|una|para|con|que|por|del|se|en|su|como)\b/gi,
};

/**
 * The language a page recognized in English is really in, by its commonest words: German, French
 * and Spanish text read with the English model keeps its little words but loses its accents, so
 * such a page is read again with its own model.
 */
export function guessLanguage(text: string): OcrLanguage {
  const words = text.split(/\s+/).filter(Boolean).length;
  if (words < 20) return 'eng';
  const english = (text.match(/\b(the|and|of|to|is|in|that|for|with|are|this|on)\b/gi) ?? []).length;
  let best: OcrLanguage = 'eng';
  let bestCount = english;
  for (const [lang, re] of Object.entries(stopwords) as Array<[Exclude<OcrLanguage, 'eng'>, RegExp]>) {
    const n = (text.match(re) ?? []).length;
    if (n > bestCount * 1.5 && n >= words * 0.08) {
      best = lang;
      bestCount = n;
    }
  }
  return best;
}
