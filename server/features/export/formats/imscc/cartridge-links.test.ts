import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { skipWithoutXmllint, validateCcQti, xmllint } from '@server/test/export/qti-schema.support';
import { seedBook } from '@server/test/books.support';

const h = useHarness();

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const cartridge = (user: TestUser, id: number, readerLink?: string) =>
  call(user, 'GET', `/api/textbooks/${id}/export?format=imscc${readerLink ? `&readerLink=${encodeURIComponent(readerLink)}` : ''}`);

async function manifestOf(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const manifest = new DOMParser().parseFromString(await zip.file('imsmanifest.xml')!.async('string'), 'application/xml');
  return { zip, resources: Array.from(manifest.getElementsByTagName('resource')) };
}

describe('IMS cartridge: quizzes valid against the CC QTI profile, and the links-only variant', () => {
  it('every QTI assessment of a cartridge with a generated quiz and assessment passes xmllint with the CC profile schema and rules', async () => {
    const owner = await h.createUser('owner');
    const { book } = await seedBook(h, owner, { materials: ['quiz', 'assessment', 'homework', 'lessonPlan'] });
    const res = await cartridge(owner, book.id);
    expect(res.statusCode, res.body).toBe(200);
    const { zip, resources } = await manifestOf(res.rawPayload);
    const qti = resources.filter((r) => r.getAttribute('type') === 'imsqti_xmlv1p2/imscc_xmlv1p3/assessment');
    expect(qti).toHaveLength(2);
    // Homework, the lesson plan and the two answer keys are pages for the instructor.
    expect(resources.filter((r) => /^pages\/material\d+\.html$/.test(r.getAttribute('href') ?? ''))).toHaveLength(4);
    if (!xmllint) return console.warn(skipWithoutXmllint);
    let items = 0;
    for (const r of qti) {
      const file = r.getElementsByTagName('file')[0].getAttribute('href')!;
      const result = validateCcQti(await zip.file(file)!.async('string'));
      expect(result.errors, file).toBe('');
      items += result.items;
    }
    expect(items).toBeGreaterThanOrEqual(4);
  });

  it("links-only: with the book's live reader link the chapters are web links to the reader page, not copies", async () => {
    const owner = await h.createUser('teacher');
    const { book } = await seedBook(h, owner, { materials: ['quiz'] });
    const shared = await call(owner, 'POST', `/api/textbooks/${book.id}/share`, {});
    expect(shared.statusCode, shared.body).toBe(201);
    const { url } = shared.json() as { url: string };
    // The same address as a browser writes it (the default port left out).
    const reader = `${new URL(url).origin}${new URL(url).pathname}`;

    const res = await cartridge(owner, book.id, url);
    expect(res.statusCode, res.body).toBe(200);
    const { zip, resources } = await manifestOf(res.rawPayload);
    const links = resources.filter((r) => r.getAttribute('type') === 'imswl_xmlv1p3');
    const targets = await Promise.all(
      links.map(async (r) => {
        const xml = await zip.file(r.getElementsByTagName('file')[0].getAttribute('href')!)!.async('string');
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        return [doc.getElementsByTagName('title')[0].textContent, doc.getElementsByTagName('url')[0].getAttribute('href')];
      }),
    );
    expect(targets).toEqual([
      [expect.any(String), reader],
      ['Food Webs', `${reader}#c1`],
      ['Populations', `${reader}#c2`],
    ]);
    // No copy of the text travels: no chapter pages, only the quiz as QTI.
    expect(zip.file(/^pages\/ch/)).toHaveLength(0);
    expect(resources.filter((r) => r.getAttribute('type') === 'imsqti_xmlv1p2/imscc_xmlv1p3/assessment')).toHaveLength(1);
    // Every file the manifest names is in the package.
    for (const r of resources)
      for (const f of Array.from(r.getElementsByTagName('file')))
        expect(zip.file(f.getAttribute('href')!), f.getAttribute('href')!).not.toBeNull();

    // A link that is not this book's live one is refused.
    const wrong = await cartridge(owner, book.id, url.replace(/\/read\/.+$/, '/read/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('not the live reader link');
  });
});
