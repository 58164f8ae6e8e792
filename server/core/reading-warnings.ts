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
 * A document's warnings with their details. The sentences are what the user was shown, so they decide which warnings
 * there are; each takes the first unused details written for the same sentence (matched by the sentence, not by place,
 * so a list that gained or lost a sentence since keeps every other warning's pages). A document stored before
 * `warningDetails` existed, or whose sentences were changed after its reader wrote them, has a sentence without
 * details: it is a warning about the file as a whole (no pages), not marked as left out.
 */
export function readingWarnings(document: Pick<ExtractedDocument, 'warnings' | 'warningDetails'>): ReadingWarning[] {
  const unused = new Map<string, ReadingWarning[]>();
  for (const details of document.warningDetails ?? []) {
    const same = unused.get(details.message);
    if (same) same.push(details);
    else unused.set(details.message, [details]);
  }
  return (document.warnings ?? []).map((message) => unused.get(message)?.shift() ?? { message });
}
