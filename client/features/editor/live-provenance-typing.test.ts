import { Editor } from '@tiptap/core';
import { Collaboration } from '@tiptap/extension-collaboration';
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bodySchema } from '@common/editor-schema';
import { createEditorExtensions } from './editor-extensions';

const field = 'body:s1';
const stored =
  '<p data-src="3:1">Ocean currents move heat from the equator.</p><p data-src="3:2">Surface currents are driven by the wind.</p>';

function liveBody(html: string): Y.Doc {
  const doc = new Y.Doc();
  const el = document.createElement('div');
  el.innerHTML = html;
  prosemirrorToYXmlFragment(PmDOMParser.fromSchema(bodySchema()).parse(el), doc.getXmlFragment(field));
  return doc;
}

const editors: Editor[] = [];
function openLive(doc: Y.Doc, userId: number, provenance: boolean): Editor {
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: [...createEditorExtensions('', { live: true, userId, provenance }), Collaboration.configure({ document: doc, field })],
  });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

function caretAtEndOfFirst(editor: Editor) {
  const end = editor.state.doc.child(0).nodeSize - 1;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, end)));
}

function typeChar(editor: Editor, ch: string) {
  const { from, to } = editor.state.selection;
  editor.view.dispatch(editor.state.tr.insertText(ch, from, to));
}

async function typeTogether(provenance: boolean) {
  const a = liveBody(stored);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const ea = openLive(a, 7, provenance);
  const eb = openLive(b, 9, provenance);
  // Updates travel with a delay: each side's queue is delivered every few keystrokes.
  const toB: Uint8Array[] = [];
  const toA: Uint8Array[] = [];
  a.on('update', (u: Uint8Array, origin: unknown) => origin !== 'net' && toB.push(u));
  b.on('update', (u: Uint8Array, origin: unknown) => origin !== 'net' && toA.push(u));
  const flush = () => {
    for (const u of toB.splice(0)) Y.applyUpdate(b, u, 'net');
    for (const u of toA.splice(0)) Y.applyUpdate(a, u, 'net');
  };
  caretAtEndOfFirst(ea);
  caretAtEndOfFirst(eb);
  const ownerText = ' owner-one writes here';
  const friendText = ' friend-one adds this';
  for (let i = 0; i < Math.max(ownerText.length, friendText.length); i++) {
    if (i < ownerText.length) typeChar(ea, ownerText[i]);
    if (i < friendText.length) typeChar(eb, friendText[i]);
    if (i % 3 === 2) flush();
    await Promise.resolve();
  }
  flush();
  return { a: ea.state.doc.child(0).textContent, b: eb.state.doc.child(0).textContent, ownerText, friendText };
}

describe('two people typing in one paragraph of a live body with provenance', () => {
  for (const provenance of [false, true])
    it(`both texts arrive whole on both sides (attributes ${provenance ? 'on' : 'off'})`, async () => {
      const r = await typeTogether(provenance);
      expect(r.a).toBe(r.b);
      expect(r.a).toContain(r.ownerText.trim());
      expect(r.a).toContain(r.friendText.trim());
    });
});
