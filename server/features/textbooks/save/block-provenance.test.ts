import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { sanitizeHtml } from '../sanitize';
import { parseBody, printBody } from './body-html';
import { readBody, readBodyNode, writeContent } from './live-content';

/** Every block type that carries provenance, with a source key and a typist. */
const html =
  '<p data-src="3:17" data-by="5:1764000000">From page four.</p>' +
  '<ul><li data-src="3:18"><p data-src="3:18">An item</p></li></ul>' +
  '<blockquote data-by="5:1764000000"><p>Quoted</p></blockquote>' +
  '<table data-src="4:2" style="min-width: 25px;"><colgroup><col style="min-width: 25px;"></colgroup><tbody><tr><td colspan="1" rowspan="1"><p>Cell</p></td></tr></tbody></table>' +
  '<img src="/api/images/12" alt="A figure" data-src="3:20">' +
  '<div data-latex="x^2" data-type="block-math" data-src="3:21"></div>' +
  '<pre data-src="4:9"><code class="language-python">print(1)</code></pre>';

function book(body: string): TextbookContent {
  return {
    title: 'Provenance',
    references: [],
    chapters: [{ id: 'c_1', title: 'Chapter', content: '<p>Chapter text</p>', sections: [{ id: 's_1', title: 'S', content: body }] }],
  };
}

describe('provenance stored on the blocks of a body', () => {
  it('survives the sanitizer, HTML -> ProseMirror -> HTML and the live document (and its stored state)', () => {
    const clean = sanitizeHtml(html);
    const printed = printBody(parseBody(clean));
    for (const attr of [
      'data-src="3:17"',
      'data-by="5:1764000000"',
      'data-src="3:18"',
      'data-src="4:2"',
      'data-src="3:20"',
      'data-src="3:21"',
      'data-src="4:9"',
    ])
      expect(printed).toContain(attr);
    const doc = new Y.Doc();
    writeContent(doc, book(printed));
    expect(readBody(doc, 's_1')).toBe(printed);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(readBody(copy, 's_1')).toBe(printed);
    const first = readBodyNode(copy, 's_1').firstChild!;
    expect(first.attrs).toMatchObject({ source: '3:17', typedBy: '5:1764000000' });
  });

  it('drops a malformed value instead of storing it', () => {
    const clean = sanitizeHtml('<p data-src="javascript:alert(1)" data-by="me">Text</p><p data-src="1:2" onclick="x()">Two</p>');
    expect(clean).toBe('<p>Text</p><p data-src="1:2">Two</p>');
    expect(printBody(parseBody('<p data-src="not a key">Text</p>'))).toBe('<p>Text</p>');
  });

  it('leaves a body without provenance exactly as it was (books from before it existed)', () => {
    const plain = '<p>Plain</p><ul><li><p>item</p></li></ul>';
    expect(printBody(parseBody(sanitizeHtml(plain)))).toBe(plain);
  });
});
