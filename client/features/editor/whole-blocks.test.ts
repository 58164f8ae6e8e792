import { Editor, getHTMLFromFragment } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createEditorExtensions } from './editor-extensions';
import { wholeBlocks } from './whole-blocks';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** The HTML a tool would replace for the text between `start` and `end` (both found in the document's text). */
function widened(html: string, start: string, end: string): string {
  editor = new Editor({ extensions: createEditorExtensions(''), content: html });
  const doc = editor.state.doc;
  let from = -1;
  let to = -1;
  doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    const a = node.text.indexOf(start);
    if (from < 0 && a >= 0) from = pos + a;
    const b = node.text.indexOf(end);
    if (b >= 0) to = pos + b + end.length;
  });
  const range = wholeBlocks(doc, from, to);
  return getHTMLFromFragment(doc.slice(range.from, range.to).content, editor.schema);
}

describe('wholeBlocks', () => {
  const html =
    '<p>First one. The transistor was invented at <a href="https://example.org/bell">Bell Labs</a> in 1947. It replaced tubes.</p>' +
    '<ul><li><p>npn junctions</p></li><li><p>pnp junctions</p></li></ul><p>Last one.</p>';

  it('widens a phrase from the middle of a sentence to its whole paragraph, link kept', () => {
    expect(widened(html, 'invented at', 'Bell')).toBe(
      '<p>First one. The transistor was invented at <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/bell">Bell Labs</a> in 1947. It replaced tubes.</p>',
    );
  });

  it('widens a selection inside a list item to that item’s paragraph, and one across items to both', () => {
    expect(widened(html, 'npn', 'npn')).toBe('<p>npn junctions</p>');
    expect(widened(html, 'junctions', 'pnp')).toBe('<ul><li><p>npn junctions</p></li><li><p>pnp junctions</p></li></ul>');
  });

  it('widens a selection from a paragraph into a list to the paragraph and the whole list', () => {
    expect(widened(html, 'replaced', 'npn')).toMatch(
      /^<p>First one\. .*It replaced tubes\.<\/p><ul><li><p>npn junctions<\/p><\/li><li><p>pnp junctions<\/p><\/li><\/ul>$/,
    );
  });
});
