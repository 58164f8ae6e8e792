import { htmlBlocks } from '@common/textbook-ops/html';

/**
 * The teaching apparatus the composer adds around the material (an opening with an overview
 * and objectives, a close with a summary, key terms and review questions) restates the
 * material. Materials, word counts and expansion must tell it apart from the material itself:
 * the opening sits before a rule (`<hr />`) at the start of a chapter's content, the close after
 * a rule at the end of it, or in the chapter's closing section.
 */

/** The headings the apparatus uses, and only it. */
export const apparatusHeadings = ['Overview', 'Learning Objectives', 'Summary', 'Key Terms', 'Review Questions'] as const;

/** The title of a chapter's closing section (summary, key terms, review questions). */
export const reviewSectionTitle = 'Summary and Review';

const apparatusHeading = new RegExp(`^<h[3-6]>(?:${apparatusHeadings.join('|')})</h[3-6]>$`);
const rule = /^<hr ?\/?>$/;

/** True for a chapter's closing section (books made before it was named so called it "Review: {chapter}"). */
export function isReviewSection(title: string): boolean {
  return title === reviewSectionTitle || title.startsWith('Review: ');
}

/**
 * A chapter's or section's HTML without the apparatus: an opening run of apparatus blocks up to
 * the first rule, and a closing run from the last rule when it opens with an apparatus heading.
 */
export function materialHtml(html: string): string {
  const blocks = htmlBlocks(html);
  let start = 0;
  let end = blocks.length;
  if (blocks.length && apparatusHeading.test(blocks[0])) {
    const hr = blocks.findIndex((b) => rule.test(b));
    start = hr >= 0 ? hr + 1 : blocks.length;
  }
  for (let i = blocks.length - 1; i >= start; i--) {
    if (rule.test(blocks[i])) {
      if (i + 1 < blocks.length && apparatusHeading.test(blocks[i + 1])) end = i;
      break;
    }
  }
  // Books composed before the close had its rule: a closing "Summary" whose later headings are all the apparatus's.
  if (end === blocks.length) {
    const summary = blocks.lastIndexOf('<h3>Summary</h3>');
    const headingsAfter = blocks.slice(summary + 1).filter((b) => /^<h[1-6]>/.test(b));
    if (summary >= start && headingsAfter.length > 0 && headingsAfter.every((b) => apparatusHeading.test(b))) end = summary;
  }
  return blocks.slice(start, end).join('');
}
