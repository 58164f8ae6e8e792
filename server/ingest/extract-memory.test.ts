import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/core/app-error';
import { fixturePath } from '../test/fixture-path.support';
import { multipart } from '../test/multipart.support';
import { useHarness } from '../test/harness.support';
import { closeExtractPool, extractPoolStats, extractUpload } from './extract';

/** A 150-page PDF from the repository's fixtures, their pages repeated in turn (the size of the book `npm run bench:memory` makes). */
async function longPdf(pages = 150): Promise<Buffer> {
  const sources = await Promise.all(
    ['pdf/TAMReview.pdf', 'pdf/tracemonkey.pdf', 'pdf/latex/logic-notes.pdf', 'pdf/latex/course-chapter.pdf'].map((f) =>
      PDFDocument.load(readFileSync(fixturePath(f)), { ignoreEncryption: true }),
    ),
  );
  const out = await PDFDocument.create();
  for (let round = 0; out.getPageCount() < pages; round++) {
    for (const doc of sources) {
      if (out.getPageCount() >= pages) break;
      const [page] = await out.copyPages(doc, [round % doc.getPageCount()]);
      out.addPage(page);
    }
  }
  return Buffer.from(await out.save());
}

const h = useHarness();
let pdf: Buffer;
beforeAll(async () => {
  pdf = await longPdf();
}, 60_000);
afterAll(() => closeExtractPool());

describe('extraction within its memory limits', () => {
  it('reads a 150-page PDF with the default limits (the heap capped below the resident limit)', async () => {
    const alice = await h.createUser('alice');
    const body = multipart([{ name: 'files', filename: 'reader.pdf', type: 'application/pdf', data: pdf }]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      headers: { ...body.headers, cookie: alice.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('TraceMonkey');
    expect(extractPoolStats()?.memoryKills).toBe(0);
  }, 240_000);

  it('answers 413 naming the limit when a file needs more memory than allowed, and reads the next file', async () => {
    await closeExtractPool();
    const config = { maxUploadFileBytes: 50 * 1024 * 1024, extractTimeoutMs: 120_000, extractMemoryMb: 320 };
    const err = await extractUpload({ filename: 'reader.pdf', mimetype: 'application/pdf', data: pdf }, config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(413);
    expect((err as AppError).message).toContain('needs more than 320 MB');
    const small = await extractUpload(
      { filename: 'notes.txt', mimetype: 'text/plain', data: Buffer.from('Mitosis\n\nCells divide in four phases.') },
      config,
    );
    expect(small.chunks.length).toBeGreaterThan(0);
  }, 240_000);
});
