import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadForm } from '@common/upload-forms';
import { AppError } from '../core/app-error';
import { parseFormFields } from './form-fields';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart form the route reads (common/upload-forms.ts): the API document describes its body from it. */
    uploadForm?: UploadForm;
  }
}

export interface ReceivedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** How much one upload route reads before it refuses the request (server/http/upload-bounds.ts). */
export interface UploadBounds {
  fileBytes: number;
  files: number;
  fields: number;
  /** One text field, and all of them together. */
  fieldBytes: number;
  fieldsBytes: number;
  /** Files and text fields together. */
  requestBytes: number;
  /** The 413 message for a file over fileBytes (its name when known). */
  fileTooLarge: (filename?: string) => string;
}

/** "10 MB", or "1 KB" under a megabyte. */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The one status mapping of a refused upload: whatever is too large or too many (a file, the files,
 * a field, the fields, the request) is a 413 naming it; a body that cannot be read (no boundary, cut
 * short, malformed) is the client's fault, a 400.
 */
export function uploadError(err: unknown, bounds: UploadBounds): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return AppError.tooLarge(bounds.fileTooLarge());
  if (code === 'FST_FILES_LIMIT') return AppError.tooLarge(`Too many files in one request (at most ${bounds.files}).`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return AppError.tooLarge('Too many form fields in one request.');
  return AppError.badRequest('The upload could not be read. Please try again.');
}

/** The text fields of a JSON body (API clients without files): strings as sent, anything else as JSON text. */
function jsonFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
    else if (value !== undefined && value !== null) fields[key] = JSON.stringify(value);
  }
  return fields;
}

/**
 * Reads an upload route's body as its form says (common/upload-forms.ts): the file parts of the form's
 * file field, and the text fields parsed with the form's zod schema (the first problem a 400, as a JSON
 * body's would be). Stops at the bounds, so a huge upload never sits in memory whole; a field cut at its
 * limit would silently lose the end of the user's text, so it is refused by name instead.
 */
export async function readUploadForm<F extends z.ZodType>(
  request: FastifyRequest,
  form: UploadForm<F>,
  bounds: UploadBounds,
): Promise<{ files: ReceivedFile[]; fields: z.output<F> }> {
  const files: ReceivedFile[] = [];
  if (!request.isMultipart()) {
    if (!form.json) throw AppError.badRequest(form.notMultipart ?? 'Send the form as multipart/form-data.');
    if (form.file.missing) throw AppError.badRequest(form.file.missing);
    return { files, fields: parseFormFields(form.fields, jsonFields(request.body)) };
  }
  const names = new Set([form.file.name, ...(form.file.aliases ?? [])]);
  const fields: Record<string, string> = {};
  // Files and fields count toward one total: three 19 MB fields are as heavy as three files.
  let total = 0;
  let fieldBytes = 0;
  const tooMuch = () => AppError.tooLarge(`The request is larger than the ${sizeLabel(bounds.requestBytes)} limit per request.`);
  try {
    const parts = request.parts({
      limits: { fileSize: bounds.fileBytes, files: bounds.files, fields: bounds.fields, fieldSize: bounds.fieldBytes },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.tooLarge(bounds.fileTooLarge(part.filename));
          throw err;
        }
        total += data.length;
        if (total > bounds.requestBytes) throw tooMuch();
        // Only the form's file field carries files; stray file fields are ignored.
        if (names.has(part.fieldname)) files.push({ filename: part.filename || 'upload', mimetype: part.mimetype ?? '', data });
      } else {
        if (part.valueTruncated) {
          throw AppError.tooLarge(`The field "${part.fieldname}" is larger than the ${sizeLabel(bounds.fieldBytes)} limit per field.`);
        }
        if (part.fieldnameTruncated) throw AppError.badRequest('A form field name is too long.');
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        const bytes = Buffer.byteLength(value);
        total += bytes;
        fieldBytes += bytes;
        if (total > bounds.requestBytes) throw tooMuch();
        if (fieldBytes > bounds.fieldsBytes) {
          throw AppError.tooLarge(`The form fields together are larger than the ${sizeLabel(bounds.fieldsBytes)} limit per request.`);
        }
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw uploadError(err, bounds);
  }
  if (form.file.missing && files.length === 0) throw AppError.badRequest(form.file.missing);
  return { files, fields: parseFormFields(form.fields, fields) };
}
