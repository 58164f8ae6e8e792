import type { FastifyRequest } from 'fastify';
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

/**
 * Reads the multipart body the spec's client sends to extract-text,
 * preview-references and generate-outline: repeated `files` parts plus text
 * fields (directContent, directMethod, chapterTitle, topic, approvedReferences,
 * existingReferences, jobId). Bounds: MAX_UPLOAD_MB per file and four times
 * that per request, answered with 413 and a message. A JSON body is accepted
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
  let total = 0;
  try {
    for await (const part of request.parts()) {
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
        if (total > config.maxUploadRequestBytes) {
          throw AppError.tooLarge(`The files together are larger than the ${mb(config.maxUploadRequestBytes)} MB limit per request.`);
        }
        // Only the spec's field name carries material; stray file fields are ignored.
        if (part.fieldname === 'files' || part.fieldname === 'files[]' || part.fieldname === 'file') {
          files.push({ filename: part.filename || 'upload', mimetype: part.mimetype, data });
        }
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT') throw AppError.tooLarge('Too many files in one request.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw AppError.tooLarge('Too many form fields in one request.');
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.tooLarge(`A file is larger than the ${mb(config.maxUploadFileBytes)} MB limit per file.`);
    if (code.startsWith('FST_')) throw AppError.badRequest('The upload could not be read. Please try again.');
    throw err;
  }
  return { files, fields };
}
