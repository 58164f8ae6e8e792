import type { BookSentence } from '@server/ai/shared/book-sentences';
import { escapeRegExp, type BookTerm } from './book-terms';

/**
 * Terms of one kind and grain, so a true/false swap is false for a reason a student can learn:
 * two terms the book itself names side by side as alternatives ("star networks, ring
 * networks or mesh networks", "permutations and combinations", "forward and reverse mode").
 * Sharing a word is not enough: "fault attacks" are "implementation attacks" too, and a
 * statement about "hardware implementations" often holds for "software implementations" as well.
 * "American Bison" for "quadratic" is no sibling.
 */
export class TermSiblings {
  private readonly texts: string[];
  private readonly cache = new Map<string, boolean>();

  /** `defined`: keys of terms the book defines (single words must be, to stand in for one another). */
  constructor(
    sentences: readonly BookSentence[],
    private readonly defined: ReadonlySet<string> = new Set(),
  ) {
    this.texts = sentences.map((s) => s.plain.toLowerCase());
  }

  are(a: Pick<BookTerm, 'key' | 'words'>, b: Pick<BookTerm, 'key' | 'words'>): boolean {
    if (a.key === b.key) return false;
    const id = a.key < b.key ? `${a.key}|${b.key}` : `${b.key}|${a.key}`;
    let known = this.cache.get(id);
    if (known === undefined)
      this.cache.set(
        id,
        // Single words only when the book defines both and names them side by side ("permutations and combinations");
        // two defined phrases alone ("absolute value", "difference quotient") may be of different kinds.
        (known =
          a.words === 1 || b.words === 1
            ? this.defined.has(a.key) && this.defined.has(b.key) && this.namedTogether(a.key, b.key)
            : this.namedTogether(a.key, b.key)),
      );
    return known;
  }

  /** "A and B", "A or B", "A, B", "A vs. B", "A rather than B", "unlike A, B": one sentence names both as alternatives. */
  private namedTogether(a: string, b: string): boolean {
    const term = (t: string) => `${escapeRegExp(t)}(?:e?s)?`;
    const joint = '\\s*(?:,\\s*(?:and\\s+|or\\s+)?|\\s(?:and|or|vs\\.?|versus|rather than|instead of|nor)\\s+)(?:the\\s+|an?\\s+)?';
    const pattern = new RegExp(`(?<![\\p{L}])(?:${term(a)}${joint}${term(b)}|${term(b)}${joint}${term(a)})(?![\\p{L}])`, 'u');
    return this.texts.some((t) => t.includes(a) && t.includes(b) && pattern.test(t));
  }
}
