import type { DocBlock } from '@server/core/document-model';

/** Page furniture and boilerplate that is no teaching text, whichever extractor let it through. */
const furniture =
  /(?:\.\s?){5,}\s*\d*\s*$|creative commons|permission to make digital or hard copies|all rights reserved|\bcopyright\b|©|please do not (?:post|distribute|copy)|to be published by|^\s*(categories and subject descriptors|general terms|keywords?)\b|^\s*\d+\s*$|^\s*(page\s+)?\d+\s*(of\s+\d+)?\s*$/i;

export function isFurniture(block: DocBlock): boolean {
  return (block.kind === 'paragraph' || block.kind === 'caption') && furniture.test(block.text);
}
