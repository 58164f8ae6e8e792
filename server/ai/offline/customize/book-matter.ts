import type { Chapter } from '@common/textbook';
import { isFrontMatterTitle, isLogisticsTitle } from '@server/ai/shared/unit-kind';
import { stripStructurePrefixes } from './titles';

/**
 * Where a restructuring may move chapters. A book's opening chapters that introduce or frame it
 * (preface, introduction, overview, notation, acknowledgements) stay first, and its closing ones
 * (exercises, solutions, further reading, references, appendices, glossary, index) stay last,
 * whatever order the body takes: an introduction sorted after the chapters it previews, or
 * "Further Reading" labelled "Advanced", reads as a broken book.
 */
const openingTitle =
  /^(?:preface|foreword|prologue|introduction|intro|overview|motivation|about (?:this|the) (?:book|course|notes|document)|contents|how to use|list of (?:abbreviations|symbols|acronyms|figures|tables)|abbreviations|symbols|learning goals|course goals)\b/i;
const closingTitle =
  /^(?:list of (?:abbreviations|symbols|acronyms|figures|tables)|abbreviations|appendix|appendices|references|bibliography|glossary|index|solutions?|answers?|further reading|(?:additional |supplementary )?(?:exercises|problems)|notes|epilogue|afterword|summary and outlook|conclusions?)\b/i;

function plainTitle(c: Chapter): string {
  return stripStructurePrefixes(c.title)
    .replace(/^\s*(?:chapter\s+)?(?:\d+(?:\.\d+)*|[ivxlc]+)\s*[.:)\-–—]?\s+/i, '')
    .trim();
}

/** True for a chapter that opens a book (front matter, an introduction). */
export function isOpeningChapter(c: Chapter): boolean {
  const t = plainTitle(c);
  return openingTitle.test(t) || isFrontMatterTitle(t);
}

/** True for a chapter that closes a book (exercises, references, appendices). */
export function isClosingChapter(c: Chapter): boolean {
  return closingTitle.test(plainTitle(c));
}

/** True for a chapter about the course rather than its subject ("For Next Time", "Grading"). */
export function isLogisticsChapter(c: Chapter): boolean {
  const t = plainTitle(c);
  return (
    isLogisticsTitle(t) || /^(?:for next (?:time|week|class)|next (?:time|week|class)|homework|reminders?|announcements?|agenda)\b/i.test(t)
  );
}

export interface BookFrame {
  /** Index of the first body chapter: the chapters before it open the book. */
  first: number;
  /** Index after the last body chapter: the chapters from it on close the book. */
  end: number;
}

/** The body of a book: the chapters between its opening run and its closing run. */
export function bookFrame(chapters: Chapter[]): BookFrame {
  let first = 0;
  while (first < chapters.length && isOpeningChapter(chapters[first])) first++;
  let end = chapters.length;
  while (end > first && isClosingChapter(chapters[end - 1])) end--;
  return { first, end };
}
