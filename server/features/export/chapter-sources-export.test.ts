import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { TextbookContentInput } from '@common/textbook';
import { renderBook } from '@server/test/export/rendered-book.support';

/** A book made from two files, and a chapter the user typed: only the first names where it comes from. */
const content: TextbookContentInput = {
  title: 'Mechanics',
  references: [],
  chapters: [
    {
      title: 'Vectors',
      content: '<p>Arrows with a length.</p>',
      sections: [{ title: 'Sums', content: '<p>Tip to tail.</p>' }],
      sourceFiles: ['week1.pdf', 'vectors.docx'],
    },
    { title: 'Typed by hand', content: '<p>My own words.</p>', sections: [] },
  ],
};
const line = 'From: week1.pdf, vectors.docx';

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++)
    pages.push(
      (await (await pdf.getPage(p)).getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  await task.destroy();
  return pages;
}

describe('the files a chapter came from, in the exports', () => {
  it('HTML: a line under the chapter title, none under a typed chapter', async () => {
    const html = Buffer.from(await renderBook('html', content)).toString('utf8');
    expect(html).toContain(`<h1>Vectors</h1>\n<p class="chapter-sources">${line}</p>`);
    expect(html.match(/class="chapter-sources"/g)).toHaveLength(1);
  });

  it('EPUB: the line in the chapter file', async () => {
    const zip = await JSZip.loadAsync(await renderBook('epub', content));
    const chapters = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /ch\d+\.xhtml$/.test(n))
        .sort()
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(chapters[0]).toContain(`<p class="chapter-sources">${line}</p>`);
    expect(chapters[1]).not.toContain('chapter-sources');
  });

  it('Word: a paragraph after the chapter heading, before its text', async () => {
    const zip = await JSZip.loadAsync(await renderBook('docx', content));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('|');
    expect(text).toContain(`Vectors|${line}|Arrows with a length.`);
    expect(text.split(line)).toHaveLength(2);
  });

  it('PDF: the line on the chapter page', async () => {
    const pages = await pdfText(await renderBook('pdf', content));
    const chapterPage = pages.find((p) => p.includes('Arrows with a length.'))!;
    expect(chapterPage).toContain(line);
    expect(pages.find((p) => p.includes('My own words.'))).not.toContain('From:');
  });
});
