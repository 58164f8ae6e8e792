import JSZip from 'jszip';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';
import { stampedBook } from '@server/test/provenance.support';

const h = useHarness();

/** The note the stamped book's chapters end with: the Markdown file it quotes and the paragraph. */
const note = /computing\.md, paragraph \d+/;

describe('exports with source notes as endnotes', () => {
  it('ends each chapter with its source notes in HTML, EPUB, DOCX and PDF, and only when asked', async () => {
    const alice = await h.createUser('alice');
    const book = await stampedBook(h, { id: alice.id, username: alice.username });
    const download = async (format: string, sourceNotes: boolean) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/textbooks/${book.id}/export?format=${format}${sourceNotes ? '&sourceNotes=true' : ''}`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.rawPayload;
    };

    const plain = (await download('html', false)).toString('utf8');
    expect(plain).not.toContain('Source notes');
    const html = (await download('html', true)).toString('utf8');
    expect(html.match(/Source notes/g)).toHaveLength(2);
    expect(html).toMatch(note);

    const epub = await JSZip.loadAsync(await download('epub', true));
    const pages = await Promise.all(
      Object.keys(epub.files)
        .filter((n) => /\.x?html$/.test(n))
        .map((n) => epub.file(n)!.async('string')),
    );
    expect(pages.join('')).toMatch(note);

    const { value: docx } = await mammoth.convertToHtml({ buffer: await download('docx', true) });
    expect(docx).toContain('Source notes');
    expect(docx).toMatch(note);

    const pdf = await getDocument({ data: new Uint8Array(await download('pdf', true)), useSystemFonts: false }).promise;
    let text = '';
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
    }
    expect(text).toContain('Source notes');
    expect(text.replace(/\s+/g, ' ')).toMatch(note);
  }, 120_000);
});
