import type { DocBlock } from '@server/core/document-model';

/**
 * Every ordered list item with its own number as `start`, counted as the book shows the list
 * (consecutive items form a list, a level restarts under a new item above it, bullets and
 * numbers at one level are two lists, an item's own `start` restarts the count). A piece of a
 * list printed apart from the rest (an expansion's selection, a condensed unit) then still
 * shows item 16 as 16; renderBlocks continues a list when an item's number follows on.
 */
export function numberListItems(blocks: readonly DocBlock[]): DocBlock[] {
  let counts: Array<number | undefined> = [];
  return blocks.map((b) => {
    if (b.kind !== 'list-item') {
      counts = [];
      return b;
    }
    const depth = Math.max(0, b.depth ?? 0);
    counts.length = Math.min(counts.length, depth + 1);
    if (!b.ordered) {
      counts[depth] = undefined;
      return b;
    }
    const n = b.start ?? (counts[depth] ?? 0) + 1;
    counts[depth] = n;
    return b.start === n ? b : { ...b, start: n };
  });
}
