import { z } from 'zod';
import { directContentMaxChars, materialFields, requiredTopicField } from '@common/extract';
import { textbookDetail } from '@common/textbook';
import { saveConflictBody } from '@common/textbooks-api';
import { sharedBook } from '@common/share';

/**
 * What the API reference says about routes whose schemas cannot describe it at run time:
 * multipart bodies (parsed by the handler, not by a schema) and answers sent as bytes made once
 * (a textbook of 5 MB as its stored JSON text, the reader's book, pictures, exports), which a
 * response schema would parse and print again. Only the OpenAPI document reads these; requests
 * and answers are unaffected. Every other route declares its response schema itself.
 */
const files = z
  .array(z.string().meta({ format: 'binary' }))
  .max(50)
  .describe('the documents (PDF, DOCX, TXT), one part each (at most 50)');
const directMode = {
  directContent: materialFields.shape.directContent.describe('pasted text (direct mode)'),
  directMethod: z.literal('true').optional().describe("'true' in direct mode"),
  chapterTitle: materialFields.shape.chapterTitle,
};
/** A text field holding JSON (references): at most what one multipart text field carries. */
const jsonField = z.string().max(directContentMaxChars);
const binary = (description: string) => ({ description, response: { 200: z.string().meta({ format: 'binary' }) } });

interface RouteDocs {
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
  description?: string;
}

export const routeDocs: Record<string, RouteDocs> = {
  'POST /api/extract-text': { body: z.object({ files: files.optional(), ...directMode }) },
  'POST /api/textbooks/preview-references': {
    body: z.object({
      topic: requiredTopicField,
      existingReferences: jsonField.optional().describe('JSON array of references, when enhancing'),
      files: files.optional(),
      ...directMode,
    }),
  },
  'POST /api/textbooks/generate-outline': {
    body: z.object({
      topic: requiredTopicField,
      approvedReferences: jsonField.describe('JSON array of the approved references'),
      length: z
        .enum(['full', 'condensed'])
        .optional()
        .describe('The whole material (full, the default) or a book condensed to about 40,000 words; the book reports what it shortened'),
      files: files.optional(),
      ...directMode,
    }),
  },
  'GET /api/textbooks/:id': {
    description: 'The stored JSON text as it is (304 while the ETag stands).',
    response: { 200: textbookDetail },
  },
  'PATCH /api/textbooks/:id': {
    description:
      "Saves the whole content, merged by id against baseRevision. With echo 'changes', content is left out when it was stored as sent.",
    response: {
      200: textbookDetail.partial({ content: true }).extend({ merged: z.boolean(), versionNumber: z.number().int().nullable() }),
      409: saveConflictBody,
    },
  },
  'POST /api/images/upload': {
    body: z.object({ file: z.string().meta({ format: 'binary' }), textbookId: z.string().max(20) }),
  },
  'GET /api/images/:id': binary('The picture (PNG, JPEG, GIF or WebP bytes).'),
  'GET /api/textbooks/:id/export': binary('The book as a file of the chosen format (a download).'),
  'GET /api/textbooks/:id/sources/:documentId/page/:n': binary(
    'Page n (1-based) of a PDF the book is made from, drawn as a PNG at about 110 dpi. 404 for a document the book does not use or that is not a PDF.',
  ),
  'GET /api/shared/:token': {
    description: 'No account needed: the book behind a reader link, with the materials its owner shares. 404 once the link is revoked.',
    response: { 200: sharedBook },
  },
  'GET /api/shared/:token/images/:imageId': binary('No account needed: an image of the shared book (PNG, JPEG, GIF or WebP bytes).'),
};

/** Multipart routes: the request body is form data. */
export const multipartRoutes = new Set([
  'POST /api/extract-text',
  'POST /api/textbooks/preview-references',
  'POST /api/textbooks/generate-outline',
  'POST /api/images/upload',
]);
