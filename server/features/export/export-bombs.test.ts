import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { latexToMathml } from '@common/book-render/render-html';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { insertImage } from '../images/images.repo';
import { claimingGif } from '@server/test/images/claiming-gif.support';
import { createBook } from '@server/test/books.support';
import { exportsWaiting } from './export-pool';
import { exportUrl } from '@server/test/export/full-book.support';
import { resolveImages } from './image-assets';
import { mathPicture } from './math-png';
import { latexToSvg } from './math-svg';
import { xmlSafeDeep } from './xml';
import { uploadImageForm } from '@server/test/upload-forms.support';

/**
 * Export bombs (issue "Hardening II", H-2): a formula asking for a 500 em box, a tiny GIF claiming
 * 16000 x 16000 pixels, characters XML forbids, one user's queue of exports ahead of another's.
 */
const h = useHarness();

function upload(user: TestUser, textbookId: number, data: Buffer) {
  return uploadImageForm(h, user, [
    { name: 'textbookId', value: String(textbookId) },
    { name: 'file', filename: 'tiny.gif', type: 'image/gif', data },
  ]);
}

const bomb = '\\rule{500em}{500em}';

describe('formula bombs', () => {
  it('a formula asking for a giant box is shown as its source in exports, and KaTeX caps the sizes it is given', async () => {
    expect(latexToSvg(bomb, true)).toBeNull();
    expect(await mathPicture(bomb, true, 16)).toBeNull();
    // KaTeX (reader, HTML, EPUB): the rule is typeset, at most 20 em.
    const mathml = latexToMathml(bomb, true) ?? '';
    expect(mathml).toContain('<math');
    expect(mathml).toContain('width="20em"');
    // An ordinary formula is still drawn.
    expect(latexToSvg('x^2 + \\rule{1em}{1em}', false)).not.toBeNull();
    // Over the length cap: source, in every renderer.
    const long = `x${'+x'.repeat(2500)}`;
    expect(latexToMathml(long, false)).toBeNull();
    expect(latexToSvg(long, false)).toBeNull();
  });
});

describe('pixel bombs', () => {
  it('a 29-byte GIF claiming 16000 x 16000 is refused at upload with a clear 422; a real small one is taken', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const gif = claimingGif(16000, 16000);
    expect(gif.length).toBeLessThan(44);
    const res = await upload(owner, book.id, gif);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'UNPROCESSABLE', message: expect.stringContaining('too many pixels') });
    expect((await upload(owner, book.id, claimingGif(400, 300))).statusCode).toBe(200);
  });

  it('one stored before the check is left out of exports (alt text instead), which finish', async () => {
    const gif = claimingGif(16000, 16000);
    const images = resolveImages(
      ['/api/images/1', '/api/images/2'],
      new Map([
        ['/api/images/1', gif],
        ['/api/images/2', claimingGif(40, 30)],
      ]),
    );
    expect([...images.keys()]).toEqual(['/api/images/2']);

    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const stored = await insertImage(h.database.db, {
      textbookId: book.id,
      ownerId: owner.id,
      mime: 'image/gif',
      bytes: gif,
      sha256: `bomb-${book.id}`,
    });
    const content = {
      title: 'Bombs',
      chapters: [
        {
          title: 'One',
          content: `<p>Text\uFFFE with \uFFFF forbidden\u0001 characters.</p><p><img src="/api/images/${stored.id}" alt="A bomb"></p><div data-type="block-math" data-latex="${bomb}"></div>`,
          sections: [],
        },
      ],
    };
    const saved = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}`,
      headers: { cookie: owner.cookie },
      payload: { content },
    });
    expect(saved.statusCode).toBe(200);
    const before = process.memoryUsage().rss;
    for (const format of ['docx', 'epub', 'imscc']) {
      const res = await h.app.inject({ method: 'GET', url: exportUrl(book.id, format), headers: { cookie: owner.cookie } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      // Every XML part of the file parses: U+FFFE made Word refuse the document.
      const zip = await JSZip.loadAsync(res.rawPayload);
      for (const name of Object.keys(zip.files).filter((n) => /\.(xml|xhtml|opf|ncx|rels)$/.test(n))) {
        const xml = await zip.file(name)!.async('string');
        expect(xml, `${format} ${name}`).not.toMatch(/[\uFFFE\uFFFF\u0001]/);
        const errors: string[] = [];
        new DOMParser({
          errorHandler: {
            warning: () => undefined,
            error: (msg: string) => void errors.push(msg),
            fatalError: (msg: string) => void errors.push(msg),
          },
        }).parseFromString(xml, 'text/xml');
        expect(errors, `${format} ${name}`).toEqual([]);
      }
      if (format === 'docx') expect(await zip.file('word/document.xml')!.async('string')).toContain('Image not available');
    }
    // The exports ran in a worker of this process: it did not grow by gigabytes (4.5 GB before). Decoding the bomb alone
    // takes 16000 x 16000 x 4 bytes (977 MB); starting the export worker and the embedded database's own growth took up to
    // 431 MB in a clean-clone CI run, so the bound sits between the two.
    expect((process.memoryUsage().rss - before) / 2 ** 20).toBeLessThan(800);
  });

  it('strips forbidden characters from every string handed to the writers', () => {
    expect(xmlSafeDeep({ a: ['x\uFFFEy', { b: 'z\u0000' }], n: 3 })).toEqual({ a: ['xy', { b: 'z' }], n: 3 });
  });
});

describe('export turns', () => {
  it("one user's queue of large exports does not hold up another user's small one", async () => {
    const heavy = await h.createUser('heavy');
    const light = await h.createUser('light');
    const section = `<p>${'A long paragraph of a large book, repeated to make the PDF take a while. '.repeat(400)}</p>`;
    const big = await createBook(h, heavy, {
      content: { title: 'Big', chapters: Array.from({ length: 24 }, (_, i) => ({ title: `C${i}`, content: section, sections: [] })) },
    });
    const small = await createBook(h, light, {
      content: { title: 'Small', chapters: [{ title: 'One', content: '<p>Short.</p>', sections: [] }] },
    });
    const done: string[] = [];
    const run = (user: TestUser, id: number, format: string, name: string) =>
      h.app.inject({ method: 'GET', url: exportUrl(id, format), headers: { cookie: user.cookie } }).then((res) => {
        done.push(name);
        return res.statusCode;
      });
    const heavyOnes = [run(heavy, big.id, 'pdf', 'heavy1'), run(heavy, big.id, 'pdf', 'heavy2'), run(heavy, big.id, 'pdf', 'heavy3')];
    // Once the three are in the queue (one running, two waiting: the requests authenticate first, slower on PostgreSQL) ...
    await vi.waitFor(() => expect(exportsWaiting()).toBe(2), { timeout: 30_000, interval: 20 });
    // ... a fourth of the same user waits past their share: refused at once.
    const fourth = await h.app.inject({ method: 'GET', url: exportUrl(big.id, 'pdf'), headers: { cookie: heavy.cookie } });
    expect(fourth.statusCode).toBe(429);
    const lightOne = run(light, small.id, 'html', 'light');
    expect(await Promise.all([...heavyOnes, lightOne])).toEqual([200, 200, 200, 200]);
    // Served in turns: the light user's export is not held until the heavy queue is done (it came last before turns).
    // It starts beside or next after the heavy export running; on a loaded machine a worker starting cold for it can
    // let one more heavy export finish first, never the whole queue.
    expect(done.indexOf('light')).toBeLessThan(3);
  }, 120_000);
});
