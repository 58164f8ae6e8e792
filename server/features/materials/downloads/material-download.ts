import {
  materialDownloadFileName,
  materialDownloadInfo,
  type MaterialDownloadFormat,
  type MaterialDownloadQuery,
} from '@common/material-downloads';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { requireTextbookRole } from '@server/features/textbooks/textbooks.policy';
import * as repo from '../materials.repo';
import { downloadItems, type DownloadItem } from './download-items';
import { writeGift } from './gift';
import { buildHandout } from './handout';
import { writeMoodleXml } from './moodle-xml';

export interface MaterialFile {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

/** The questions in the asked format: a file to import into an LMS, or a handout to print. */
export async function writeMaterialFile(
  title: string,
  items: readonly DownloadItem[],
  query: MaterialDownloadQuery,
  language = 'en',
): Promise<Uint8Array> {
  // The Word, PDF and zip writers (docx, pdfkit with its fonts, jszip) load on the first download
  // that needs them: a server that never hands out a handout does not hold them.
  const writers: Record<MaterialDownloadFormat, () => Promise<Uint8Array> | Uint8Array> = {
    qti: async () => (await import('./qti-package')).writeQtiPackage(title, items),
    moodle: () => new TextEncoder().encode(writeMoodleXml(title, items)),
    gift: () => new TextEncoder().encode(writeGift(title, items)),
    docx: async () => (await import('./handout-docx')).writeHandoutDocx(buildHandout(title, items)),
    pdf: async () => (await import('./handout-pdf')).writeHandoutPdf(buildHandout(title, items), language, query.pageSize),
  };
  return writers[query.format]();
}

/** A saved quiz or assessment as a file, for those who may read the textbook's materials (others get 404). */
export async function downloadMaterial(
  ctx: RequestContext,
  textbookId: number,
  materialId: number,
  query: MaterialDownloadQuery,
): Promise<MaterialFile> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'read');
  const row = await repo.findMaterial(db, textbookId, materialId);
  if (!row) throw AppError.notFound('Material not found');
  const items = downloadItems(row.contentType, row.body);
  const language = (await repo.findTextbookLanguage(db, textbookId)) ?? 'en';
  return {
    fileName: materialDownloadFileName(row.title, query.format),
    mime: materialDownloadInfo[query.format].mime,
    bytes: await writeMaterialFile(row.title, items, query, language),
  };
}
