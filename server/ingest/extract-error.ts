/**
 * Why a file could not be turned into text. Raised inside extraction workers
 * (where AppError and HTTP do not exist) and mapped to a 4xx naming the file
 * by extract.service.ts.
 */
export type ExtractFailure = 'invalid-format' | 'encrypted' | 'corrupt' | 'empty' | 'no-text' | 'timeout' | 'too-large';

export class ExtractError extends Error {
  constructor(
    readonly reason: ExtractFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractError';
  }
}

const reasonText: Record<ExtractFailure, string> = {
  'invalid-format': 'it is not a PDF, DOCX, PPTX, ODP, PNG, JPEG or TXT file',
  encrypted: 'it is password-protected (encrypted); please upload an unprotected copy',
  corrupt: 'it is damaged and cannot be opened',
  empty: 'it contains no text',
  'no-text': 'it contains no readable text (it may be damaged or hold only scanned images)',
  timeout: 'reading it took too long; it may be damaged or too complex',
  'too-large': 'it is too large',
};

/** "Could not read "paper.pdf": it is damaged and cannot be opened." */
export function describeFailure(filename: string, reason: ExtractFailure, detail?: string): string {
  const base = `Could not read "${filename}": ${reasonText[reason]}`;
  return detail ? `${base} (${detail}).` : `${base}.`;
}
