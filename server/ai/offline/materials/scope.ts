import type { TextbookContent } from '@common/textbook';
import { countWords } from '@server/core/nlp';
import type { Definition } from './book-facts';
import { chapterText, type BookSentence } from '@server/ai/shared/book-sentences';
import type { BookTerm } from './book-terms';
import { bookBasis, type BookBasis } from './book-basis';
import { scopeObjectives, type ScopedObjective } from './objectives';
import { unitKind } from '@server/ai/shared/unit-kind';

/** What every material type draws on: the chapter (or whole book) and the rest of the book around it. */
export interface MaterialScope extends BookBasis {
  book: TextbookContent;
  /** Absent: the whole book. */
  chapterIndex?: number;
  /** The chapters drawn on: the chapter, the neighbours combined with it, or the teaching chapters of the whole book. */
  chapters: number[];
  title: string;
  /** The sections of the chapter, or the chapters of the book. */
  parts: Array<{ title: string; sentences: BookSentence[] }>;
  sentences: BookSentence[];
  words: number;
  /** Key terms of the scope, most used first. */
  terms: BookTerm[];
  /** The definitions stated in the scope's chapters. */
  definitions: Definition[];
  objectives: ScopedObjective[];
}

const lengthWeight = [0, 1, 2.6, 3];

/** Front matter and logistics chapters (a title page, a syllabus) teach nothing to quiz. */
export function teachingChapters(book: TextbookContent): number[] {
  const out = book.chapters.flatMap((c, i) =>
    unitKind({ title: c.title, childTitles: c.sections.map((s) => s.title) }) === 'teaching' ? [i] : [],
  );
  return out.length ? out : book.chapters.map((_, i) => i);
}

/**
 * The distractor pool of a scope in a book made of several files: the terms of the files its chapters come from.
 * A regression blank offered "arcade machine" and "repair workshop" from the other file of the book gives itself
 * away; with fewer terms to choose from, a blank that finds no distractors of its own kind is left out.
 */
function sameFilePool(basis: BookBasis, chapters: Set<number>): BookTerm[] {
  const own = [...new Set([...chapters].map((i) => basis.chapterFiles[i]))];
  if (basis.poolByFile.size < 2 || own.includes(undefined)) return basis.pool;
  const terms = own.map((f) => basis.poolByFile.get(f!)!);
  return basis.pool.filter((t) => terms.some((s) => s.has(t)));
}

/** The terms of each chapter's file when the book is made of several files (questions.ts, FileTerms). */
export function fileTermsOf(basis: BookBasis): (chapterIndex: number) => ((t: BookTerm) => boolean) | undefined {
  if (basis.poolByFile.size < 2) return () => undefined;
  return (i) => {
    const file = basis.chapterFiles[i];
    const terms = file === undefined ? undefined : basis.poolByFile.get(file);
    return terms ? (t) => terms.has(t) : undefined;
  };
}

/**
 * The scope of a material: one chapter (with `include`, that chapter and the neighbours it is
 * combined with when it is too short on its own), or the whole book without its front matter.
 * `basis`, the book read as a whole, is passed in when one material tries several scopes of one book.
 */
export function buildScope(book: TextbookContent, chapterIndex?: number, include?: number[], basis = bookBasis(book)): MaterialScope {
  const { all, pool } = basis;
  const chapters = new Set(include ?? (chapterIndex === undefined ? teachingChapters(book) : [chapterIndex]));
  const sentences = all.filter((s) => chapters.has(s.chapterIndex));
  const inScope = (t: BookTerm) => [...chapters].reduce((n, i) => n + (t.chapterCounts.get(i) ?? 0), 0);
  // Phrases and names first: "external functions" tests more than "trace".
  const isSpecific = (t: BookTerm) => t.words > 1 || t.isProper;
  const terms = pool
    .filter((t) => inScope(t) > 0)
    .sort(
      (a, b) =>
        Number(isSpecific(b)) - Number(isSpecific(a)) ||
        inScope(b) * lengthWeight[b.words] - inScope(a) * lengthWeight[a.words] ||
        a.key.localeCompare(b.key),
    );
  const chapter = chapterIndex === undefined ? undefined : book.chapters[chapterIndex];
  // A one-chapter book is taught section by section, like that chapter.
  const partsOf = chapter ?? (book.chapters.length === 1 ? book.chapters[0] : undefined);
  const parts = partsOf
    ? [...chapters].flatMap((ci) => {
        const c = book.chapters[ci] ?? partsOf;
        const own = sentences.filter((s) => s.chapterIndex === ci);
        return [
          { title: c.title, sentences: own.filter((s) => !s.sectionTitle) },
          ...c.sections.map((sec) => ({ title: sec.title, sentences: own.filter((s) => s.sectionTitle === sec.title) })),
        ].filter((p) => p.sentences.length > 0);
      })
    : book.chapters
        .map((c, i) => ({ title: c.title, sentences: all.filter((s) => s.chapterIndex === i) }))
        .filter((p) => p.sentences.length > 0);
  return {
    ...basis,
    pool: sameFilePool(basis, chapters),
    book,
    chapterIndex,
    chapters: [...chapters],
    title: chapter?.title ?? (book.title || 'the textbook'),
    parts,
    sentences,
    words: [...chapters].reduce((n, i) => n + countWords(chapterText(book, i)), 0),
    terms,
    definitions: basis.bookDefinitions.filter((d) => chapters.has(d.sentence.chapterIndex)),
    objectives: scopeObjectives(book, chapterIndex, sentences, terms, [...chapters]),
  };
}
