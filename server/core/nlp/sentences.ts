import { isAbbreviation } from './abbreviations';
import { wink } from './wink';

/**
 * Sentences in reading order. Paragraph breaks (blank lines) and lines that
 * look like headings (no end punctuation) always end a sentence, so a heading
 * never glues onto the sentence after it. The model's English rules cut after
 * German and French abbreviations ("ca.", "Nr.", "env."): such a cut is joined again,
 * and a closing quote it put at the start of the next sentence goes back to its own.
 */
export function splitSentences(text: string): string[] {
  const nlp = wink();
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    const trimmed = para.replace(/\s+/g, ' ').trim();
    if (!trimmed) continue;
    const pieces = nlp
      .readDoc(trimmed)
      .sentences()
      .out()
      .map((s) => s.trim())
      .filter(Boolean);
    for (let i = 0; i < pieces.length; i++) {
      // The model leaves a German closing quote („…?“) or a French one (« … ? ») at the start of the next sentence.
      const quote = i > 0 ? /^([\u201c\u201d\u00bb\u203a]+)(?:\s+|$)/u.exec(pieces[i]) : null;
      if (quote && out.length > 0) {
        out[out.length - 1] += /^[\u00bb\u203a]/u.test(quote[1]) ? ` ${quote[1]}` : quote[1];
        pieces[i] = pieces[i].slice(quote[0].length);
        if (!pieces[i]) continue;
      }
      const last = out.length > 0 && i > 0 ? out[out.length - 1] : undefined;
      const word = last ? /(?:^|\s)([\p{L}.]+)\.$/u.exec(last)?.[1] : undefined;
      if (last && word && isAbbreviation(word, pieces[i])) out[out.length - 1] = `${last} ${pieces[i]}`;
      else out.push(pieces[i]);
    }
  }
  return out;
}
