import type { ExtractedDocument } from '../core/document-model';
import { detectLanguage } from '../core/nlp/language';
import { chunkDocument, type DraftChunk } from './chunk';
import { extractDocx } from './docx-extract';
import { extractPdfWithStats, type PdfRenderStats } from './pdf/pdf-extract';
import type { FileKind } from './sniff';
import { documentFromDirectText, extractTxt } from './txt-extract';
import { assertZipInflatesWithin } from './zip-inflate-guard';

export interface ExtractJob {
  /** `direct`: text the user typed or pasted (UTF-8), read as documentFromDirectText does. */
  kind: FileKind | 'direct';
  filename: string;
  data: Uint8Array;
  /** The chapter title typed with direct text. */
  chapterTitle?: string;
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

/** Extract and chunk one file of a known kind (runs inside an extraction process). */
export async function extractAndChunk(job: ExtractJob): Promise<ExtractOutput> {
  if (job.kind === 'pdf') {
    const { document, render } = await extractPdfWithStats(job.data, job.filename);
    return { document: withLanguage(document), chunks: chunkDocument(document), render };
  }
  // Before any parser sees a ZIP: its real inflated size, counted while inflating.
  if (job.kind === 'docx') await assertZipInflatesWithin(job.data);
  const document = withLanguage(
    job.kind === 'direct'
      ? documentFromDirectText(new TextDecoder().decode(job.data), job.chapterTitle)
      : job.kind === 'docx'
        ? await extractDocx(job.data, job.filename)
        : extractTxt(job.data, job.filename),
  );
  return { document, chunks: chunkDocument(document) };
}
