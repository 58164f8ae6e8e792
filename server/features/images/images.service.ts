import { createHash } from 'node:crypto';
import type { PublicUser } from '@common/auth';
import type { Db } from '@server/db/client';
import type { RequestContext } from '@server/features/request-context';
import { AppError } from '@server/core/app-error';
import { can, findTextbookHeaderRole, requireTextbookRole } from '../textbooks/textbooks.policy';
import { limits } from '@common/limits';
import { imageSize } from '../export/image-assets';
import { declaresImage, sniffImageType, type ImageMime } from './image-type';
import * as repo from './images.repo';

export const notAnImageMessage = 'Only PNG, JPEG, GIF and WebP images can be uploaded.';
export const unreadableImageMessage = 'The image could not be read. Please try another image file.';
export const tooManyPixelsMessage = `The image has too many pixels (at most ${limits.imageMaxPixels / 1_000_000} megapixels). Please use a smaller image.`;

export interface UploadedImage {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Stores an image for a textbook the caller may edit; answers the URL the editor inserts (dataUrl). */
export async function uploadImage(
  ctx: RequestContext,
  textbookId: number,
  file: UploadedImage,
): Promise<{ dataUrl: string; id: number; mime: ImageMime }> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'edit');
  if (file.data.length === 0) throw AppError.badRequest('The image file is empty.');
  const mime = sniffImageType(file.data);
  if (!mime || !declaresImage(file.mimetype, file.filename)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', notAnImageMessage);
  // Checked by the size the picture decodes to, not by its bytes: a few bytes may claim gigapixels.
  const { width, height } = imageSize(file.data, mime);
  if (width === 0 || height === 0) throw new AppError('UNPROCESSABLE', unreadableImageMessage);
  if (width * height > limits.imageMaxPixels) throw new AppError('UNPROCESSABLE', tooManyPixelsMessage);
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const existing = await repo.findImageByHash(db, textbookId, sha256);
  const row = existing ?? (await repo.insertImage(db, { textbookId, ownerId: user.id, mime, bytes: file.data, sha256 }));
  return { dataUrl: `/api/images/${row.id}`, id: row.id, mime };
}

/** Bytes only for those who may see the image's textbook; everyone else gets 404, as if it did not exist. */
export async function getImage(ctx: RequestContext, id: number) {
  const { db, user } = ctx;
  const meta = await repo.findImageMeta(db, id);
  // A book's picture: whoever may read the book (an uploader who left it no longer). A source's picture: its owner
  // and whoever may read a book made from the source. Any other image: its owner only.
  const visible =
    meta &&
    (meta.textbookId !== null
      ? await mayRead(db, meta.textbookId, user)
      : meta.ownerId === user.id || (meta.sourceId !== null && (await readsBookOfSource(db, meta.sourceId, user))));
  if (!meta || !visible) throw AppError.notFound('Image not found');
  const bytes = await repo.findImageBytes(db, id);
  if (!bytes) throw AppError.notFound('Image not found');
  return { mime: meta.mime, sha256: meta.sha256, bytes };
}

/** A picture of a source document is visible to whoever may read a textbook made from it. */
async function readsBookOfSource(db: Db, sourceId: number, user: PublicUser): Promise<boolean> {
  for (const textbookId of await repo.listTextbooksOfSource(db, sourceId)) if (await mayRead(db, textbookId, user)) return true;
  return false;
}

/** Whether the user may read the textbook: the policy decides, as for every other route. */
async function mayRead(db: Db, textbookId: number, user: PublicUser): Promise<boolean> {
  const found = await findTextbookHeaderRole(db, textbookId, user.id);
  return can(found?.role ?? null, 'read');
}
