import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createEditorExtensions } from './editor-extensions';
import { takeDomSelection } from './dom-selection';

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) {
    e.view.dom.remove();
    e.destroy();
  }
});

function open(html: string): Editor {
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: createEditorExtensions(''), content: html });
  editors.push(editor);
  return editor;
}

describe('takeDomSelection', () => {
  it("makes the word selected on the page the editor's selection before a shortcut acts on it", () => {
    const editor = open('<p>Volcanoes form where magma reaches the surface.</p>');
    editor.commands.setTextSelection(1);
    const text = editor.view.dom.querySelector('p')!.firstChild!;
    // The page's selection moved (Ctrl+Shift+ArrowRight) and the editor has not read it yet.
    document.getSelection()!.setBaseAndExtent(text, 0, text, 'Volcanoes'.length);
    expect(editor.state.selection.empty).toBe(true);
    takeDomSelection(editor.view);
    const { from, to } = editor.state.selection;
    expect(editor.state.doc.textBetween(from, to)).toBe('Volcanoes');
  });

  it('leaves the selection alone when the page selects something outside the editor', () => {
    const editor = open('<p>Volcanoes form where magma reaches the surface.</p>');
    editor.commands.setTextSelection({ from: 1, to: 5 });
    const outside = document.createElement('p');
    outside.textContent = 'elsewhere';
    document.body.append(outside);
    document.getSelection()!.setBaseAndExtent(outside.firstChild!, 0, outside.firstChild!, 4);
    takeDomSelection(editor.view);
    expect(editor.state.selection.from).toBe(1);
    expect(editor.state.selection.to).toBe(5);
    outside.remove();
  });
});
