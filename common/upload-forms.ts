import { z } from 'zod';
import { directContentMaxChars, materialFields, requiredTopicField } from './extract';
import { generationJobId, parseApprovedReferences } from './generate';
import { imageUploadFields } from './images';
import { parseReferenceList } from './references';
import { bookLengthSchema } from './textbook';

/**
 * The multipart forms of the upload routes, described once: the server's reader keeps the file parts
 * named here and parses the text fields with `fields`, and the API document is generated from the same
 * objects (server/http/openapi-upload-forms.ts).
 */
export interface UploadForm<F extends z.ZodType = z.ZodType> {
  /** The text fields, as sent (strings), parsed into what the service receives. */
  fields: F;
  file: {
    /** The field name clients use; `aliases` are read too (older clients). */
    name: string;
    aliases?: readonly string[];
    /** Several parts of that name (the material routes) or one. */
    multiple: boolean;
    /** At most this many parts (the reader refuses more with a 413). */
    maxFiles?: number;
    description: string;
    /** The message when a required file is missing; absent: files are optional. */
    missing?: string;
  };
  /** A JSON body with the text fields only is accepted too, for API clients without files. */
  json?: boolean;
  /** The message when the body is neither multipart nor accepted JSON. */
  notMultipart?: string;
}

/** An empty form field counts as absent (a form's empty select or hidden input). */
function emptyAsAbsent<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));
}

const materialFiles = {
  name: 'files',
  aliases: ['files[]', 'file'],
  multiple: true,
  maxFiles: 50,
  description: 'The documents (PDF, DOCX, PPTX, ODT, TXT, Markdown and the like), one part each',
} as const;

/** The text fields of preview-references: a topic, and the approved references when enhancing them. */
export const previewReferencesFields = materialFields.extend({
  topic: requiredTopicField,
  existingReferences: z
    .string()
    .max(directContentMaxChars, 'The references field is too long')
    .optional()
    .describe('A JSON array of references, when enhancing them')
    .transform((raw, ctx) => {
      const parsed = parseReferenceList(raw, 'existingReferences');
      if (parsed.ok) return parsed.references;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
});

/** The text fields of generate-outline: a topic, the approved references (a JSON array), the book's length and the client's job id. */
export const generateOutlineFields = materialFields.extend({
  topic: requiredTopicField,
  approvedReferences: z
    .string()
    .max(directContentMaxChars, 'The references field is too long')
    .optional()
    .describe('A JSON array of the approved references (missing or empty: none)')
    .transform((raw, ctx) => {
      const parsed = parseApprovedReferences(raw);
      if (parsed.ok) return parsed.references;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  // The whole material unless the user chose a condensed book.
  length: emptyAsAbsent(bookLengthSchema).describe(
    'The whole material (full, the default) or a book condensed to about 40,000 words; the book reports what it shortened',
  ),
  // No job id: the server makes one.
  jobId: emptyAsAbsent(generationJobId).describe('A client-made id to follow the generation at GET /api/generation-jobs/{jobId}'),
});

export const extractTextForm: UploadForm<typeof materialFields> = { fields: materialFields, file: materialFiles, json: true };
export const previewReferencesForm: UploadForm<typeof previewReferencesFields> = {
  fields: previewReferencesFields,
  file: materialFiles,
  json: true,
};
export const generateOutlineForm: UploadForm<typeof generateOutlineFields> = {
  fields: generateOutlineFields,
  file: materialFiles,
  json: true,
};
export const imageUploadForm: UploadForm<typeof imageUploadFields> = {
  fields: imageUploadFields,
  file: {
    name: 'file',
    multiple: false,
    description: 'The picture (PNG, JPEG, GIF or WebP), at most 5 MB',
    missing: 'No image was sent. Choose an image file to upload.',
  },
  notMultipart: 'Send the image as multipart/form-data with a file field.',
};
