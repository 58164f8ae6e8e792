import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { liveBody, liveField, liveEditorOpener } from '@client/test/live-editor';

const field = liveField;
const stored =
  '<p data-src="3:1">Ocean currents move heat from the equator.</p><p data-src="3:2">Surface currents are driven by the wind.</p>';

const openLive = liveEditorOpener();

function caretAtEndOfFirst(editor: Editor) {
  const end = editor.state.doc.child(0).nodeSize - 1;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, end)));
}

function typeChar(editor: Editor, ch: string) {
  const { from, to } = editor.state.selection;
  editor.view.dispatch(editor.state.tr.insertText(ch, from, to));
}

interface Pair {
  a: Y.Doc;
  b: Y.Doc;
  ea: Editor;
  eb: Editor;
  /** Delivers what each side sent since the last call to the other side. */
  flush: () => void;
  /** How many times a block's typist was written into either document. */
  typistWrites: () => number;
}

/** Two people on one body, their updates travelling with a delay (delivered on flush). */
function pair(provenance: boolean): Pair {
  const a = liveBody(stored).doc;
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const ea = openLive(a, field, { userId: 7, provenance });
  const eb = openLive(b, field, { userId: 9, provenance });
  const toB: Uint8Array[] = [];
  const toA: Uint8Array[] = [];
  a.on('update', (u: Uint8Array, origin: unknown) => origin !== 'net' && toB.push(u));
  b.on('update', (u: Uint8Array, origin: unknown) => origin !== 'net' && toA.push(u));
  let writes = 0;
  for (const doc of [a, b])
    doc.getXmlFragment(field).observeDeep((events) => {
      for (const e of events) if (!e.transaction.local && e.keys.has('typedBy')) writes++;
    });
  const flush = () => {
    for (const u of toB.splice(0)) Y.applyUpdate(b, u, 'net');
    for (const u of toA.splice(0)) Y.applyUpdate(a, u, 'net');
  };
  return { a, b, ea, eb, flush, typistWrites: () => writes };
}

/** Both type at once, one letter each in turn, the network delivering every third round. */
function typeTogether(p: Pair, ownerText: string, friendText: string) {
  for (let i = 0; i < Math.max(ownerText.length, friendText.length); i++) {
    if (i < ownerText.length) typeChar(p.ea, ownerText[i]);
    if (i < friendText.length) typeChar(p.eb, friendText[i]);
    if (i % 3 === 2) p.flush();
  }
  p.flush();
}

describe('two people typing in one paragraph of a live body with provenance', () => {
  for (const provenance of [false, true])
    it(`both texts arrive whole and in order on both sides (attributes ${provenance ? 'on' : 'off'})`, () => {
      const p = pair(provenance);
      caretAtEndOfFirst(p.ea);
      caretAtEndOfFirst(p.eb);
      typeTogether(p, ' owner-one writes here', ' friend-one adds this');
      const text = p.ea.state.doc.child(0).textContent;
      expect(p.eb.state.doc.child(0).textContent).toBe(text);
      expect(text).toContain('owner-one writes here');
      expect(text).toContain('friend-one adds this');
      expect(text.startsWith('Ocean currents move heat from the equator.')).toBe(true);
    });

  it('one types in the middle while the other types at the end, and the stored source stays', () => {
    const p = pair(true);
    // After "Ocean currents": offset 14 in the first paragraph.
    p.ea.view.dispatch(p.ea.state.tr.setSelection(TextSelection.create(p.ea.state.doc, 1 + 14)));
    caretAtEndOfFirst(p.eb);
    typeTogether(p, ' (warm and cold)', ' More to come.');
    const first = p.ea.state.doc.child(0);
    expect(first.textContent).toBe('Ocean currents (warm and cold) move heat from the equator. More to come.');
    expect(p.eb.state.doc.child(0).textContent).toBe(first.textContent);
    expect(first.attrs.source).toBe('3:1');
  });

  it('writes the typist of a shared paragraph a bounded number of times, not once per keystroke', () => {
    const p = pair(true);
    caretAtEndOfFirst(p.ea);
    caretAtEndOfFirst(p.eb);
    typeTogether(p, ' owner-two writes here', ' friend-two adds this');
    const by = p.ea.state.doc.child(0).attrs.typedBy as string;
    expect(by).toMatch(/^(7|9):\d+$/);
    expect(p.eb.state.doc.child(0).attrs.typedBy).toBe(by);
    expect(p.typistWrites()).toBeLessThanOrEqual(4);
  });

  it('a collaborator splitting the paragraph moves the caret as it does in a body without provenance', () => {
    const after = (provenance: boolean) => {
      const p = pair(provenance);
      caretAtEndOfFirst(p.ea);
      // The friend presses Enter after "Ocean currents" while the owner's caret is at the end of that paragraph.
      p.eb.view.dispatch(p.eb.state.tr.setSelection(TextSelection.create(p.eb.state.doc, 1 + 14)));
      p.eb.commands.splitBlock();
      p.flush();
      typeChar(p.ea, '!');
      p.flush();
      const texts = (e: Editor) => Array.from({ length: e.state.doc.childCount }, (_, i) => e.state.doc.child(i).textContent);
      expect(texts(p.eb)).toEqual(texts(p.ea));
      return texts(p.ea);
    };
    const plain = after(false);
    expect(plain.slice(0, 2).join('').replace('!', '')).toBe('Ocean currents move heat from the equator.');
    expect(after(true)).toEqual(plain);
  });
});
