import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { TextbookContentInput } from '@common/textbook';
import { useHarness } from '@server/test/harness.support';
import { createBook } from '@server/test/books.support';
import { exportUrl } from '@server/test/export/full-book.support';
import { expectEpubcheckErrorFree } from '@server/test/export/epubcheck.support';

/** Cross-references and exercise/solution links survive into the exported files as internal links. */
const h = useHarness();

const content: TextbookContentInput = {
  title: 'Ciphers',
  references: [],
  chapters: [
    {
      title: 'Block ciphers',
      content:
        '<p>Figure 1.1: A round of a Feistel cipher.</p><div data-type="block-math" data-latex="L_{i+1} = R_i"></div>' +
        '<h3>Exercises</h3><ol><li><p>How many rounds has DES?</p></li></ol>' +
        '<h3>Solutions</h3><ol><li><p>Sixteen.</p></li></ol>',
      sections: [],
    },
    {
      title: 'Attacks',
      content: '<p>As Figure 1.1 and (1.1) show, a round swaps the halves; Figure 7.7 is not in this book.</p>',
      sections: [],
    },
  ],
};

async function exported(format: string) {
  const alice = await h.createUser('alice');
  const book = await createBook(h, alice, { topic: 'Ciphers', content });
  const res = await h.app.inject({ method: 'GET', url: exportUrl(book.id, format), headers: { cookie: alice.cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
}

describe('cross-references in exports', () => {
  it("EPUB: a reference in chapter 2 links into chapter 1's file, to an id that is there; an exercise and its solution link both ways", async () => {
    const bytes = await exported('epub');
    const zip = await JSZip.loadAsync(bytes);
    const read = async (name: string) =>
      new DOMParser().parseFromString(await zip.file(`OEBPS/${name}`)!.async('string'), 'application/xhtml+xml');
    const ch1 = await read('ch1.xhtml');
    const ch2 = await read('ch2.xhtml');
    const links = (doc: ReturnType<typeof read> extends Promise<infer D> ? D : never) =>
      Array.from(doc.getElementsByTagName('a')).map((a) => ({ text: a.textContent, href: a.getAttribute('href') ?? '' }));
    const ids = new Set(Array.from(ch1.getElementsByTagName('*')).map((e) => e.getAttribute('id')));

    const fromCh2 = links(ch2);
    expect(fromCh2.map((l) => l.text)).toEqual(['Figure 1.1', '(1.1)']);
    for (const l of fromCh2) {
      const [file, id] = l.href.split('#');
      expect(file).toBe('ch1.xhtml');
      expect(ids).toContain(id);
    }
    // The figure's caption and the formula's assigned number are what the links reach.
    const byId = (id: string) => Array.from(ch1.getElementsByTagName('*')).find((e) => e.getAttribute('id') === id);
    expect(byId(fromCh2[0].href.split('#')[1])?.textContent).toBe('Figure 1.1: A round of a Feistel cipher.');
    expect(byId(fromCh2[1].href.split('#')[1])?.getAttribute('class')).toBe('math-block');
    expect(ch1.toString()).toContain('<p class="equation-number">(1.1)</p>');

    const inCh1 = links(ch1);
    const solution = inCh1.find((l) => l.text === 'Solution')!;
    const back = inCh1.find((l) => l.text === 'Back to exercise')!;
    expect(byId(solution.href.split('#')[1])?.textContent).toBe('Sixteen. Back to exercise');
    expect(byId(back.href.split('#')[1])?.textContent).toBe('How many rounds has DES? Solution');

    // epubcheck checks every internal link's fragment against the ids of its file.
    expectEpubcheckErrorFree(bytes);
  }, 120_000);

  it("IMS cartridge: a reference in chapter 2's page links to chapter 1's page, to an id that is there", async () => {
    const zip = await JSZip.loadAsync(await exported('imscc'));
    const ch1 = await zip.file('pages/ch1.html')!.async('string');
    const ch2 = await zip.file('pages/ch2.html')!.async('string');
    const hrefs = [...ch2.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['../pages/ch1.html#ch1-fig-1-1', '../pages/ch1.html#ch1-eq-1-1']);
    for (const href of hrefs) expect(ch1).toContain(`id="${href.split('#')[1]}"`);
  });

  it('DOCX: the reference is a hyperlink to a bookmark the document holds', async () => {
    const xml = await (await JSZip.loadAsync(await exported('docx'))).file('word/document.xml')!.async('string');
    // Our links' bookmarks (the contents use Word's own "_Toc" ones, left out here).
    const anchors = [...xml.matchAll(/<w:hyperlink [^>]*w:anchor="([^_"][^"]*)"/g)].map((m) => m[1]);
    const bookmarks = new Set([...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]));
    expect(anchors.length).toBe(4);
    for (const a of anchors) expect(bookmarks).toContain(a);
  });

  it('PDF: the reference is a link to a named destination the file holds', async () => {
    const task = getDocument({ data: new Uint8Array(await exported('pdf')), useSystemFonts: false });
    const pdf = await task.promise;
    const internal: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++)
      for (const a of await (await pdf.getPage(p)).getAnnotations())
        if (a.subtype === 'Link' && typeof a.dest === 'string') internal.push(a.dest);
    expect(internal).toEqual(expect.arrayContaining(['ch1-fig-1-1', 'ch1-eq-1-1', 'ch1-sol-1']));
    for (const name of internal) expect(await pdf.getDestination(name), name).not.toBeNull();
    // The figure's destination is the page its caption is printed on.
    const dest = (await pdf.getDestination('ch1-fig-1-1'))!;
    const page = await pdf.getPage((await pdf.getPageIndex(dest[0] as { num: number; gen: number })) + 1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    expect(text).toContain('A round of a Feistel cipher.');
    await task.destroy();
  });
});
