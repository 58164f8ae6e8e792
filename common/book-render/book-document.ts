import type { TextbookContent } from '../textbook';
import type { Block, BookChapter, BookDocument } from './book-model';
import { materialBlocks, materialHeading, type MaterialInput } from './material-blocks';
import { describeImages, levelHeadings } from './alt-text';
import { parseEditorHtml } from './parse-html';
import { crossReferenceBook } from './cross-refs';
import { withBackMatter } from './back-matter';

export interface BookDocumentInput {
  /** The textbook's topic: the book's title. */
  topic: string;
  content: TextbookContent;
  /** The owner first, then the collaborators. */
  authors: readonly string[];
  /** YYYY-MM-DD */
  date: string;
  /** The approved references, formatted (one paragraph each). */
  bibliography?: Block[];
  /** Materials for the appendix; none leaves it out. */
  materials?: readonly MaterialInput[];
  /** Numbers and cross-reference links (cross-refs.ts); on unless set false. */
  crossReferences?: boolean;
}

const untitled = (title: string, fallback: string) => title.replace(/\s+/g, ' ').trim() || fallback;

/** A chapter's or section's text: headings in an unbroken outline under it, pictures described (alt-text.ts). */
const bodyBlocks = (html: string, parentLevel: number) => describeImages(levelHeadings(parseEditorHtml(html), parentLevel));

/** The textbook read once into the book every format and the reader page render. */
export function buildBookDocument(input: BookDocumentInput): BookDocument {
  const chapters: BookChapter[] = input.content.chapters.map((chapter, c) => ({
    anchor: `ch${c + 1}`,
    title: untitled(chapter.title, `Chapter ${c + 1}`),
    blocks: bodyBlocks(chapter.content, 1),
    sections: chapter.sections.map((section, s) => ({
      anchor: `ch${c + 1}s${s + 1}`,
      title: untitled(section.title, `Section ${s + 1}`),
      blocks: bodyBlocks(section.content, 2),
    })),
    ...(chapter.sourceFiles?.length ? { sourceFiles: [...chapter.sourceFiles] } : {}),
  }));
  const doc: BookDocument = {
    title: untitled(input.topic, untitled(input.content.title, 'Untitled textbook')),
    authors: [...input.authors],
    credits: [...(input.content.credits ?? [])],
    language: input.content.language ?? 'en',
    license: input.content.license ?? 'all-rights-reserved',
    date: input.date,
    chapters,
    bibliography: input.bibliography ?? [],
    appendix: (input.materials ?? []).map((m, i) => ({ anchor: `appendix${i + 1}`, title: materialHeading(m), blocks: materialBlocks(m) })),
  };
  const numbered = input.crossReferences === false ? doc : crossReferenceBook(doc).doc;
  // The glossary and index after the last chapter, drawn from the chapters as they are now (never stored, never stale).
  return withBackMatter(numbered, input.content.indexTerms ?? []).doc;
}

/** "November 24, 2026" from YYYY-MM-DD, the same in every format and time zone. */
export function displayDate(date: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return `${months[Number(m[2]) - 1] ?? m[2]} ${Number(m[3])}, ${m[1]}`;
}
