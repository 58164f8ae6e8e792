import type { TextbookContent } from '@common/textbook';
import { fastSentences } from './fast-sentences';
import { isReviewSection, materialHtml } from './apparatus-html';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { cleanSentence, sentenceKey } from './sentence-filter';
import { isStandaloneSentence } from './standalone';

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

function withInlineMath(html: string): string {
  return html.replace(/<span data-type="inline-math" data-latex="([^"]*)"><\/span>/g, (_m, latex: string) => `\\(${latex}\\)`);
}

/** True when the sentence reads on its own, so a question built from it is fair. */
export function isStandalone(text: string): boolean {
  return isStandaloneSentence(text) && !/\bwe\b.*\b(?:this|these) (?:paper|section|chapter)\b/i.test(text);
}

/**
 * Where a chapter's material comes from: its introduction, then each section. The opening and
 * closing apparatus the composer adds restate the material, so they are never quizzed twice.
 */
function chapterParts(chapter: TextbookContent['chapters'][number]): Array<{ html: string; sectionTitle?: string }> {
  return [
    { html: materialHtml(chapter.content) },
    ...chapter.sections.filter((s) => !isReviewSection(s.title)).map((s) => ({ html: materialHtml(s.content), sectionTitle: s.title })),
  ];
}

/**
 * A clause with a finite verb ("Cholera is caused by ...", "Random effects are always factors"), not a label ("Block designs")
 * or a participle's fragment ("Nucleotide difference among strains used in a RAxML analysis").
 */
const finiteVerb = /\b(?:is|are|was|were|has|have|had|can|cannot|could|will|would|may|might|must|should|does|do|did)\b/i;

/**
 * The pieces of one block to split into sentences. With `listItems`, each item of a list is its own piece, and one with a
 * verb but no stop is read as a sentence (`closed`: the stop is only lent for the reading, the text stays as printed): a deck's bullets ("Cholera is caused by the waterborne bacterium Vibrio
 * cholerae" / "Prior to 2010, Haiti had not had a cholera outbreak") otherwise run together into one unreadable sentence.
 */
function blockPieces(block: string, listItems: boolean): Array<{ text: string; item: boolean; closed?: boolean }> {
  const html = withInlineMath(block);
  if (!listItems || !/^<[uo]l\b/i.test(block)) return [{ text: htmlToText(html), item: false }];
  return html
    .split(/<li\b[^>]*>/i)
    .map((piece) => htmlToText(piece).trim())
    .filter(Boolean)
    .map((text) =>
      /[.!?]["”’)\]]?$|[.!?;:]\s+\p{Lu}/u.test(text) || !finiteVerb.test(text)
        ? { text, item: true }
        : { text: `${text}.`, item: true, closed: true },
    );
}

/**
 * Every printable sentence of the book in reading order, each once. The
 * composed "This chapter covers A, B and C." sign-posts are left out: they
 * repeat section titles and teach nothing to test.
 */
export function bookSentences(book: TextbookContent, opts: { listItems?: boolean } = {}): BookSentence[] {
  const out: BookSentence[] = [];
  const seen = new Set<string>();
  book.chapters.forEach((chapter, chapterIndex) => {
    for (const part of chapterParts(chapter)) {
      for (const block of htmlBlocks(part.html)) {
        if (/^<h[1-6]>/.test(block) || /^<hr ?\/?>$/.test(block)) continue;
        // Inline math stays in the text as \(latex\), so a sentence that had a formula is never printed without it.
        for (const piece of blockPieces(block, opts.listItems ?? false))
          for (const raw of fastSentences(piece.text)) {
            const cleaned = cleanSentence(raw);
            const text = cleaned && piece.closed ? cleaned.replace(/\.$/, '') : cleaned;
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
              isStandalone: isStandalone(plain) && (!piece.item || finiteVerb.test(plain)),
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
