import { Editor } from '@tiptap/core';
import { Collaboration } from '@tiptap/extension-collaboration';
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import { afterEach } from 'vitest';
import * as Y from 'yjs';
import { bodySchema } from '@common/editor-schema';
import { createEditorExtensions } from '../features/editor/editor-extensions';

/** The live body's field these tests use. */
export const liveField = 'body:s1';

/** A live body as the server builds it from stored HTML: the fragment holds exactly that HTML. */
export function liveBody(html: string): { doc: Y.Doc; field: string } {
  const doc = new Y.Doc();
  const el = document.createElement('div');
  el.innerHTML = html;
  prosemirrorToYXmlFragment(PmDOMParser.fromSchema(bodySchema()).parse(el), doc.getXmlFragment(liveField));
  return { doc, field: liveField };
}

/**
 * Opens the live editor (the book's extensions, bound to a field of a Y.Doc) as a given typist; every editor
 * opened is destroyed after each test of the file that calls this.
 */
export function liveEditorOpener() {
  const editors: Editor[] = [];
  afterEach(() => {
    for (const e of editors.splice(0)) e.destroy();
  });
  return (doc: Y.Doc, field: string, options: { userId?: number; provenance?: boolean } = {}): Editor => {
    const editor = new Editor({
      element: document.createElement('div'),
      extensions: [...createEditorExtensions('', { live: true, ...options }), Collaboration.configure({ document: doc, field })],
    });
    editors.push(editor);
    return editor;
  };
}
