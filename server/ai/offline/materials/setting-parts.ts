import type { BookSentence } from '@server/ai/shared/book-sentences';

/** A worked example's or a task's title: "Task 3: A Café", "Example C: An M/M/1 Queue". */
export const settingTitle = /^(?:(?:worked )?example|task|exercise|problem|case study|activity)\b/i;

/** A made-up setting opened or closed: "Imagine a manufacturing plant ...", "We wish to know how many ...". */
export const settingWords = /^(?:imagine|suppose|pretend)\b|\b(?:would like to|wish to know|we want to know)\b/i;

/**
 * Sentences that belong to a task or a worked example's setting rather than to the subject:
 * every sentence of a chapter titled as one, and every sentence of a part (a chapter's
 * introduction or a section) that opens at least two made-up settings ("Imagine ...", "A shop would
 * like to ..."). Questions put to the reader alone are no sign: a lecture asks them to teach. Their figures and names are the setting's ("a repair takes around 6 minutes", "the belt
 * before the first workstation"), not facts a quiz may ask for.
 */
export function settingSentences(sentences: readonly BookSentence[]): Set<BookSentence> {
  const parts = new Map<string, BookSentence[]>();
  for (const s of sentences) {
    const id = `${s.chapterIndex}\u0000${s.sectionTitle ?? ''}`;
    parts.set(id, [...(parts.get(id) ?? []), s]);
  }
  const out = new Set<BookSentence>();
  for (const part of parts.values()) {
    const title = part[0].sectionTitle ?? part[0].chapterTitle;
    const signals = part.filter((s) => settingWords.test(s.text)).length;
    if (settingTitle.test(title) || settingTitle.test(part[0].chapterTitle) || signals >= 2) for (const s of part) out.add(s);
  }
  return out;
}
