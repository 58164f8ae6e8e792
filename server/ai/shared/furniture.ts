import type { DocBlock } from '@server/core/document-model';

/**
 * Page furniture, whichever extractor let it through: a contents line with its dot leaders and page
 * number, a bare page number. A licence or copyright line, a "please do not distribute" notice or a
 * paper's keywords line is the material's own text and stays in the book (the credits of its front
 * matter, where it stands); only printed on page after page (a running foot) is it furniture.
 */
const furniture = /(?:\.\s?){5,}\s*\d*\s*$|^\s*\d+\s*$|^\s*(page\s+)?\d+\s*(of\s+\d+)?\s*$/i;

/**
 * A publishing notice (a licence, a copyright line, "please do not distribute", a first page's "Draft (April 29, 2019) of ...",
 * a "©" drawn as a circled "c"): kept in the book, but no teaching text to quote or summarise.
 */
const notice =
  /creative commons|licensed under|permission to make digital or hard copies|all rights reserved|\bcopyright\b|©|\bc\s+(?:19|20)\d\d\b|^draft\b.*\b(?:19|20)\d\d\b|please do not (?:post|distribute|copy)|to be published by/i;

export function isPublishingNotice(block: DocBlock): boolean {
  return (block.kind === 'paragraph' || block.kind === 'caption') && notice.test(block.text);
}

export function isFurniture(block: DocBlock): boolean {
  return (block.kind === 'paragraph' || block.kind === 'caption') && furniture.test(block.text);
}
