import { Extension } from '@tiptap/core';
import { Fragment, type Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type Transaction } from '@tiptap/pm/state';
import {
  findAbsolutePositionAfterStructuralChange,
  isMisresolvedAfterStructuralChange,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

const key = new PluginKey('remoteCaret');

/** The block attributes that say where a block comes from (common/block-provenance.ts), not what it is. */
const provenanceAttrs = ['source', 'typedBy'] as const;

/** What the sync plugin keeps of the selection before a change from the live document is applied. */
interface RelativeSelection {
  type: string;
  anchor: unknown;
  head: unknown;
  absAnchor: number;
  absHead: number;
}

interface SyncState {
  isChangeOrigin?: boolean;
  binding?: { doc: Y.Doc; type: Y.XmlFragment; mapping: Map<unknown, unknown>; beforeTransactionSelection: RelativeSelection | null };
}

function hasProvenance(node: PmNode): boolean {
  return provenanceAttrs.some((a) => node.attrs[a] !== undefined && node.attrs[a] !== null);
}

/** The same document with every block's provenance at its default (sizes and positions unchanged). */
export function withoutProvenance(node: PmNode): PmNode {
  let attrs = node.attrs;
  if (hasProvenance(node)) {
    const next: Record<string, unknown> = { ...node.attrs };
    for (const a of provenanceAttrs) if (a in next) next[a] = null;
    attrs = next;
  }
  // Inline content carries no block provenance: a textblock's children are kept as they are.
  let content = node.content;
  if (!node.isTextblock && !node.isLeaf) {
    const children: PmNode[] = [];
    let changed = false;
    node.forEach((child) => {
      const next = withoutProvenance(child);
      if (next !== child) changed = true;
      children.push(next);
    });
    if (changed) content = Fragment.fromArray(children);
  }
  if (attrs === node.attrs && content === node.content) return node;
  return node.type.create(attrs, content, node.marks);
}

/** The sync plugin's recovery of a caret endpoint, on documents read without their provenance. */
function recover(newDoc: PmNode, oldDoc: PmNode, oldAbs: number, resolved: number | null): number | null {
  const misresolved =
    resolved === null || (oldAbs > 1 && resolved <= 1) || isMisresolvedAfterStructuralChange(oldDoc, newDoc, oldAbs, resolved);
  if (!misresolved) return resolved;
  return findAbsolutePositionAfterStructuralChange(oldDoc, newDoc, oldAbs) ?? resolved;
}

/**
 * Keeps the caret where the live document puts it when a collaborator's change arrives. The sync
 * plugin (@tiptap/y-tiptap) second-guesses that place whenever the text of the caret's block
 * changed, and when the block has attributes off their defaults it moves the caret back to its old
 * offset in that block, so someone typing in the same paragraph at once pushes this user's caret
 * behind their own last letters and the next ones land in reverse. A block's provenance (its source,
 * its typist) says nothing about which block it is, so the recovery is done again here with those
 * attributes read as absent, as it is for blocks that never had any; other selections are untouched.
 */
export const RemoteCaret = Extension.create({
  name: 'remoteCaret',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key,
        appendTransaction: (transactions, oldState, newState) => {
          const remote: Transaction | undefined = transactions[0];
          const meta = remote?.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
          if (transactions.length !== 1 || !remote.docChanged || !meta?.isChangeOrigin || newState.doc !== remote.doc) return null;
          const binding = (ySyncPluginKey.getState(newState) as SyncState | undefined)?.binding;
          const rel = binding?.beforeTransactionSelection;
          if (!binding || !rel || rel.type !== 'text') return null;
          const oldDoc = withoutProvenance(oldState.doc);
          const newDoc = withoutProvenance(newState.doc);
          // Nothing to do unless provenance could have changed the sync plugin's choice.
          if (oldDoc === oldState.doc && newDoc === newState.doc) return null;
          const place = (relPos: unknown, oldAbs: number) =>
            recover(
              newDoc,
              oldDoc,
              oldAbs,
              relativePositionToAbsolutePosition(binding.doc, binding.type, relPos, binding.mapping as never),
            );
          let anchor = place(rel.anchor, rel.absAnchor);
          let head = place(rel.head, rel.absHead);
          anchor ??= head;
          head ??= anchor;
          if (anchor === null || head === null) return null;
          const size = newState.doc.content.size;
          if (anchor > size || head > size) return null;
          const { selection } = newState;
          if (selection.anchor === anchor && selection.head === head) return null;
          // Marked as the live document's own change, like the one it corrects: nothing is sent back.
          return newState.tr
            .setSelection(TextSelection.between(newState.doc.resolve(anchor), newState.doc.resolve(head)))
            .setMeta(ySyncPluginKey, meta);
        },
      }),
    ];
  },
});
