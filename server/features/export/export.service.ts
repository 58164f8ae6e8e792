import { exportContentDisposition, exportFileName, exportFormatInfo, type ExportQuery } from '@common/export';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { getImage } from '../images/images.service';
import { listTextbookMaterials } from '../materials/materials.service';
import { chapterSourceNotes, withSourceNotes } from '../provenance/source-notes';
import { contentJson as contentBytes } from '@server/db/content-json';
import { liveReaderUrl } from '../share/share.service';
import { savedState } from '../textbooks/save/textbook-state-cache';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import type { ExportJob, ExportTiming } from './export-job';
import { runExport } from './export-pool';
import * as repo from './export.repo';

export interface ExportedFile {
  fileName: string;
  /** attachment; filename="..." (ASCII) and, for a topic in another script, filename*. */
  disposition: string;
  mime: string;
  bytes: Uint8Array;
  timing?: ExportTiming;
}

/** Every piece of HTML in a book: where its pictures are named. */
function* htmlOf(content: TextbookContent): Iterable<string> {
  for (const chapter of content.chapters) {
    yield chapter.content;
    for (const section of chapter.sections) yield section.content;
  }
}

/** A book with more pictures than this is refused before any is read. */
const maxImages = 5_000;

/**
 * The stored pictures a book shows, read with the caller's own permission (the rule GET /api/images/{id}
 * applies): a picture they may not see, or that no longer exists, is left out and the file shows its alt text.
 */
async function loadImages(ctx: RequestContext, texts: Iterable<string>): Promise<ExportJob['images']> {
  const ids = new Set<number>();
  for (const text of texts) for (const m of text.matchAll(/\/api\/images\/(\d{1,9})(?!\d)/g)) ids.add(Number(m[1]));
  if (ids.size > maxImages)
    throw AppError.tooLarge(`This book shows more than ${maxImages.toLocaleString('en-US')} pictures, too many to export at once.`);
  const images: ExportJob['images'] = [];
  let total = 0;
  for (const id of ids) {
    try {
      const image = await getImage(ctx, id);
      total += image.bytes.length;
      if (total > ctx.config.exportMaxBytes) {
        const mb = Math.round(ctx.config.exportMaxBytes / (1024 * 1024));
        throw AppError.tooLarge(`This book's pictures add up to more than ${mb} MB, too much to export at once.`);
      }
      images.push({ src: `/api/images/${id}`, bytes: new Uint8Array(image.bytes) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  return images;
}

/** The book's JSON with each chapter's source notes at its end (provenance/source-notes.ts). */
async function withChapterSourceNotes(
  db: RequestContext['db'],
  textbookId: number,
  content: TextbookContent | undefined,
  json: string | Uint8Array,
): Promise<string> {
  let book = content;
  if (!book) {
    const parsed = parseTextbookContent(JSON.parse(typeof json === 'string' ? json : Buffer.from(json).toString('utf8')));
    if (!parsed.ok) throw new AppError('UNPROCESSABLE', 'This textbook has no readable content yet.');
    book = parsed.content;
  }
  return JSON.stringify(withSourceNotes(book, await chapterSourceNotes(db, textbookId, book)));
}

/**
 * The textbook as a file to download, for its owner and collaborators (others get 404). The work runs in
 * the export worker within the configured time and size limits.
 */
export async function exportTextbook(ctx: RequestContext, textbookId: number, query: ExportQuery): Promise<ExportedFile> {
  const { db, user } = ctx;
  const { textbook } = await requireTextbookRole(db, textbookId, user, 'read');
  // The revision this process saved last is in memory with its JSON bytes (textbook-state-cache.ts):
  // reading 5 MB back out of an in-process PGlite would hold up the main thread.
  const saved = savedState(ctx.database, textbookId, textbook.revision);
  const [contentJson, owner, collaborators] = await Promise.all([
    saved ? contentBytes(saved.content) : repo.findContentText(db, textbookId),
    repo.findOwnerName(db, textbookId),
    repo.listCollaboratorNames(db, textbookId),
  ]);
  if (!contentJson) throw AppError.notFound('Textbook not found');
  // Source notes as endnotes: each chapter ends with the files and pages its text comes from (every format).
  const withNotes = query.sourceNotes ? await withChapterSourceNotes(db, textbookId, saved?.content, contentJson) : null;
  // The cartridge carries the quizzes whether or not the appendix is asked for.
  const needsMaterials = query.appendix || query.format === 'imscc';
  const materials = needsMaterials ? await listTextbookMaterials(ctx, textbookId) : [];
  // The links-only cartridge points at the book's live reader page; any other link is refused before work starts.
  const readerUrl = query.format === 'imscc' && query.readerLink ? await liveReaderUrl(ctx, textbookId, query.readerLink) : undefined;
  const { bytes, timing } = await runExport(
    {
      format: query.format,
      topic: textbook.topic,
      contentJson: withNotes ?? contentJson,
      authors: [owner, ...collaborators].filter((name): name is string => Boolean(name)),
      date: new Date().toISOString().slice(0, 10),
      materials: materials.map((m) => ({ title: m.title, contentType: m.contentType, content: m.content, metadata: m.metadata })),
      includeAppendix: query.appendix,
      pageSize: query.pageSize,
      readerUrl,
      images: await loadImages(ctx, saved ? htmlOf(saved.content) : [contentJson as string]),
      maxOutputBytes: ctx.config.exportMaxBytes,
    },
    ctx.config.exportTimeoutMs,
    user.id,
  );
  return {
    fileName: exportFileName(textbook.topic, query.format),
    disposition: exportContentDisposition(textbook.topic, query.format),
    mime: exportFormatInfo[query.format].mime,
    bytes,
    timing,
  };
}
