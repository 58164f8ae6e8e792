import type { TextbookContent } from '@common/textbook';
import { bookSentences, type BookSentence } from '@server/ai/shared/book-sentences';
import { isDefinedIn } from '../analyze/objectives';
import { findDefinitions, findNumbers, type Definition, type NumberFact } from './book-facts';
import { bookTerms, stemKey, type BookTerm } from './book-terms';
import { genericWord, isQuizTerm } from './distractors';
import { settingSentences } from './setting-parts';

/**
 * What a material draws from the book as a whole, the same whichever chapters it covers: worked out once
 * per material, so a chapter combined with its neighbours step by step reads the book only once.
 */
export interface BookBasis {
  /** Every sentence of the book (a deck's bullets one by one). */
  all: BookSentence[];
  /** Key terms fit for questions, anywhere in the book (the distractor pool). */
  pool: BookTerm[];
  /** Every stated quantity of the book (distractors come from all of it). */
  facts: NumberFact[];
  /** The definitions the book states, in reading order. */
  bookDefinitions: Definition[];
  /** Sentences of a task's or a worked example's made-up setting (setting-parts.ts). */
  setting: Set<BookSentence>;
  /** Whether the book says what a term of the pool is ("A regression line is ..."). */
  isDefined: (t: BookTerm) => boolean;
  /** A term of the subject, fit to be a key or a distractor (see subjectTerms). */
  isSubject: (t: BookTerm) => boolean;
  /** Each chapter's source document (the one most of its blocks come from; undefined: none or typed text). */
  chapterFiles: Array<string | undefined>;
  /** The pool's terms by the source document of the chapters using them (every document a chapter comes from has an entry). */
  poolByFile: Map<string, Set<BookTerm>>;
}

export function bookBasis(book: TextbookContent): BookBasis {
  // A deck's bullets are read one by one: each is a statement to ask about, or a label that is none.
  const all = bookSentences(book, { listItems: true });
  const titleWords = new Set(
    book.chapters
      .flatMap((c) => [c.title, ...c.sections.map((s) => s.title)])
      .map((t) => stemKey(t))
      .flatMap((t) => t.split(' ')),
  );
  const pool = bookTerms(all).filter((t) => isQuizTerm(t, titleWords));
  const text = all.map((s) => s.plain).join('\n');
  const defined = new Map<BookTerm, boolean>();
  const isDefined = (t: BookTerm) => {
    let known = defined.get(t);
    if (known === undefined) defined.set(t, (known = isDefinedIn(t.surface, text)));
    return known;
  };
  const chapterFiles = book.chapters.map((c) => mainSource([c.content, ...c.sections.map((x) => x.content)].join('')));
  return {
    all,
    pool,
    facts: all.flatMap((s) => findNumbers(s)),
    bookDefinitions: findDefinitions(all),
    setting: settingSentences(all),
    isDefined,
    isSubject: subjectTerms(book, pool, isDefined),
    chapterFiles,
    poolByFile: poolByFile(pool, chapterFiles),
  };
}

/** Each document's share of the pool, worked out once with the book's reading rather than for every scope tried. */
function poolByFile(pool: BookTerm[], chapterFiles: Array<string | undefined>): Map<string, Set<BookTerm>> {
  const out = new Map<string, Set<BookTerm>>();
  for (const file of chapterFiles) if (file !== undefined && !out.has(file)) out.set(file, new Set());
  for (const t of pool)
    for (const i of t.chapterCounts.keys()) {
      const file = chapterFiles[i];
      if (file !== undefined) out.get(file)!.add(t);
    }
  return out;
}

/** The document most blocks of a chapter's HTML come from, by their `data-src="<documentId>:<block>"` marks. */
function mainSource(html: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of html.matchAll(/\bdata-src="([^":]+):/g)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  let best: string | undefined;
  for (const [id, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = id;
  return best;
}

/**
 * Terms of the subject: phrases and names, and single words the book defines or names a heading
 * after ("permutation", "gradient", "regression"). "Committee", "classroom", "definition" or
 * "protection" are words of the prose: as a key they are guessed from the sentence, as a distractor
 * they are absurd.
 */
function subjectTerms(book: TextbookContent, pool: BookTerm[], isDefined: (t: BookTerm) => boolean): (t: BookTerm) => boolean {
  const headingStems = new Set(
    book.chapters
      .flatMap((c) => [c.title, ...c.sections.map((x) => x.title)])
      .flatMap((h) =>
        h
          .split(/[^\p{L}\p{N}-]+/u)
          .filter(Boolean)
          .map((w) => stemKey(w)),
      ),
  );
  const defined = new Set(pool.filter((t) => t.words === 1 && isDefined(t)).map((t) => t.key));
  // The whole subject ("network" in a book or chapter called "Networks") fits any blank about it.
  const subjects = new Set([book.title, ...book.chapters.map((c) => c.title)].map((h) => stemKey(h.trim())));
  return (t) =>
    t.words > 1 || t.isProper || (!genericWord.test(t.key) && !subjects.has(t.stem) && (defined.has(t.key) || headingStems.has(t.stem)));
}
