import type { FastifyRequest } from 'fastify';
import { limits } from '@common/limits';
import type { Config } from '../config';
import { AppError } from '../core/app-error';
import type { UploadedFile } from './extract';

export interface MaterialRequest {
  files: UploadedFile[];
  fields: Record<string, string>;
}

function mb(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/** One text field (typed material: a pasted book is a few megabytes at most). */
export const materialFieldMaxBytes = 10 * 1024 * 1024;
/** All text fields of one request together. */
export const materialFieldsMaxBytes = limits.jsonBodyMaxBytes;

/**
 * Reads the multipart body the spec's client sends to extract-text,
 * preview-references and generate-outline: repeated `files` parts plus text
 * fields (directContent, directMethod, chapterTitle, topic, approvedReferences,
 * existingReferences, jobId). Bounds: MAX_UPLOAD_MB per file and four times
 * that per request (files and text fields together), a text field up to 10 MB and all of them up to
 * 20 MB, answered with 413 and a message naming what was too large. A JSON body is accepted
 * too (fields only), for API clients without files.
 */
export async function readMaterialRequest(request: FastifyRequest, config: Config): Promise<MaterialRequest> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
        else if (value !== undefined && value !== null) fields[key] = JSON.stringify(value);
      }
    }
    return { files, fields };
  }
  // Files and fields count toward one total: three 19 MB fields are as heavy as three files.
  let total = 0;
  let fieldBytes = 0;
  const tooMuch = () => AppError.tooLarge(`The request is larger than the ${mb(config.maxUploadRequestBytes)} MB limit per request.`);
  try {
    for await (const part of request.parts({ limits: { fieldSize: materialFieldMaxBytes } })) {
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw AppError.tooLarge(`"${part.filename}" is larger than the ${mb(config.maxUploadFileBytes)} MB limit per file.`);
          }
          throw err;
        }
        total += data.length;
        if (total > config.maxUploadRequestBytes) throw tooMuch();
        // Only the spec's field name carries material; stray file fields are ignored.
        if (part.fieldname === 'files' || part.fieldname === 'files[]' || part.fieldname === 'file') {
          files.push({ filename: part.filename || 'upload', mimetype: part.mimetype, data });
        }
      } else {
        // A field cut at the limit would silently lose the end of the user's text: refuse it, by name.
        if (part.valueTruncated) {
          throw AppError.tooLarge(`The field "${part.fieldname}" is larger than the ${mb(materialFieldMaxBytes)} MB limit per field.`);
        }
        if (part.fieldnameTruncated) throw AppError.badRequest('A form field name is too long.');
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const bytes = Buffer.byteLength(value);
        total += bytes;
        fieldBytes += bytes;
        if (total > config.maxUploadRequestBytes) throw tooMuch();
        if (fieldBytes > materialFieldsMaxBytes) {
          throw AppError.tooLarge(`The form fields together are larger than the ${mb(materialFieldsMaxBytes)} MB limit per request.`);
        }
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT') throw AppError.tooLarge('Too many files in one request.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw AppError.tooLarge('Too many form fields in one request.');
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.tooLarge(`A file is larger than the ${mb(config.maxUploadFileBytes)} MB limit per file.`);
    // Anything else came from reading the client's body (no boundary, cut short, malformed): its fault, not ours.
    throw AppError.badRequest('The upload could not be read. Please try again.');
  }
  return { files, fields };
}
