import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractAndChunk } from '@server/ingest/extract-document';
import { fixturePath } from '@server/test/fixture-path.support';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { composeFromDocuments } from './tree-book';

const h = (text: string, level: number): DocBlock => ({ kind: 'heading', text, level });
const p = (text: string, page?: number): DocBlock => ({ kind: 'paragraph', text, ...(page ? { page } : {}) });
const prose = (topic: string, page: number) =>
  p(`${topic} is explained on this page in a full sentence of the notes, with enough words to read as prose.`, page);

function material(blocks: DocBlock[]): Material {
  const doc: ExtractedDocument = {
    filename: 'notes.pdf',
    mime: 'application/pdf',
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    title: 'Logic Notes',
  };
  return { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [], imageUrls: {} };
}

const bookText = (book: ReturnType<typeof composeFromDocuments>) =>
  book.chapters
    .map((c) => [c.content, ...c.sections.map((s) => s.content)].map((html) => htmlToText(materialHtml(html))).join(' '))
    .join(' ');

describe('a full book leaves nothing out in silence', () => {
  const licence = 'This book is licensed under a Creative Commons Attribution 4.0 International License.';
  const copyright = '© 2021 Jane Doe. All rights reserved for the figures.';
  const keywords = 'Keywords: arguments, validity, truth tables.';
  const foot = 'Logic Notes, draft of the course';
  const blocks: DocBlock[] = [
    h('Logic Notes', 1),
    p(licence, 1),
    p(copyright, 1),
    p(keywords, 1),
    h('Contents', 2),
    p('1 Arguments . . . . . . . . 3', 2),
    p('2 Validity . . . . . . . . 5', 2),
    h('1 Arguments', 2),
    prose('An argument', 3),
    p(foot, 3),
    p('3', 3),
    h('2 Validity', 2),
    prose('Validity', 4),
    p(foot, 4),
    p('4', 4),
    prose('A counterexample', 5),
    p(foot, 5),
    p('5', 5),
    h('References', 2),
    p('The readings below are optional for the course and are listed for further study.', 6),
    { kind: 'bibliography', text: 'Magnus, P. D. forall x. 2021.' },
  ];

  it('keeps the licence, copyright and keywords lines in the book, where they stand', () => {
    const text = bookText(composeFromDocuments(material(blocks), { title: 'Logic Notes' }));
    expect(text).toContain('licensed under a Creative Commons Attribution 4.0 International License');
    expect(text).toContain('© 2021 Jane Doe');
    expect(text).toContain('Keywords: arguments, validity, truth tables.');
    expect(text.indexOf('Creative Commons')).toBeLessThan(text.indexOf('An argument is explained'));
  });

  it('drops only page furniture: a running foot printed on page after page, page numbers, contents lines', () => {
    const text = bookText(composeFromDocuments(material(blocks), { title: 'Logic Notes' }));
    expect(text).not.toContain(foot);
    expect(text).not.toMatch(/\. \. \. \./);
    for (const topic of ['An argument', 'Validity', 'A counterexample']) expect(text).toContain(`${topic} is explained on this page`);
  });

  it('names in the generation report each unit it does not print, with its words and why', () => {
    const book = composeFromDocuments(material(blocks), { title: 'Logic Notes' });
    expect(bookText(book)).not.toContain('The readings below are optional');
    expect(book.generation?.leftOut).toEqual([
      expect.stringMatching(/^"Contents", 6 words: the original's navigation/),
      expect.stringMatching(/^"References", 14 words: the material's reference list; its entries are the book's references$/),
    ]);
  });
});

describe('navigation in other languages', () => {
  it('a German or French table of contents is navigation, named in the report, never an empty chapter', () => {
    for (const [contents, chapter] of [
      ['Inhaltsverzeichnis', 'Mengen'],
      ['Table des matières', 'Ensembles'],
    ]) {
      const book = composeFromDocuments(
        material([h(contents, 1), h(chapter, 1), prose(chapter, 1), h(`${chapter} II`, 1), prose(`${chapter} II`, 2)]),
        { title: 'Notes' },
      );
      expect(book.chapters.map((c) => c.title)).not.toContain(contents);
      expect(book.generation?.leftOut).toEqual([expect.stringMatching(new RegExp(`^"${contents}": the original's navigation`))]);
    }
  });
});

describe('real documents: every block of text is in the full book', () => {
  const words = (t: string) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
  for (const name of ['pdf/tracemonkey.pdf', 'pdf/latex/course-chapter.pdf', 'pdf/latex/logic-notes.pdf', 'text/analysis-skript.de.md']) {
    it(`${name}: each paragraph, list item, note and table of the extraction is printed word for word`, async () => {
      const data = new Uint8Array(readFileSync(fixturePath(name)));
      const kind = name.endsWith('.pdf') ? 'pdf' : 'txt';
      const { document } = await extractAndChunk({ kind, filename: name.split('/').pop()!, data });
      const book = composeFromDocuments(
        { sources: [{ id: 1, filename: name, mime: document.mime, text: document.text, document }], chunks: [], imageUrls: {} },
        { title: document.title ?? name },
      );
      // A formula counts by its LaTeX, as the extraction wrote it inline ("\\(x\\)").
      const html = book.chapters
        .flatMap((c) => [c.content, ...c.sections.map((sec) => sec.content)])
        .map(materialHtml)
        .join(' ');
      const printed = words(htmlToText(html.replace(/<span data-type="inline-math" data-latex="([^"]*)"><\/span>/g, ' <span>$1</span> ')));
      // Headings are the book's titles, reference entries its references, index words its index; figures and equations are pictures and LaTeX.
      const text = document.blocks.filter((b) => !['heading', 'bibliography', 'index-term', 'figure', 'equation'].includes(b.kind));
      expect(text.length).toBeGreaterThan(5);
      expect(text.filter((b) => !printed.includes(words(b.text))).map((b) => b.text)).toEqual([]);
    }, 60_000);
  }
});

describe("the author's to-do notes a PDF's reader left out", () => {
  it('are named in the generation report', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/todo-notes.pdf')));
    const { document } = await extractAndChunk({ kind: 'pdf', filename: 'todo-notes.pdf', data });
    const book = composeFromDocuments(
      { sources: [{ id: 1, filename: 'todo-notes.pdf', mime: document.mime, text: document.text, document }], chunks: [], imageUrls: {} },
      { title: 'Iterierte Abbildungen' },
    );
    expect(book.generation?.leftOut.join('\n')).toMatch(
      /the author's notes to self: 2 placeholders for missing figures .*the list of to-dos/,
    );
  });
});
