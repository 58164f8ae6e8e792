import type { FastifyRequest } from 'fastify';
import { imageUploadFields } from '@common/images';
import { limits } from '@common/limits';
import { AppError } from '@server/core/app-error';
import { parseFormFields } from '@server/http/form-fields';
import type { UploadedImage } from './images.service';

export const imageTooLargeMessage = 'Image too large. Please select an image smaller than 5MB.';

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

/**
 * Reads POST /api/images/upload (multipart `file` and `textbookId`),
 * stopping at 5 MB so a huge upload never sits in memory whole.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ file: UploadedImage; textbookId: number }> {
  if (!request.isMultipart()) throw AppError.badRequest('Send the image as multipart/form-data with a file field.');
  const fields: Record<string, string> = {};
  let file: UploadedImage | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: limits.imageMaxBytes, files: 1, fields: 10, fieldSize: 1024 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
      } else {
        if (part.valueTruncated) throw AppError.tooLarge(`The field "${part.fieldname}" is too long.`);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.tooLarge(imageTooLargeMessage);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest('Upload one image at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw AppError.badRequest('Too many form fields.');
    if (err instanceof AppError) throw err;
    // A body with no boundary, cut short or malformed.
    throw AppError.badRequest('The upload could not be read. Please try again.');
  }
  if (!file) throw AppError.badRequest('No image was sent. Choose an image file to upload.');
  return { file, textbookId: parseFormFields(imageUploadFields, fields).textbookId };
}
