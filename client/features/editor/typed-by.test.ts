import { Editor } from '@tiptap/core';
import { Collaboration } from '@tiptap/extension-collaboration';
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { parseTypedBy } from '@common/block-provenance';
import { bodySchema } from '@common/editor-schema';
import { createEditorExtensions } from './editor-extensions';
import { notTypedMeta } from './typed-by';

/** A live body as the server builds it from stored HTML. */
function liveBody(html: string): { doc: Y.Doc; field: string } {
  const doc = new Y.Doc();
  const field = 'body:s1';
  const el = document.createElement('div');
  el.innerHTML = html;
  prosemirrorToYXmlFragment(PmDOMParser.fromSchema(bodySchema()).parse(el), doc.getXmlFragment(field));
  return { doc, field };
}

const editors: Editor[] = [];
function openLive(doc: Y.Doc, field: string, userId: number): Editor {
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: [
      ...createEditorExtensions('', { live: true, userId, provenance: true }),
      Collaboration.configure({ document: doc, field }),
    ],
  });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

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
    openLive(doc, field, 7);
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([null, null, null, null]);
  });

  it('marks the block the user types in as theirs, in the live document, keeping its stored source', () => {
    const { doc, field } = liveBody(stored);
    const editor = openLive(doc, field, 7);
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
    openLive(doc, field, 7);
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const bob = openLive(other, field, 9);
    other.on('update', (update: Uint8Array) => Y.applyUpdate(doc, update));
    bob.chain().setTextSelection(3).insertContent('Bob ').run();
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([9, null, null, null]);
  });

  it('text a tool puts in through the editor is not typed by the user', () => {
    const { doc, field } = liveBody(stored);
    const editor = openLive(doc, field, 7);
    editor
      .chain()
      .command(({ tr }) => Boolean(tr.setMeta(notTypedMeta, true)))
      .insertContentAt(1, 'Tool ')
      .run();
    expect(blocksOf(doc, field).map((b) => b.by)).toEqual([null, null, null, null]);
    expect(blocksOf(doc, field)[0].text).toBe('Tool From the material.');
  });
});
