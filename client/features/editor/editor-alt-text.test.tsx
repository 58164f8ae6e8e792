import { Editor } from '@tiptap/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentExtensions } from '@common/editor-schema';
import { Toaster } from '@client/components/ui/toaster';
import { promptForAltText } from './editor-commands';

/** An editor with the body schema and the picture selected, as a click on it leaves it. */
function editorWithPicture(alt: string) {
  const editor = new Editor({
    extensions: documentExtensions(),
    content: `<p>Before</p><img src="/api/images/1" alt="${alt}"><p>After</p>`,
  });
  let pos = -1;
  editor.state.doc.descendants((node, at) => {
    if (node.type.name === 'image') pos = at;
  });
  editor.commands.setNodeSelection(pos);
  return editor;
}

afterEach(() => vi.restoreAllMocks());

describe('alt text of a picture in the editor', () => {
  it('asks with the current text and stores the answer on the image, which the saved HTML carries', async () => {
    render(<Toaster />);
    const editor = editorWithPicture('IMG_2041.jpg');
    const ask = vi.fn(() => '  Energy levels of a   two-state paramagnet ');
    promptForAltText(editor, ask);
    expect(ask).toHaveBeenCalledWith(expect.stringContaining('alt text'), 'IMG_2041.jpg');
    expect(editor.getHTML()).toContain('alt="Energy levels of a two-state paramagnet"');
    expect(await screen.findByText('Alt text saved')).toBeInTheDocument();
    editor.destroy();
  });

  it('changes nothing on cancel, and does nothing without a picture selected', () => {
    const editor = editorWithPicture('A pendulum');
    promptForAltText(editor, () => null);
    expect(editor.getHTML()).toContain('alt="A pendulum"');
    editor.commands.setTextSelection(2);
    const ask = vi.fn(() => 'x');
    promptForAltText(editor, ask);
    expect(ask).not.toHaveBeenCalled();
    editor.destroy();
  });
});
