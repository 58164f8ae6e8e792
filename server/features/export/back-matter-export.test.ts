import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportFormat } from '@common/export';
import type { TextbookContent } from '@common/textbook';
import { outline } from '@server/ai/offline/outline';
import type { Material } from '@server/ai/material';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { expectEpubcheckErrorFree } from '@server/test/export/epubcheck.support';
import { renderExport } from './render-export';

/**
 * A real book (the offline engine's from a LaTeX course text whose margin key words are index words) exported in
 * each format: its glossary and index are there, and every link inside the book reaches its target in that format.
 */
let book: TextbookContent;

async function exported(format: ExportFormat): Promise<Uint8Array> {
  const reply = await renderExport({
    format,
    topic: 'Logic',
    contentJson: JSON.stringify(book),
    authors: ['ana'],
    date: '2026-03-05',
    materials: [],
    includeAppendix: false,
    images: [],
    maxOutputBytes: 50 * 1024 * 1024,
  });
  if (!reply.ok) throw new Error(reply.message);
  return reply.bytes;
}

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

describe('glossary and index in the exports of a real book', () => {
  beforeAll(async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/logic-notes.pdf'))), 'logic-notes.pdf');
    const material: Material = { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
    book = await outline({ material, retriever: { search: async () => [] } }, { topic: 'Logic', references: [] });
  }, 60_000);

  it('keeps the margin index words with the book', () => {
    expect(book.indexTerms).toEqual(expect.arrayContaining(['premise', 'conclusion', 'valid', 'inductive']));
  });

  it('HTML: a glossary and an index in the contents, every in-book link with its target on the page', async () => {
    const html = Buffer.from(await exported('html')).toString('utf8');
    expect(html).toContain('<a href="#glossary">Glossary</a>');
    expect(html).toContain('<a href="#index">Index</a>');
    expect(html).toMatch(/<p id="glossary-argument"><strong>argument<\/strong>: An argument is a collection of sentences/);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.filter((t) => t.startsWith('glossary-')).length).toBeGreaterThan(2);
    const known = ids(html);
    expect(targets.filter((t) => !known.has(t))).toEqual([]);
    // An index word of the margin, at the sections that use it.
    expect(html).toMatch(/<p><strong>inductive<\/strong>: <a href="#ch\d+s\d+">Strength<\/a><\/p>/);
  });

  it('EPUB: the glossary and index are files of the book, and links from a chapter reach entries in another file', async () => {
    const bytes = await exported('epub');
    const zip = await JSZip.loadAsync(bytes);
    const files = new Map<string, string>();
    for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xhtml')))
      files.set(name.replace(/^OEBPS\//, ''), await zip.file(name)!.async('string'));
    expect(files.has('glossary.xhtml') && files.has('index.xhtml')).toBe(true);
    const broken: string[] = [];
    let toGlossary = 0;
    for (const [name, xhtml] of files)
      for (const m of xhtml.matchAll(/href="([\w-]+\.xhtml)?#([^"]+)"/g)) {
        const file = m[1] ?? name;
        if (file === 'glossary.xhtml' && name !== 'glossary.xhtml') toGlossary++;
        if (!ids(files.get(file) ?? '').has(m[2])) broken.push(`${name} -> ${file}#${m[2]}`);
      }
    expect(broken).toEqual([]);
    expect(toGlossary).toBeGreaterThan(2);
    expectEpubcheckErrorFree(bytes);
  }, 120_000);

  it('DOCX: text links are internal hyperlinks to bookmarks the document holds (entries and headings)', async () => {
    const zip = await JSZip.loadAsync(await exported('docx'));
    const xml = await zip.file('word/document.xml')!.async('string');
    const anchors = [...xml.matchAll(/<w:hyperlink [^>]*w:anchor="([^"]+)"/g)].map((m) => m[1]);
    const bookmarks = new Set([...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]));
    expect(anchors.filter((a) => a.startsWith('glossary_')).length).toBeGreaterThan(2);
    expect(anchors.filter((a) => !bookmarks.has(a) && !a.startsWith('_Toc'))).toEqual([]);
    expect(xml).toContain('Glossary');
    expect(xml).toContain('Index');
  });

  it('PDF: entries are named destinations and the text links go to them', async () => {
    const pdf = await getDocument({ data: new Uint8Array(await exported('pdf')), useSystemFonts: false }).promise;
    // pdf.js gives the named destinations as a Map (an object in older versions).
    const found: unknown = await pdf.getDestinations();
    const destinations = new Set(found instanceof Map ? [...found.keys()] : Object.keys(found as object));
    expect([...destinations]).toEqual(expect.arrayContaining(['glossary', 'index', 'glossary-argument']));
    const targets: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++)
      for (const a of await (await pdf.getPage(p)).getAnnotations()) if (typeof a.dest === 'string') targets.push(a.dest);
    expect(targets.filter((t) => t.startsWith('glossary-')).length).toBeGreaterThan(2);
    expect(targets.filter((t) => !destinations.has(t))).toEqual([]);
  });
});
