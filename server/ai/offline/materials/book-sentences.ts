import type { TextbookContent } from '../../../../common/textbook';
import { fastSentences } from '../compose/fast-sentences';
import { htmlBlocks, htmlToText } from '../compose/html';
import { cleanSentence, sentenceKey } from '../compose/sentence-filter';

/** A printable sentence of the textbook, with where it sits. */
export interface BookSentence {
  /** As printed in the book: what a question's `source` quotes. */
  text: string;
  /** Without citation markers ("(16)", "[3]"), for prompts. */
  plain: string;
  chapterIndex: number;
  chapterTitle: string;
  sectionTitle?: string;
  /** Reading order across the book. */
  order: number;
  /** Readable without the sentences around it (no "This...", no "Figure 3"). */
  isStandalone: boolean;
}

const citation = /\s*(?:\((?:\d{1,3}(?:\s*[,–-]\s*\d{1,3})*|see also [^)]*)\)|\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\])/g;

export function stripCitations(text: string): string {
  return text
    .replace(citation, '')
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/([.!?])\s*\.$/, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Openers that point back at an earlier sentence: out of context they do not say what they are about. */
const anaphoricStart =
  /^(?:this|these|that|those|it|its|they|their|them|such|he|she|here|there|then|now|thus|hence|so|also|similarly|however|therefore|instead|otherwise|finally|next|again|both|another|other|in (?:this|that|these|those|the same|contrast|particular|addition|practice|turn)|for (?:this|that|these|example|instance)|at (?:this|that)|on (?:this|that)|as a result|the (?:former|latter|same|other|next|first|second|third|last|remaining)|first|second|third|one|two)\b/i;
/** References to things a quiz cannot show (figures, listings, line numbers) or to other parts of the text. */
const pointsElsewhere = /\b(?:figure|fig\.|table|section|listing|line|lines|above|below|previous|following|aforementioned|here)\b/i;

/** True when the sentence reads on its own, so a question built from it is fair. */
export function isStandalone(text: string): boolean {
  return (
    !anaphoricStart.test(text) &&
    !firstPerson.test(text) &&
    text.split(/\s+/).length >= minQuestionWords &&
    !pointsElsewhere.test(text) &&
    !/\bwe\b.*\b(?:this|these) (?:paper|section|chapter)\b/i.test(text)
  );
}

/** "I imagine...", "We will...", "My view...": a speaker's aside, not a fact to test. */
const firstPerson = /^(?:i|i'm|i've|i'd|we|we're|we'll|we've|my|our|us|let's|let us)\b/i;
/** Shorter sentences carry too little to ask about fairly. */
const minQuestionWords = 7;
/** The chapter openings and reviews the composer adds restate the material: never quizzed twice. */
const apparatusHeading = /^<h[3-6]>(?:Overview|Learning Objectives|Summary|Key Terms|Review Questions)<\/h[3-6]>$/;

/** Where a chapter's blocks come from: its introduction, then each section. */
function chapterParts(chapter: TextbookContent['chapters'][number]): Array<{ html: string; sectionTitle?: string }> {
  return [
    { html: chapter.content },
    ...chapter.sections.filter((s) => !s.title.startsWith('Review: ')).map((s) => ({ html: s.content, sectionTitle: s.title })),
  ];
}

/**
 * Every printable sentence of the book in reading order, each once. The
 * composed "This chapter covers A, B and C." sign-posts are left out: they
 * repeat section titles and teach nothing to test.
 */
export function bookSentences(book: TextbookContent): BookSentence[] {
  const out: BookSentence[] = [];
  const seen = new Set<string>();
  book.chapters.forEach((chapter, chapterIndex) => {
    for (const part of chapterParts(chapter)) {
      let inApparatus = false;
      for (const block of htmlBlocks(part.html)) {
        if (/^<h[3-6]>/.test(block) || /^<hr ?\/?>$/.test(block)) {
          inApparatus = apparatusHeading.test(block);
          continue;
        }
        if (inApparatus) continue;
        for (const raw of fastSentences(htmlToText(block))) {
          const text = cleanSentence(raw);
          if (!text || /^this chapter (?:covers|introduces)\b/i.test(text)) continue;
          const key = sentenceKey(text);
          if (seen.has(key)) continue;
          seen.add(key);
          const plain = stripCitations(text);
          out.push({
            text,
            plain,
            chapterIndex,
            chapterTitle: chapter.title,
            sectionTitle: part.sectionTitle,
            order: out.length,
            isStandalone: isStandalone(plain),
          });
        }
      }
    }
  });
  return out;
}

/** The visible text of one chapter (or the whole book), for word counts and grounding checks. */
export function chapterText(book: TextbookContent, chapterIndex?: number): string {
  const chapters = chapterIndex === undefined ? book.chapters : [book.chapters[chapterIndex]];
  return chapters
    .flatMap((c) => chapterParts(c).map((p) => (p.sectionTitle ? `${p.sectionTitle}\n${htmlToText(p.html)}` : htmlToText(p.html))))
    .join('\n\n');
}
