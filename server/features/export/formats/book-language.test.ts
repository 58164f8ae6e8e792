import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildBookDocument } from '@common/book-render/book-document';
import { renderBookHtml } from '@common/book-render/render-html';
import { writeEpub } from './epub';

const book = (language?: string) =>
  buildBookDocument({
    topic: 'Wärmelehre',
    content: {
      title: 'Wärmelehre',
      chapters: [{ title: 'Temperatur', content: '<p>Die Temperatur ist ein Maß für die Bewegung der Teilchen.</p>', sections: [] }],
      references: [],
      ...(language ? { language } : {}),
    },
    authors: ['alice'],
    date: '2026-11-26',
  });

describe("the book's language in the exports", () => {
  it('HTML declares the content language, and English when none was stored', () => {
    expect(renderBookHtml(book('de'))).toContain('<html lang="de">');
    expect(renderBookHtml(book())).toContain('<html lang="en">');
  });

  it('EPUB: the package, its dc:language and every XHTML file', async () => {
    const zip = await JSZip.loadAsync(await writeEpub({ doc: book('de'), images: new Map(), materials: [] }));
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<dc:language>de</dc:language>');
    expect(opf).toContain('xml:lang="de"');
    const pages = Object.keys(zip.files).filter((f) => f.endsWith('.xhtml'));
    expect(pages.length).toBeGreaterThan(1);
    for (const f of pages) expect(await zip.file(f)!.async('string'), f).toContain('lang="de" xml:lang="de"');
  });
});
