import type { DocBlock } from '@server/core/document-model';

/** "Listing 2.1 – Code source ...", "Listing A.1: ...", "Program 3 - ...": the caption the listings package sets. */
const listingCaption = /^(?:Listing|Listage|Programme|Program|Code)\s+(?:[A-Z]\.)?\d+(?:\.\d+)*\s*[–—:.-]\s*\S/;

/**
 * A listing's caption printed beside it (the `listings` package's `caption`, below or above the code) is the code
 * block's caption, as a figure's is the figure's: the paragraph right after a code block, or right before one it
 * does not already caption, that reads "Listing N.M – ..." leaves the text for the block's `caption`.
 */
export function attachListingCaptions(blocks: DocBlock[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.kind !== 'paragraph' || !listingCaption.test(block.text.trim())) continue;
    const [before, after] = [blocks[i - 1], blocks[i + 1]];
    const code = before?.kind === 'code' && !before.caption ? before : after?.kind === 'code' && !after.caption ? after : undefined;
    if (!code) continue;
    code.caption = block.text.trim();
    blocks.splice(i--, 1);
  }
}
