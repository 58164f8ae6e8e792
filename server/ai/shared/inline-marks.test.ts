import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { markdownToBlocks } from '@server/ingest/markdown-extract';
import { sanitizeHtml } from '@server/features/textbooks/sanitize';
import { parseBody, printBody } from '@server/features/textbooks/save/body-html';
import { parseEditorHtml } from '@common/book-render/parse-html';
import { renderBlocksHtml } from '@common/book-render/render-html';
import { renderBlocks } from './render-blocks';

const b = (kind: DocBlock['kind'], text: string, extra: Partial<DocBlock> = {}): DocBlock => ({ kind, text, ...extra });

describe('bold and italic in running text', () => {
  it('reads them from Markdown ("**", "*", "_", <b>, <em>), never on a heading', () => {
    const { blocks } = markdownToBlocks(
      '# Le **titre**\n\nLa valeur est **trop haute** et *fausse*, voir _là_ et <b>ici</b> ou <em>ailleurs</em>.\n\n- un ***point*** fort\n',
    );
    expect(blocks[0]).toMatchObject({ kind: 'heading', text: 'Le titre' });
    expect(blocks[0].strong).toBeUndefined();
    expect(blocks[1]).toMatchObject({
      kind: 'paragraph',
      text: 'La valeur est trop haute et fausse, voir là et ici ou ailleurs.',
      strong: ['trop haute', 'ici'],
      emphasis: ['fausse', 'là', 'ailleurs'],
    });
    expect(blocks[2]).toMatchObject({ kind: 'list-item', text: 'un point fort', strong: ['point'], emphasis: ['point'] });
  });

  it('writes them as <strong> and <em> beside links, inline code and formulas, and never cuts a formula', () => {
    const html = renderBlocks([
      b('paragraph', 'La pente \\(\\beta_1\\) est trop haute: voir le guide et `x`.', {
        strong: ['\\(\\beta_1\\)', 'trop haute: voir le'],
        emphasis: ['guide', '\\beta'],
        links: [{ text: 'le guide', href: 'https://example.org' }],
        code: ['x'],
      }),
    ]);
    expect(html).toContain('<strong><span data-type="inline-math" data-latex="\\beta_1"></span></strong>');
    expect(html).toContain('<strong>trop haute: voir </strong><a href="https://example.org"');
    expect(html).toContain('><strong>le</strong> <em>guide</em></a>');
    expect(html).not.toContain('<em>\\beta');
  });

  it('keeps them in the definition after a glossary term', () => {
    const html = renderBlocks([b('list-item', 'Pente: la variation, toujours positive', { term: 'Pente', emphasis: ['toujours'] })]);
    expect(html).toContain('<strong>Pente</strong>: la variation, <em>toujours</em> positive');
  });

  it('keeps them through the sanitizer, the editor (ProseMirror marks) and the exports', () => {
    const { blocks } = markdownToBlocks('Un mot **gras** et un *penché*.\n');
    const body = sanitizeHtml(renderBlocks(blocks));
    expect(body).toBe('<p>Un mot <strong>gras</strong> et un <em>penché</em>.</p>');
    const doc = parseBody(body);
    const marked = (name: string) => {
      const words: string[] = [];
      doc.descendants((n) => {
        if (n.isText && n.marks.some((m) => m.type.name === name)) words.push(n.text!);
      });
      return words;
    };
    expect(marked('bold')).toEqual(['gras']);
    expect(marked('italic')).toEqual(['penché']);
    expect(printBody(doc)).toBe(body);
    // The exports (HTML, EPUB, DOCX, PDF, the cartridge) all read the body into the book model's runs.
    const book = parseEditorHtml(body);
    expect(book[0]).toMatchObject({
      kind: 'paragraph',
      content: [{ text: 'Un mot ' }, { text: 'gras', bold: true }, { text: ' et un ' }, { text: 'penché', italic: true }, { text: '.' }],
    });
    expect(renderBlocksHtml(book)).toContain('<strong>gras</strong>');
  });
});
