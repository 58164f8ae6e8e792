import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';

/** The teaching apparatus the composer puts around a chapter's own text (docs/product.md: overview and objectives, then a review). */
const openingHeading = /^(?:overview|learning objectives)$/i;
const closingHeading = /^(?:summary|key terms|review questions|see also)$/i;
const heading = /^<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>$/i;

export interface ChapterFrame {
  opening: string;
  body: string;
  closing: string;
}

const headingText = (html: string) => {
  const m = heading.exec(html);
  return m ? htmlToText(m[1]) : null;
};

/**
 * A chapter's text split into its opening apparatus (before the rule that
 * ends it), its own text, and its closing review. The apparatus is about the
 * chapter as a whole, so it is neither divided nor mistaken for sub-headings.
 */
export function chapterFrame(html: string): ChapterFrame {
  const blocks = htmlBlocks(html);
  let start = 0;
  const rule = blocks.findIndex((b) => /^<hr\b/i.test(b));
  if (rule >= 0) {
    const headings = blocks
      .slice(0, rule)
      .map(headingText)
      .filter((t): t is string => t !== null);
    if (headings.length > 0 && headings.every((t) => openingHeading.test(t))) start = rule + 1;
  }
  let end = blocks.length;
  for (let i = start; i < blocks.length; i++) {
    const text = headingText(blocks[i]);
    if (text === null || !closingHeading.test(text)) continue;
    const later = blocks
      .slice(i)
      .map(headingText)
      .filter((t): t is string => t !== null);
    if (later.every((t) => closingHeading.test(t))) {
      end = i;
      break;
    }
  }
  return { opening: blocks.slice(0, start).join(''), body: blocks.slice(start, end).join(''), closing: blocks.slice(end).join('') };
}
