import type { ExtractedDocument } from '../core/document-model';
import { detectLanguage } from '../core/nlp/language';
import { chunkDocument, type DraftChunk } from './chunk';
import { extractDocx } from './docx-extract';
import { extractImage } from './image-extract';
import { extractOdp } from './odp-extract';
import { extractPptx } from './pptx-extract';
import { extractPdfWithStats, type PdfRenderStats } from './pdf/pdf-extract';
import { defaultScanLimits } from './ocr/ocr-read';
import type { FileKind } from './sniff';
import { documentFromDirectText, extractTxt } from './txt-extract';
import { assertZipInflatesWithin } from './zip-inflate-guard';
import type { BibEntry } from './markdown/pandoc-citations';

export interface ExtractJob {
  /** `direct`: text the user typed or pasted (UTF-8), read as documentFromDirectText does. */
  kind: FileKind | 'direct';
  filename: string;
  data: Uint8Array;
  /** The chapter title typed with direct text. */
  chapterTitle?: string;
  /** Time the file's scanned pages may take to recognize (the rest are named in a warning), below the process's time limit. */
  scanBudgetMs?: number;
  /** Text and Word files: the entries of a bibliography file uploaded with them, for their Pandoc citations. */
  bibliography?: BibEntry[];
}

export interface ExtractOutput {
  document: ExtractedDocument;
  chunks: DraftChunk[];
  /** PDFs: the pictures drawn (figures, equations, tables) and the time it took, for the ingest benchmark. */
  render?: PdfRenderStats;
}

/** The document with its language, detected from its text (kept when its extractor already knew it). */
function withLanguage(document: ExtractedDocument): ExtractedDocument {
  if (document.language) return document;
  const language = detectLanguage(document.text);
  return language ? { ...document, language } : document;
}

/** What an extraction reports while it works: a scan's pages, as they are read. */
export interface ExtractProgress {
  message: string;
  done: number;
  total: number;
}

/** Extract and chunk one file of a known kind (runs inside an extraction process). */
export async function extractAndChunk(job: ExtractJob, onProgress?: (progress: ExtractProgress) => void): Promise<ExtractOutput> {
  const scanLimits = {
    ...defaultScanLimits,
    ...(job.scanBudgetMs ? { maxMs: job.scanBudgetMs } : {}),
    onPage: (done: number, total: number) => onProgress?.({ message: `Reading page ${done} of ${total}`, done, total }),
  };
  if (job.kind === 'pdf') {
    const { document, render } = await extractPdfWithStats(job.data, job.filename, undefined, scanLimits);
    return { document: withLanguage(document), chunks: chunkDocument(document), render };
  }
  // Before any parser sees a ZIP: its real inflated size, counted while inflating.
  if (job.kind === 'docx' || job.kind === 'pptx' || job.kind === 'odp') await assertZipInflatesWithin(job.data);
  const read =
    job.kind === 'direct'
      ? documentFromDirectText(new TextDecoder().decode(job.data), job.chapterTitle)
      : job.kind === 'docx'
        ? await extractDocx(job.data, job.filename, { bibliography: job.bibliography })
        : job.kind === 'pptx'
          ? await extractPptx(job.data, job.filename)
          : job.kind === 'odp'
            ? await extractOdp(job.data, job.filename)
            : job.kind === 'png' || job.kind === 'jpeg'
              ? await extractImage(job.data, job.filename, job.kind === 'png' ? 'image/png' : 'image/jpeg', scanLimits)
              : extractTxt(job.data, job.filename, { bibliography: job.bibliography });
  // A deck's language was detected where its notes were labelled (pptx/deck-notes.ts): known or not, it is not read again.
  const document = job.kind === 'pptx' || job.kind === 'odp' ? read : withLanguage(read);
  return { document, chunks: chunkDocument(document) };
}
