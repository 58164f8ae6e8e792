import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { formatTypedBy, parseTypedBy } from '@common/block-provenance';

const key = new PluginKey('typedBy');

/** Set on a transaction whose text is not the user's own typing (a tool's text put in through the editor). */
export const notTypedMeta = 'typedBy:skip';

/** A change that arrived through the live document (the first load, a collaborator, a tool's save, undo). */
function fromLiveDocument(tr: Transaction): boolean {
  const meta = tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
  return Boolean(meta?.isChangeOrigin);
}

/** The blocks the verify view reads a "typed by" from: the body's own blocks and every list item. */
function isMarked(node: PmNode, depth: number): boolean {
  if (!('typedBy' in node.attrs)) return false;
  return depth === 1 || node.type.name === 'listItem';
}

/** Positions of the blocks a range of the new document touches (its ends' blocks included, so a deletion counts). */
function touched(doc: PmNode, from: number, to: number, out: Map<number, PmNode>): void {
  for (const at of [from, to]) {
    const $pos = doc.resolve(Math.min(Math.max(at, 0), doc.content.size));
    for (let d = 1; d <= $pos.depth; d++) {
      const node = $pos.node(d);
      if (isMarked(node, d)) out.set($pos.before(d), node);
    }
  }
  if (to > from)
    doc.nodesBetween(from, to, (node, pos) => {
      const depth = doc.resolve(pos).depth + 1;
      if (isMarked(node, depth)) out.set(pos, node);
      return !node.isTextblock;
    });
}

function changedBlocks(transactions: readonly Transaction[], state: EditorState): Map<number, PmNode> {
  const out = new Map<number, PmNode>();
  transactions.forEach((tr, t) => {
    if (!tr.docChanged || fromLiveDocument(tr) || tr.getMeta(notTypedMeta) || tr.getMeta(key)) return;
    // Each step's changed range, carried to the final document through the later steps and transactions.
    tr.mapping.maps.forEach((map, i) => {
      map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
        let from = tr.mapping.slice(i + 1).map(newStart, -1);
        let to = tr.mapping.slice(i + 1).map(newEnd, 1);
        for (const later of transactions.slice(t + 1)) {
          from = later.mapping.map(from, -1);
          to = later.mapping.map(to, 1);
        }
        touched(state.doc, from, to, out);
      });
    });
  });
  return out;
}

/**
 * Marks what a person types through the live editor as theirs (common/block-provenance.ts): every block
 * their own change touches gets `data-by="<their id>:<time>"`, kept from the first change while it stays
 * theirs (or while it is the mark of someone typing there since this editor opened). Changes that arrive through the live document (collaborators, undo, a tool's save) mark nothing
 * here: each person's own editor marks their own typing.
 */
export const TypedBy = Extension.create<{ userId: number | null }>({
  name: 'typedBy',
  addOptions: () => ({ userId: null }),
  addProseMirrorPlugins() {
    const userId = this.options.userId;
    if (!userId) return [];
    // Someone else's mark from before this editor opened is an older change: this user's typing takes the block over.
    // A mark made since (someone typing in the same block at the same time) is left alone, so two people typing in
    // one paragraph do not overwrite each other's mark on every keystroke.
    const openedAt = Math.floor(Date.now() / 1000);
    return [
      new Plugin({
        key,
        appendTransaction: (transactions, _old, state) => {
          const blocks = changedBlocks(transactions, state);
          if (blocks.size === 0) return null;
          const value = formatTypedBy({ userId, at: Math.floor(Date.now() / 1000) });
          let tr: Transaction | null = null;
          for (const [pos, node] of blocks) {
            // An empty line says nothing; a block already theirs keeps its first time.
            if (node.textContent.trim() === '' && node.type.name !== 'image' && node.type.name !== 'blockMath') continue;
            const by = parseTypedBy(node.attrs.typedBy as string | null);
            if (by && (by.userId === userId || by.at >= openedAt)) continue;
            tr ??= state.tr;
            tr.setNodeAttribute(pos, 'typedBy', value);
          }
          return tr?.setMeta(key, true) ?? null;
        },
      }),
    ];
  },
});
