import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';

const key = new PluginKey('liveTrailingNode');

/** A change that arrived through the live document (the first load, a collaborator, a tool's save, undo). */
function fromLiveDocument(tr: Transaction): boolean {
  const meta = tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
  return Boolean(meta?.isChangeOrigin);
}

/**
 * The empty paragraph after a body that ends in a list, table, picture or formula, so there is a
 * line to type on below it, added only when the user edits the body. StarterKit's own adds it as
 * soon as the document loads: in a live body that is a change made by whoever merely opened it
 * (a store, a version in their name, and one such paragraph per person who opened it at once).
 */
export const LiveTrailingNode = Extension.create({
  name: 'liveTrailingNode',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key,
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged && !fromLiveDocument(tr))) return null;
          const last = state.doc.lastChild;
          const paragraph = state.schema.nodes.paragraph;
          if (!paragraph || !last || last.type === paragraph) return null;
          return state.tr.insert(state.doc.content.size, paragraph.create());
        },
      }),
    ];
  },
});
