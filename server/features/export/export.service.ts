import type { PublicUser } from '../../../common/auth';
import { exportFileName, exportFormatInfo, type ExportQuery } from '../../../common/export';
import { AppError } from '../../core/app-error';
import type { AppDeps } from '../../http/deps';
import { getImage } from '../images/images.service';
import { listTextbookMaterials } from '../materials/materials.service';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import type { ExportJob } from './export-job';
import { runExport } from './export-pool';
import * as repo from './export.repo';

export interface ExportedFile {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

/** A book with more pictures than this is refused before any is read. */
const maxImages = 5_000;

/**
 * The stored pictures a book shows, read with the caller's own permission (the rule GET /api/images/{id}
 * applies): a picture they may not see, or that no longer exists, is left out and the file shows its alt text.
 */
async function loadImages(deps: AppDeps, user: PublicUser, contentJson: string): Promise<ExportJob['images']> {
  const ids = [...new Set(Array.from(contentJson.matchAll(/\/api\/images\/(\d{1,9})(?!\d)/g), (m) => Number(m[1])))];
  if (ids.length > maxImages)
    throw AppError.tooLarge(`This book shows more than ${maxImages.toLocaleString('en-US')} pictures, too many to export at once.`);
  const images: ExportJob['images'] = [];
  let total = 0;
  for (const id of ids) {
    try {
      const image = await getImage(deps.database.db, user, id);
      total += image.bytes.length;
      if (total > deps.config.exportMaxBytes) {
        const mb = Math.round(deps.config.exportMaxBytes / (1024 * 1024));
        throw AppError.tooLarge(`This book's pictures add up to more than ${mb} MB, too much to export at once.`);
      }
      images.push({ src: `/api/images/${id}`, bytes: new Uint8Array(image.bytes) });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  return images;
}

/**
 * The textbook as a file to download, for its owner and collaborators (others get 404). The work runs in
 * the export worker within the configured time and size limits.
 */
export async function exportTextbook(deps: AppDeps, user: PublicUser, textbookId: number, query: ExportQuery): Promise<ExportedFile> {
  const db = deps.database.db;
  const { textbook } = await requireTextbookRole(db, textbookId, user, 'read');
  const [contentJson, owner, collaborators] = await Promise.all([
    repo.findContentText(db, textbookId),
    repo.findOwnerName(db, textbookId),
    repo.listCollaboratorNames(db, textbookId),
  ]);
  if (!contentJson) throw AppError.notFound('Textbook not found');
  // The cartridge carries the quizzes whether or not the appendix is asked for.
  const needsMaterials = query.appendix || query.format === 'imscc';
  const materials = needsMaterials ? await listTextbookMaterials(db, user, textbookId) : [];
  const bytes = await runExport(
    {
      format: query.format,
      topic: textbook.topic,
      contentJson,
      authors: [owner, ...collaborators].filter((name): name is string => Boolean(name)),
      date: new Date().toISOString().slice(0, 10),
      materials: materials.map((m) => ({ title: m.title, contentType: m.contentType, content: m.content, metadata: m.metadata })),
      includeAppendix: query.appendix,
      images: await loadImages(deps, user, contentJson),
      maxOutputBytes: deps.config.exportMaxBytes,
    },
    deps.config.exportTimeoutMs,
  );
  return { fileName: exportFileName(textbook.topic, query.format), mime: exportFormatInfo[query.format].mime, bytes };
}
