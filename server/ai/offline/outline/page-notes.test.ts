import { readFileSync } from 'node:fs';
import katex from 'katex';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import type { ExtractedDocument } from '@server/core/document-model';
import { extractAndChunk } from '@server/ingest/extract-document';
import { fixturePath } from '@server/test/fixture-path.support';
import { composeFromDocuments } from './tree-book';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';

// German analysis notes shaped like a GitHub-rendered course page (test-fixtures/README.md).
const file = 'analysis-skript.de.md';
let doc: ExtractedDocument;
let book: TextbookContent;

beforeAll(async () => {
  const data = new Uint8Array(readFileSync(fixturePath(`text/${file}`)));
  doc = (await extractAndChunk({ kind: 'txt', filename: file, data })).document;
  book = composeFromDocuments(
    { sources: [{ id: 1, filename: file, mime: 'text/markdown', text: doc.text, document: doc }], chunks: [], imageUrls: {} },
    { title: 'Analysis 1' },
  );
});

const bookHtml = () => book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).join('');
/** Every title the book prints, in order: chapters, sections and the headings inside them. */
const bookHeadings = () =>
  book.chapters.flatMap((c) => [
    c.title,
    ...[...c.content.matchAll(/<h[3-6]>(.*?)<\/h[3-6]>/g)].map((m) => htmlToText(m[1])),
    ...c.sections.flatMap((s) => [s.title, ...[...s.content.matchAll(/<h[3-6]>(.*?)<\/h[3-6]>/g)].map((m) => htmlToText(m[1]))]),
  ]);

describe('a German course page: headings, math and language as written', () => {
  it('keeps every heading with its own words and case, numbered statements one by one', () => {
    const source = doc.blocks.filter((b) => b.kind === 'heading').map((b) => cleanHeadingTitle(b.text));
    expect(source).toContain('Definition 1.5');
    expect(source).toContain('Die natürlichen Zahlen');
    const printed = bookHeadings();
    for (const title of ['Definition 1.5', 'Definition 1.6', 'Satz 2', 'Satz 3', 'Quantoren', 'Die natürlichen Zahlen'])
      expect(printed).toContain(title);
    const order = ['Definition 1.5', 'Definition 1.6', 'Satz 2', 'Satz 3', 'Quantoren'].map((t) => printed.indexOf(t));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('stores every formula in LaTeX KaTeX typesets: page entities decoded, \\mbox read as \\text', () => {
    const formulas = [...bookHtml().matchAll(/data-latex="([^"]*)"/g)].map((m) =>
      m[1]
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(formulas.length).toBeGreaterThanOrEqual(8);
    const failing = formulas.filter((f) => {
      try {
        katex.renderToString(f, { throwOnError: true });
        return false;
      } catch {
        return true;
      }
    });
    expect(failing).toEqual([]);
    expect(formulas.some((f) => f.includes('\\text{Gegenkathete}'))).toBe(true);
  });

  it('reads the notes as German though formulas outnumber their words, and writes no English apparatus over them', () => {
    expect(book.language).toBe('de');
    expect(book.chapters.map((c) => c.sections.map((s) => s.title)).flat()).not.toContain('Summary and Review');
    expect(htmlToText(bookHtml())).not.toMatch(/Learning Objectives|This chapter covers/);
  });

  it('keeps the licence line in the book', () => {
    expect(htmlToText(bookHtml())).toContain('Diese Mitschrift steht unter der Lizenz CC BY-SA 4.0');
  });
});
