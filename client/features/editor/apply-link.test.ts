import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createEditorExtensions } from './editor-extensions';
import { applyLink } from './editor-commands';

const editors: Editor[] = [];
function open(html: string): Editor {
  const editor = new Editor({ element: document.createElement('div'), extensions: createEditorExtensions(''), content: html });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

describe('applyLink', () => {
  it('links the range the user selected even when the selection collapsed while the dialog was open', () => {
    const editor = open('<p>Volcanoes form where magma reaches the surface.</p>');
    const range = { from: 1, to: 10 };
    expect(editor.state.doc.textBetween(range.from, range.to)).toBe('Volcanoes');
    editor.commands.setTextSelection(5);
    applyLink(editor, 'https://en.wikipedia.org/wiki/Volcano', range);
    const html = editor.getHTML();
    expect(html).toContain('href="https://en.wikipedia.org/wiki/Volcano"');
    expect(html).toMatch(/<a [^>]*>Volcanoes<\/a> form where/);
    expect(editor.getText()).toBe('Volcanoes form where magma reaches the surface.');
  });

  it('with nothing selected then or now, the address itself becomes the linked text', () => {
    const editor = open('<p>See</p>');
    editor.commands.setTextSelection(4);
    applyLink(editor, 'https://example.org', { from: 4, to: 4 });
    expect(editor.getHTML()).toMatch(/See ?<a [^>]*>https:\/\/example\.org<\/a>/);
  });
});
