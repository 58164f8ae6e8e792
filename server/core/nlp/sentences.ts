import { wink } from './wink';

/**
 * Sentences in reading order. Paragraph breaks (blank lines) and lines that
 * look like headings (no end punctuation) always end a sentence, so a heading
 * never glues onto the sentence after it.
 */
export function splitSentences(text: string): string[] {
  const nlp = wink();
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const trimmed = para.replace(/\s+/g, ' ').trim();
    if (!trimmed) continue;
    for (const sentence of nlp.readDoc(trimmed).sentences().out()) {
      const s = sentence.trim();
      if (s) out.push(s);
    }
  }
  return out;
}
