import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { bodyFieldOf } from '@common/live-document';
import type { TextbookContent } from '@common/textbook';
import { sanitizeHtml } from '../textbooks/sanitize';
import { parseBody, printBody } from '../textbooks/save/body-html';
import { applyContentChange, changedBodyIds, readBody, readBodyNode, writeContent } from '../textbooks/save/live-content';
import { computeState } from '../textbooks/save/live-state';
import { updateProblem } from './update-policy';

/** Every node and mark the editor has, as the editor prints it. */
const bodies: Record<string, string> = {
  headings: '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
  marks: '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s> <code>code</code> <strong><em>both</em></strong></p>',
  link: '<p>See <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/page">the page</a> and <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:a@b.org">mail</a>.</p>',
  lists:
    '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul><ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>',
  table:
    '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>Head</p></th><th colspan="1" rowspan="1"><p>Er</p></th></tr><tr><td colspan="2" rowspan="1"><p>Wide cell</p></td></tr></tbody></table>',
  image: '<img src="/api/images/12" alt="A figure" title="Figure 1"><p>Caption text</p>',
  math: '<p>Inline <span data-latex="x^2" data-type="inline-math"></span> math</p><div data-latex="\\int_0^1 f(x)\\,dx" data-type="block-math"></div>',
  blocks: '<blockquote><p>Quoted</p></blockquote><pre><code class="language-python">print(1)</code></pre><hr><p>a<br>b</p>',
};

function book(entries: Record<string, string>): TextbookContent {
  return {
    title: 'Round trip',
    references: [],
    chapters: [
      {
        id: 'c_1',
        title: 'Chapter',
        content: '<p>Chapter text</p>',
        sections: Object.entries(entries).map(([id, content]) => ({ id, title: id, content })),
      },
    ],
  };
}

describe('HTML <-> live document', () => {
  it.each(Object.entries(bodies))('keeps %s through HTML -> Yjs -> HTML and -> ProseMirror JSON', (id, html) => {
    const doc = new Y.Doc();
    writeContent(doc, book({ [id]: html }));
    expect(readBody(doc, id)).toBe(html);
    // The document is the ProseMirror document the editor would make of the HTML.
    expect(readBodyNode(doc, id).toJSON()).toEqual(parseBody(html).toJSON());
    // And the stored state holds it: a second document loaded from it reads the same.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(readBody(copy, id)).toBe(html);
  });

  it('passes the server sanitizer unchanged in substance for every node type', () => {
    for (const html of Object.values(bodies)) expect(printBody(parseBody(sanitizeHtml(html)))).toBe(html);
  });

  it('turns dollar math in stored HTML into math nodes once, on the server', () => {
    const doc = new Y.Doc();
    writeContent(doc, book({ s: '<p>Price $5 and $x^2$ here</p><p>$$E=mc^2$$</p>' }));
    expect(readBody(doc, 's')).toBe(
      '<p>Price $5 and <span data-latex="x^2" data-type="inline-math"></span> here</p><div data-latex="E=mc^2" data-type="block-math"></div>',
    );
  });

  it('drops what the schema cannot hold, and links with a forbidden scheme', () => {
    expect(printBody(parseBody('<p>x <a href="javascript:alert(1)">bad</a><script>alert(1)</script></p>'))).toBe('<p>x bad</p>');
    expect(printBody(parseBody(''))).toBe('');
  });

  it('applies a change of the JSON content as edits, keeping concurrent typing in the same paragraph', () => {
    const before = book({ s: '<p>Shared paragraph</p><p>Second</p>' });
    const server = new Y.Doc();
    writeContent(server, before);
    // A typist's copy, typing at the paragraph's end before the change arrives.
    const typist = new Y.Doc();
    Y.applyUpdate(typist, Y.encodeStateAsUpdate(server));
    const text = (typist.getXmlFragment(bodyFieldOf('s')).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(text.length, ' typed');
    // The REST change: a word at the paragraph's start, a new paragraph, another body replaced.
    const after = book({ s: '<p>The shared paragraph</p><p>Second</p><p>Third</p>' });
    const vector = Y.encodeStateVector(server);
    expect(applyContentChange(server, before, after)).toEqual(['s']);
    Y.applyUpdate(typist, Y.encodeStateAsUpdate(server, Y.encodeStateVector(typist)));
    Y.applyUpdate(server, Y.encodeStateAsUpdate(typist, vector));
    expect(readBody(typist, 's')).toBe('<p>The shared paragraph typed</p><p>Second</p><p>Third</p>');
    expect(readBody(server, 's')).toBe(readBody(typist, 's'));
  });

  it('empties the fragment of a removed body and names the bodies a transaction changed', () => {
    const doc = new Y.Doc();
    const before = book({ a: '<p>A</p>', b: '<p>B</p>' });
    writeContent(doc, before);
    const seen: string[][] = [];
    doc.on('afterTransaction', (tr: Y.Transaction) => seen.push([...changedBodyIds(tr)].sort()));
    const after = book({ a: '<p>A2</p>' });
    applyContentChange(doc, before, after);
    expect(seen).toEqual([['a', 'b']]);
    expect(readBody(doc, 'b')).toBe('');
  });

  it('builds a compact state: a stored state is about the size of the text it holds', () => {
    const long = `<p>${'Words of a long paragraph. '.repeat(400)}</p>`;
    const state = computeState({ state: null, before: null, after: book({ s: long }) });
    expect(state.length).toBeLessThan(long.length * 1.2);
    // Rewritten against its own state, unchanged bodies add nothing.
    const again = computeState({ state, before: null, after: book({ s: long }) });
    expect(again.length).toBe(state.length);
  });
});

describe('update policy', () => {
  it('accepts an editor edit and refuses malformed bytes, foreign pictures, bad links and sub-documents', () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment(bodyFieldOf('s'));
    const updates: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => updates.push(u));
    const p = new Y.XmlElement('paragraph');
    const t = new Y.XmlText();
    p.insert(0, [t]);
    fragment.insert(0, [p]);
    t.insert(0, 'hello', { bold: {} });
    t.format(0, 2, { link: { href: 'https://example.org' } });
    expect(updates.map((u) => updateProblem(u))).toEqual([null, null, null]);

    expect(updateProblem(new Uint8Array([1, 2, 3, 250, 250]))).toMatch(/malformed/);
    const img = new Y.XmlElement('image');
    img.setAttribute('src', 'https://elsewhere.example/x.png');
    fragment.insert(1, [img]);
    expect(updateProblem(updates.at(-1) as Uint8Array)).toMatch(/images/);
    t.format(0, 2, { link: { href: 'javascript:alert(1)' } });
    expect(updateProblem(updates.at(-1) as Uint8Array)).toMatch(/link/);
    doc.getMap('m').set('sub', new Y.Doc());
    expect(updateProblem(updates.at(-1) as Uint8Array)).toMatch(/never writes/);
  });
});
