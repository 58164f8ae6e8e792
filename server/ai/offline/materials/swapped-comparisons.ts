import type { BookSentence } from '@server/ai/shared/book-sentences';
import { spliceWithArticle } from '@server/ai/shared/answer-leaks';
import { escapeRegExp, findTerm, type BookTerm } from './book-terms';
import { whereIn, type QuestionCandidate } from './questions';

/**
 * A stated comparison turned round: "the reverse mode is computationally significantly cheaper than the forward mode"
 * becomes "the forward mode is ... cheaper than the reverse mode", which is false for the reason the text gives. The
 * relation is one-way ("cheaper than"), so the turned statement cannot also be true, as a swap of two terms in "A and B
 * differ in ..." could be.
 */
const comparatives =
  '(?:(?:more|less)\\s+[\\p{L}-]+|fewer|cheaper|costlier|faster|slower|quicker|larger|smaller|bigger|higher|lower|greater|better|worse|easier|harder|simpler|longer|shorter|stronger|weaker|wider|narrower|deeper)';

/** The compared thing after "than": a book term, or words ending in the first term's head ("forward mode" for "reverse mode"). */
function otherSide(after: string, first: BookTerm, terms: readonly BookTerm[]): string | null {
  const known = terms.find((t) => t.key !== first.key && findTerm(after, t)?.index === 0);
  if (known) return findTerm(after, known)!.written;
  const head = first.key.split(' ').pop()!;
  if (first.words < 2) return null;
  const m = new RegExp(`^((?:[\\p{L}-]+\\s+){1,2}?${escapeRegExp(head)}e?s?)(?![\\p{L}])`, 'iu').exec(after);
  return m && m[1].toLowerCase() !== first.key ? m[1] : null;
}

export function swappedComparisons(sentences: readonly BookSentence[], terms: readonly BookTerm[]): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  for (const s of sentences) {
    if (!s.isStandalone || s.plain.endsWith('?')) continue;
    for (const term of terms) {
      const found = findTerm(s.plain, term);
      if (!found) continue;
      const tail = s.plain.slice(found.index + found.written.length);
      // "A is (computationally significantly) cheaper than (the) B": A is the subject of the comparison, B its other side.
      const m = new RegExp(
        `^\\s+(?:is|are)\\s+(?:[\\p{L}-]+\\s+){0,3}?${comparatives}(?:\\s+to\\s+[\\p{L}-]+)?\\s+than\\s+(?:the\\s+|an?\\s+)?`,
        'iu',
      ).exec(tail);
      if (!m) continue;
      const at = found.index + found.written.length + m[0].length;
      const other = otherSide(s.plain.slice(at), term, terms);
      // Each side is named once: a second "reverse mode" would contradict the turned statement on sight.
      if (!other || s.plain.toLowerCase().split(other.toLowerCase()).length !== 2) continue;
      if (s.plain.toLowerCase().split(found.written.toLowerCase()).length !== 2) continue;
      const turned = spliceWithArticle(
        spliceWithArticle(s.plain, at, other.length, found.written.toLowerCase() === found.written ? found.written : term.surface),
        found.index,
        found.written.length,
        found.index === 0 ? other[0].toUpperCase() + other.slice(1) : other,
      );
      out.push({
        question: {
          type: 'true-false',
          prompt: `True or false: ${turned}`,
          options: ['True', 'False'],
          answer: 'False',
          explanation: `False: in "${whereIn(s)}" the textbook says it the other way round: ${s.plain}`,
          source: s.text,
        },
        source: s,
        answerKey: `tf:${s.order}`,
        kind: 'true-false',
      });
      break;
    }
  }
  return out;
}
