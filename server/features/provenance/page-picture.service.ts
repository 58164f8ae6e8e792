import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { WorkerPool } from '@server/core/worker-pool';
import type { PagePicture } from '@server/ingest/pdf/pdf-page-picture';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import { findLinkedSourceFile } from './page-picture.repo';

const timeoutMs = 20_000;
/** Pictures waiting beyond this: the server is busy and says so rather than queueing without end. */
const maxWaiting = 8;
let pool: WorkerPool<{ data: Uint8Array; page: number }, PagePicture> | undefined;
let waiting = 0;

/** Drawing a page is CPU work (pdf.js on a canvas): it runs in one worker thread, never on the main thread. */
async function draw(data: Uint8Array, page: number): Promise<PagePicture> {
  if (waiting >= maxWaiting) throw new AppError('RATE_LIMITED', 'The server is busy drawing other pages. Please try again in a moment.');
  pool ??= new WorkerPool(new URL('./page-picture-worker.ts', import.meta.url), 1);
  waiting++;
  try {
    return await pool.run({ data, page }, { timeoutMs });
  } catch {
    throw new AppError('UNPROCESSABLE', 'This page could not be drawn.');
  } finally {
    waiting--;
  }
}

export async function closePagePictures(): Promise<void> {
  await pool?.close();
  pool = undefined;
}

/**
 * GET /api/textbooks/{id}/sources/{documentId}/page/{n}: page n (1-based) of a PDF the book is made
 * from, as a PNG, for whoever may read the book. A document the book does not use is not found (so no
 * one reads a file through a book that does not hold it); other kinds of file have no pages to show.
 */
export async function pagePicture(ctx: RequestContext, textbookId: number, documentId: number, page: number): Promise<Uint8Array> {
  await requireTextbookRole(ctx.db, textbookId, ctx.user, 'read');
  const source = await findLinkedSourceFile(ctx.db, textbookId, documentId);
  if (!source) throw AppError.notFound('This book is not made from that document');
  if (source.mime !== 'application/pdf')
    throw AppError.notFound(`"${source.filename}" is not a PDF: it has no pages to show; its passages are shown as text`);
  if (!source.bytes)
    throw AppError.notFound(`The pages of "${source.filename}" were not kept when it was uploaded: upload it again to see them`);
  const picture = await draw(new Uint8Array(source.bytes), page);
  if (picture.ok) return picture.png;
  if (picture.reason === 'no-page') throw AppError.notFound(`"${source.filename}" has no page ${page} (it has ${picture.pageCount ?? 0})`);
  if (picture.reason === 'no-renderer') throw new AppError('UNPROCESSABLE', 'Pages cannot be drawn on this server (no canvas renderer).');
  throw new AppError('UNPROCESSABLE', `Page ${page} of "${source.filename}" could not be drawn.`);
}
