import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProvenanceResponse } from '@common/provenance';
import { pagePictureUrl } from '@common/provenance';
import type { DocBlock } from '@server/core/document-model';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { contextFor } from '@server/test/context.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { computingMaterial } from '@server/test/ai/computing-material.support';
import { ingestMaterial, loadTextbookMaterial } from '../sources/sources.service';
import { createTextbook } from '../textbooks/textbooks.service';
import { shareBook } from '@server/test/books.support';

/**
 * Page pictures of a PDF source, and the page the provenance gives a sentence of it, on a book made
 * from tracemonkey.pdf (test-fixtures/README.md) through the real ingest.
 */
const h = useHarness();
let alice: TestUser;
let bob: TestUser;
let mallory: TestUser;
let book: { id: number };
let pdfId: number;
let textId: number;
let sentence: string;

/** The page (1-based) of tracemonkey.txt, the same paper's text layer page by page, that holds a phrase. */
function pageOfPhrase(phrase: string): number {
  const pages = readFileSync(fixturePath('text/tracemonkey.txt'), 'utf8').split(/\n\s*\n/);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  return pages.findIndex((p) => flat(p).includes(flat(phrase))) + 1;
}

beforeAll(async () => {
  alice = await h.createUser('alice');
  bob = await h.createUser('bob');
  mallory = await h.createUser('mallory');
  const user = { id: alice.id, username: alice.username };
  const ingested = await ingestMaterial(contextFor(h, user), {
    files: [{ filename: 'tracemonkey.pdf', mimetype: 'application/pdf', data: readFileSync(fixturePath('pdf/tracemonkey.pdf')) }],
    directContent: computingMaterial,
  });
  [pdfId, textId] = ingested.sourceIds;
  // A sentence of the paper from its third page on, as the extractor read it: the book quotes it.
  const blocks: DocBlock[] = ingested.documents[0].blocks;
  sentence = blocks
    .filter((b) => b.kind === 'paragraph' && (b.page ?? 0) >= 3)
    .flatMap((b) => fastSentences(b.text))
    .find(
      (s) =>
        s.split(' ').length >= 10 && /^[A-Z][a-z]+ [a-z]+ [a-z]+ [a-z]+ /.test(s) && pageOfPhrase(s.split(' ').slice(0, 5).join(' ')) > 0,
    )!;
  book = await createTextbook(h.database.db, {
    owner: user,
    topic: 'Tracing',
    content: { title: 'Tracing', references: [], chapters: [{ title: 'Traces', content: `<p>${sentence}</p>`, sections: [] }] },
    sourceIds: ingested.sourceIds,
  });
  await shareBook(h, book.id, bob);
}, 120_000);

const get = (user: TestUser | null, url: string) => h.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

describe('provenance of a PDF source', () => {
  it('gives a quoted sentence of the paper its page', async () => {
    expect(sentence).toBeTruthy();
    const body = (await get(alice, `/api/textbooks/${book.id}/provenance?chapter=0`)).json() as ProvenanceResponse;
    const block = body.blocks[0];
    expect(block.verdict).toBe('material');
    expect(block.source?.filename).toBe('tracemonkey.pdf');
    expect(block.source?.isPdf).toBe(true);
    expect(block.source?.paragraph).toBeUndefined();
    expect(block.source?.page).toBe(pageOfPhrase(sentence.split(' ').slice(0, 5).join(' ')));
  });
});

describe('GET /api/textbooks/{id}/sources/{documentId}/page/{n}', () => {
  it('draws a page of a PDF the book is made from, for the owner and collaborators', async () => {
    for (const user of [alice, bob]) {
      const res = await get(user, pagePictureUrl(book.id, pdfId, 2));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // About 110 dpi: a US Letter page is 8.5 inches wide.
      const width = png.readUInt32BE(16);
      expect(width).toBeGreaterThan(850);
      expect(width).toBeLessThan(1000);
    }
  }, 60_000);

  it('is not found for strangers, for a page the file does not have, for a non-PDF source and for another book’s document', async () => {
    expect((await get(mallory, pagePictureUrl(book.id, pdfId, 1))).statusCode).toBe(404);
    expect((await get(null, pagePictureUrl(book.id, pdfId, 1))).statusCode).toBe(401);
    const beyond = await get(alice, pagePictureUrl(book.id, pdfId, 99));
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().message).toMatch(/has no page 99 \(it has 14\)/);
    const text = await get(alice, pagePictureUrl(book.id, textId, 1));
    expect(text.statusCode).toBe(404);
    expect(text.json().message).toMatch(/not a PDF/);
    // Mallory's own book does not use alice's PDF: no page of it through that book.
    const other = await createTextbook(h.database.db, {
      owner: { id: mallory.id, username: mallory.username },
      topic: 'Other',
      content: { title: 'Other', references: [], chapters: [] },
    });
    expect((await get(mallory, pagePictureUrl(other.id, pdfId, 1))).statusCode).toBe(404);
  }, 60_000);

  it('keeps the bytes of a PDF stored before they were kept when it is uploaded again', async () => {
    const { sourceFiles } = await import('@server/db/schema');
    const { eq } = await import('drizzle-orm');
    await h.database.db.delete(sourceFiles).where(eq(sourceFiles.sourceId, pdfId));
    const before = await get(alice, pagePictureUrl(book.id, pdfId, 1));
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toMatch(/upload it again/);
    await ingestMaterial(contextFor(h, { id: alice.id, username: alice.username }), {
      files: [{ filename: 'tracemonkey.pdf', mimetype: 'application/pdf', data: readFileSync(fixturePath('pdf/tracemonkey.pdf')) }],
    });
    expect((await get(alice, pagePictureUrl(book.id, pdfId, 1))).statusCode).toBe(200);
    // The material is unchanged by it.
    expect((await loadTextbookMaterial(h.deps, book.id)).material.sources.map((s) => s.id)).toEqual([pdfId, textId].sort((a, b) => a - b));
  }, 60_000);
});
