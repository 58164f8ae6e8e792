import type { Chapter } from '../../../common/textbook';
import { AppError } from '../../core/app-error';
import type { AuthoringEngine } from '../engine';
import { escapeHtml, htmlBlocks, htmlToText } from './compose/html';
import { findNewSentences } from './expand/grounded';
import { indexMaterial } from './expand/material-index';
import { placeInReadingOrder } from './expand/place';
import { divideIntoSections } from './expand/sections';

/** New sentences a paragraph expansion adds at most (a paragraph grows, it does not become a chapter). */
const paragraphSentences = 5;
/** Sentences a paragraph, in the composed text, holds on average: paragraphCount x this bounds a section. */
const sentencesPerParagraph = 3;
const chapterSentences = 24;

export const nothingMoreNote = 'Your sources have nothing more on this that is not already in the textbook.';
export const noMaterialNote = 'This textbook has no source material linked to it, so there is nothing to expand from.';

function noteFor(hasMaterial: boolean): string {
  return hasMaterial ? nothingMoreNote : noMaterialNote;
}

/** The selection as HTML: the editor sends plain text; HTML is kept (it is sanitized when saved). */
function asHtml(text: string): string {
  const t = text.trim();
  if (/<[a-z][^>]*>/i.test(t)) return t;
  return t
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p.replace(/\s+/g, ' '))}</p>`)
    .join('');
}

/**
 * Expands a selected passage with the sentences of the sources that come
 * around it and are not yet in the book, in reading order.
 */
export const expandParagraph: AuthoringEngine['expandParagraph'] = async (ctx, input) => {
  const original = asHtml(input.paragraphHtml);
  const text = htmlToText(original);
  const found = await findNewSentences(ctx, {
    query: [text, input.subject ?? ''].join(' '),
    focus: input.subject,
    anchorText: original,
    book: input.book ?? { title: '', chapters: [], references: [] },
    extraUsedHtml: [original],
    limit: paragraphSentences,
  });
  if (found.sentences.length === 0) return { value: original, exhausted: true, note: noteFor(found.hasMaterial) };
  const blocks = placeInReadingOrder(htmlBlocks(original), found.sentences, indexMaterial(ctx.material).sentences);
  return { value: blocks.map((b) => b.html).join(''), exhausted: false };
};

/**
 * Turns a chapter without sections into `sectionCount` sections: its own
 * text plus what the sources hold on it and the book does not, in reading
 * order, divided where the subject shifts. When the sources have nothing
 * more, the chapter's own text is divided and the note says so.
 */
export const expandChapter: AuthoringEngine['expandChapter'] = async (ctx, input) => {
  const existing = htmlBlocks(input.chapterContent);
  const text = htmlToText(input.chapterContent);
  const found = await findNewSentences(ctx, {
    query: `${input.chapterTitle} ${text}`,
    focus: input.chapterTitle,
    anchorText: input.chapterContent,
    book: input.book,
    extraUsedHtml: [input.chapterContent],
    limit: chapterSentences,
  });
  // The author's blocks are placed exactly as written (links, images, math, their own words); new paragraphs go between them.
  const blocks = placeInReadingOrder(existing, found.sentences, indexMaterial(ctx.material).sentences);
  const taken = new Set(
    input.book.chapters
      .flatMap((c, i) => (i === input.chapterIndex ? [] : [c.title, ...c.sections.map((s) => s.title)]))
      .map((t) => t.toLowerCase()),
  );
  const divided = divideIntoSections(blocks, input.sectionCount, { chapterTitle: input.chapterTitle, taken });
  if (!divided) {
    throw new AppError(
      'UNPROCESSABLE',
      `This chapter has too few paragraphs to divide into ${input.sectionCount} sections, and ${found.hasMaterial ? 'your sources have nothing more on it' : 'the textbook has no source material to draw on'}.`,
    );
  }
  const current = input.book.chapters[input.chapterIndex];
  const chapter: Chapter = { id: current?.id, title: input.chapterTitle, content: divided.introduction, sections: divided.sections };
  const exhausted = found.sentences.length === 0;
  return exhausted
    ? {
        value: chapter,
        exhausted,
        note: `${noteFor(found.hasMaterial)} The chapter's own text was divided into ${input.sectionCount} sections.`,
      }
    : { value: chapter, exhausted };
};

/**
 * Expands a section with up to `paragraphCount` new paragraphs from the
 * sources, placed in reading order among its existing paragraphs.
 */
export const generateSection: AuthoringEngine['generateSection'] = async (ctx, input) => {
  const chapter = input.book.chapters[input.chapterIndex];
  const section = chapter?.sections.find((s) => s.title.trim().toLowerCase() === input.sectionTitle.trim().toLowerCase());
  const current = section?.content ?? '';
  // The objectives at the head of the context name what the section should serve; the rest of the context is book text (already "used").
  const objectives = (input.context ?? '').split(/\n\s*\n/)[0]?.slice(0, 1000) ?? '';
  const found = await findNewSentences(ctx, {
    query: `${input.sectionTitle} ${input.chapterTitle} ${htmlToText(current)} ${objectives}`,
    focus: `${input.sectionTitle} ${input.sectionTitle} ${input.chapterTitle}`,
    anchorText: current,
    book: input.book,
    limit: input.paragraphCount * sentencesPerParagraph,
  });
  if (found.sentences.length === 0) return { value: current, exhausted: true, note: noteFor(found.hasMaterial) };
  const blocks = placeInReadingOrder(htmlBlocks(current), found.sentences, indexMaterial(ctx.material).sentences, {
    maxParagraphs: input.paragraphCount,
  });
  return { value: blocks.map((b) => b.html).join(''), exhausted: false };
};
