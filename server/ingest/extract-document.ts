import type { ExtractedDocument } from '../core/document-model';
import { chunkDocument, type DraftChunk } from './chunk';
import { extractDocx } from './docx-extract';
import { extractPdf } from './pdf/pdf-extract';
import type { FileKind } from './sniff';
import { extractTxt } from './txt-extract';
import { assertZipInflatesWithin } from './zip-inflate-guard';

export interface ExtractJob {
  kind: FileKind;
  filename: string;
  data: Uint8Array;
}

export interface ExtractOutput {
  document: ExtractedDocument;
  chunks: DraftChunk[];
}

/** Extract and chunk one file of a known kind (runs inside an extraction process). */
export async function extractAndChunk(job: ExtractJob): Promise<ExtractOutput> {
  // Before any parser sees a ZIP: its real inflated size, counted while inflating.
  if (job.kind === 'docx') await assertZipInflatesWithin(job.data);
  const document =
    job.kind === 'pdf'
      ? await extractPdf(job.data, job.filename)
      : job.kind === 'docx'
        ? await extractDocx(job.data, job.filename)
        : extractTxt(job.data, job.filename);
  return { document, chunks: chunkDocument(document) };
}
