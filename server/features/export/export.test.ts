import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { TextbookContentInput } from '@common/textbook';
import { useHarness } from '@server/test/harness.support';
import { createBook, shareBook } from '@server/test/books.support';
import { createRichBook, exportUrl } from '@server/test/export/full-book.support';

const h = useHarness();

const get = (url: string, cookie?: string) => h.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/textbooks/{id}/export: who may export', () => {
  it('answers the owner and a collaborator; a stranger gets 404 and an anonymous caller 401', async () => {
    const [alice, bob, eve] = [await h.createUser('alice'), await h.createUser('bob'), await h.createUser('eve')];
    const book = await createRichBook(h, alice);
    await shareBook(h, book.id, bob);
    const owner = await get(exportUrl(book.id, 'html'), alice.cookie);
    expect(owner.statusCode).toBe(200);
    // Authors: the owner, then the collaborators.
    const titlePage = new JSDOM(owner.body).window.document.querySelector('.title-page .authors')?.textContent;
    expect(titlePage).toBe(`${alice.username}, ${bob.username}`);
    expect((await get(exportUrl(book.id, 'html'), bob.cookie)).statusCode).toBe(200);
    const stranger = await get(exportUrl(book.id, 'pdf'), eve.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Textbook not found', code: 'NOT_FOUND' });
    expect((await get(exportUrl(book.id, 'pdf'))).statusCode).toBe(401);
    expect((await get(exportUrl(999_999, 'pdf'), alice.cookie)).statusCode).toBe(404);
  });

  it('names the download after a topic in any script (filename* beside the ASCII name)', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice, { topic: 'Математический анализ' });
    const res = await get(exportUrl(book.id, 'epub'), alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="textbook.epub"; filename*=UTF-8''${encodeURIComponent('Математический-анализ.epub')}`,
    );
  });

  it('says how the worker spent its time (Server-Timing): wall-clock, its CPU and its wait for a core', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const res = await get(exportUrl(book.id, 'html'), alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['server-timing'])).toMatch(/^render;dur=\d+, cpu;dur=\d+, runqueue;dur=\d+$/);
  });

  it('refuses an unknown format or appendix value with 400 and says which formats exist', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const res = await get(`/api/textbooks/${book.id}/export?format=rtf`, alice.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('docx, epub, pdf, html, imscc');
    expect((await get(`/api/textbooks/${book.id}/export`, alice.cookie)).statusCode).toBe(400);
    expect((await get(`/api/textbooks/${book.id}/export?format=pdf&appendix=maybe`, alice.cookie)).statusCode).toBe(400);
  });

  it("leaves out a picture the exporter may not see (another user's book) and shows its alt text", async () => {
    const [alice, eve] = [await h.createUser('alice'), await h.createUser('eve')];
    const evesBook = await createRichBook(h, eve);
    const book = await createBook(h, alice, {
      content: {
        title: 'T',
        chapters: [{ title: 'One', content: `<p>x</p><img src="/api/images/${evesBook.imageId}" alt="Eve's picture">`, sections: [] }],
      },
    });
    const res = await get(exportUrl(book.id, 'html'), alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data:image/png');
    expect(res.body).toContain("[Image not available: Eve's picture]");
  });
});

describe('GET /api/textbooks/{id}/export: bad input still gives a valid file', () => {
  it('broken HTML, a huge table and a missing image: DOCX still opens in mammoth with its text', async () => {
    const alice = await h.createUser('alice');
    const rows = Array.from(
      { length: 400 },
      (_, r) => `<tr>${Array.from({ length: 12 }, (_, c) => `<td>r${r}c${c}</td>`).join('')}</tr>`,
    ).join('');
    const content: TextbookContentInput = {
      title: 'Broken',
      chapters: [
        {
          title: 'Broken markup',
          content: '<p>Unclosed <strong>bold <em>and italic<p>next paragraph</p><ul><li>item<li>another</ul><table><tr><td>cell',
          sections: [
            { title: 'Huge table', content: `<table>${rows}</table>` },
            { title: 'Missing image', content: '<p>Before</p><img src="/api/images/987654" alt="Lost figure"><p>After</p>' },
          ],
        },
      ],
    };
    const book = await createBook(h, alice, { content });
    const res = await get(exportUrl(book.id, 'docx'), alice.cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { value } = await mammoth.convertToHtml({ buffer: res.rawPayload });
    expect(value).toContain('next paragraph');
    expect(value).toContain('r399c11');
    expect(value).toContain('[Image not available: Lost figure]');
    for (const format of ['pdf', 'epub', 'html', 'imscc'])
      expect((await get(exportUrl(book.id, format), alice.cookie)).statusCode).toBe(200);
  });

  it('a book of 2,000 sections exports with every section heading', async () => {
    const alice = await h.createUser('alice');
    const content: TextbookContentInput = {
      title: 'Long',
      chapters: Array.from({ length: 20 }, (_, c) => ({
        title: `Chapter ${c + 1}`,
        content: '<p>Intro.</p>',
        sections: Array.from({ length: 100 }, (_, s) => ({
          title: `Section ${c + 1}.${s + 1}`,
          content: `<p>Text of ${c + 1}.${s + 1}.</p>`,
        })),
      })),
    };
    const book = await createBook(h, alice, { content });
    const res = await get(exportUrl(book.id, 'epub'), alice.cookie);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const nav = await zip.file('OEBPS/nav.xhtml')!.async('string');
    expect(nav.match(/<li><a href="ch\d+\.xhtml#ch\d+s\d+">/g)).toHaveLength(2000);
  }, 120_000);
});

describe('export limits', () => {
  const small = useHarness({ exportTimeoutMs: 1 });
  it('an export over the time limit answers 422 with a clear message', async () => {
    const alice = await small.createUser('alice');
    const book = await createBook(small, alice);
    const res = await small.app.inject({ method: 'GET', url: exportUrl(book.id, 'pdf'), headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/took longer than .* seconds to export/);
  });
});
