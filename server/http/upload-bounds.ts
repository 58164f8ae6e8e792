import { limits } from '@common/limits';
import type { Config } from '../config';
import { sizeLabel, type UploadBounds } from './multipart-reader';

/** One text field of the material routes (typed material: a pasted book is a few megabytes at most). */
export const materialFieldMaxBytes = 10 * 1024 * 1024;

/**
 * extract-text, preview-references and generate-outline: MAX_UPLOAD_MB per file and MAX_REQUEST_MB
 * (four times that by default) per request, files and text fields together; a text field up to 10 MB
 * and all of them up to the largest JSON body.
 */
export function materialUploadBounds(config: Pick<Config, 'maxUploadFileBytes' | 'maxUploadRequestBytes'>): UploadBounds {
  return {
    fileBytes: config.maxUploadFileBytes,
    files: 50,
    fields: 50,
    fieldBytes: materialFieldMaxBytes,
    fieldsBytes: limits.jsonBodyMaxBytes,
    requestBytes: config.maxUploadRequestBytes,
    fileTooLarge: (name) => `${name ? `"${name}"` : 'A file'} is larger than the ${sizeLabel(config.maxUploadFileBytes)} limit per file.`,
  };
}

export const imageTooLargeMessage = 'Image too large. Please select an image smaller than 5MB.';

/** POST /api/images/upload: one picture of at most 5 MB and a short id field. */
export const imageUploadBounds: UploadBounds = {
  fileBytes: limits.imageMaxBytes,
  files: 1,
  fields: 10,
  fieldBytes: 1024,
  fieldsBytes: 10 * 1024,
  requestBytes: limits.imageMaxBytes + 10 * 1024,
  fileTooLarge: () => imageTooLargeMessage,
};
