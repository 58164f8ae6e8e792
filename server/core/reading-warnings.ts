import type { ExtractedDocument, ReadingWarning } from './document-model';

/**
 * A document's warning fields from its reader's warnings: the sentences the user reads (`warnings`, strings as the
 * extract-text answer has them) and the same warnings with their pages (`warningDetails`). Both are set, or both left
 * unset when there is none, so a document spread over another never keeps the other's details.
 */
export function warningFields(list: ReadingWarning[]): Pick<ExtractedDocument, 'warnings' | 'warningDetails'> {
  if (!list.length) return { warnings: undefined, warningDetails: undefined };
  return {
    warnings: list.map((w) => w.message),
    warningDetails: list.map((w) => ({
      message: w.message,
      ...(w.pages?.length ? { pages: [...new Set(w.pages)].sort((a, b) => a - b) } : {}),
      ...(w.leftOut ? { leftOut: true } : {}),
    })),
  };
}

/**
 * A document's warnings with their details. A document stored before `warningDetails` existed has its sentences only:
 * each is a warning about the file as a whole (no pages), none marked as left out.
 */
export function readingWarnings(document: Pick<ExtractedDocument, 'warnings' | 'warningDetails'>): ReadingWarning[] {
  return document.warningDetails ?? (document.warnings ?? []).map((message) => ({ message }));
}
