import type { Node as PmNode } from '@tiptap/pm/model';

/**
 * A selection widened to whole blocks. Within one paragraph (or heading, or a list item's paragraph) it is that
 * paragraph; across several, the top-level blocks that hold them (a whole list, not loose items of it). A tool
 * that puts its answer in place of the selection then replaces whole blocks: text selected from the middle of a
 * sentence is never split from the rest of its sentence, nor a list from its items, by the new paragraphs.
 */
export function wholeBlocks(doc: PmNode, from: number, to: number): { from: number; to: number } {
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  if ($from.parent === $to.parent && $from.parent.isTextblock && $from.depth > 0)
    return { from: $from.before($from.depth), to: $to.after($to.depth) };
  return {
    from: $from.depth > 0 ? $from.before(1) : from,
    to: $to.depth > 0 ? $to.after(1) : to,
  };
}
