import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { parseTypedBy } from '@common/block-provenance';
import { bodySchema } from '@common/editor-schema';
import { notTypedMeta } from './typed-by';
import { liveBody, liveEditorOpener } from '@client/test/live-editor';

const openLive = liveEditorOpener();

/** Each top-level block of the live document as the server reads it: its text and its typist. */
function blocksOf(doc: Y.Doc, field: string) {
  const root = yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(field), bodySchema());
  const out: Array<{ text: string; by: number | null; source: string | null }> = [];
  root.forEach((node) => {
    const inner = node.type.name === 'bulletList' ? node.firstChild! : node;
    out.push({
      text: node.textContent,
      by: parseTypedBy(inner.attrs.typedBy as string)?.userId ?? null,
      source: inner.attrs.source as string | null,
    });
  });
  return out;
}

const stored =
  '<p data-src="3:1">From the material.</p><p data-src="3:2">Also from it.</p><ul><li data-src="3:4"><p>An item.</p></li></ul><p data-src="3:5">Closing words.</p>';

describe('text typed through the live editor', () => {
  it('opening a body marks nothing', () => {
    const { doc, field } = liveBody(stored);
    openLive(doc, field, { userId: 7, provenance: true });
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([null, null, null, null]);
  });

  it('marks the block the user types in as theirs, in the live document, keeping its stored source', () => {
    const { doc, field } = liveBody(stored);
    const editor = openLive(doc, field, { userId: 7, provenance: true });
    // The end of the second paragraph: inside its text.
    const end = editor.state.doc.child(0).nodeSize + editor.state.doc.child(1).nodeSize - 1;
    editor.chain().setTextSelection(end).insertContent(' My own words.').run();
    const blocks = blocksOf(doc, field);
    expect(blocks.map((b) => b.by)).toEqual([null, 7, null, null]);
    expect(blocks[1]).toMatchObject({ text: 'Also from it. My own words.', source: '3:2' });
    // Typing in a list item marks the item.
    const item = editor.state.doc.child(0).nodeSize + editor.state.doc.child(1).nodeSize + 3;
    editor.chain().setTextSelection(item).insertContent('x').run();
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([null, 7, 7, null]);
    expect(blocksOf(doc, field)[2].text).toBe('xAn item.');
  });

  it('a collaborator’s change arriving through the live document is not marked as this user’s', () => {
    const { doc, field } = liveBody(stored);
    openLive(doc, field, { userId: 7, provenance: true });
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const bob = openLive(other, field, { userId: 9, provenance: true });
    other.on('update', (update: Uint8Array) => Y.applyUpdate(doc, update));
    bob.chain().setTextSelection(3).insertContent('Bob ').run();
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([9, null, null, null]);
  });

  it('text a tool puts in through the editor is not typed by the user', () => {
    const { doc, field } = liveBody(stored);
    const editor = openLive(doc, field, { userId: 7, provenance: true });
    editor
      .chain()
      .command(({ tr }) => Boolean(tr.setMeta(notTypedMeta, true)))
      .insertContentAt(1, 'Tool ')
      .run();
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([null, null, null, null]);
    expect(blocksOf(doc, field)[0].text).toBe('Tool From the material.');
  });
});
