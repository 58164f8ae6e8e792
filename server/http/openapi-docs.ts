import { materialDownloadInfo } from '@common/material-downloads';
import { z } from 'zod';
import { textbookDetail } from '@common/textbook';
import { saveConflictBody } from '@common/textbooks-api';
import { sharedBook } from '@common/share';
import { exportFormatInfo } from '@common/export';

/**
 * What the API reference says about routes whose schemas cannot describe it at run time: answers
 * sent as bytes made once (a textbook of 5 MB as its stored JSON text, the reader's book, pictures,
 * exports), which a response schema would parse and print again. Only the OpenAPI document reads
 * these; requests and answers are unaffected. Every other route declares its response schema
 * itself; the upload forms are described by common/upload-forms.ts.
 */
const bytes = z.string().meta({ format: 'binary' });
const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** A download: the same bytes under each media type the route may send. */
const download = (description: string, mediaTypes: string[]) => ({
  description,
  response: { 200: { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: bytes }])) } },
});
/** Media types without parameters (text/html; charset=utf-8 is text/html). */
/** What a quiz download is sent as: QTI zip, Moodle XML, GIFT text, Word and PDF handouts. */
const quizDownloadTypes = [...new Set(Object.values(materialDownloadInfo).map((info) => info.mime.split(';')[0]!.trim()))];
const exportTypes = [...new Set(Object.values(exportFormatInfo).map((info) => info.mime.split(';')[0]!.trim()))];

interface RouteDocs {
  response?: Record<number, z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> }>;
  description?: string;
}

export const routeDocs: Record<string, RouteDocs> = {
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
  'GET /api/images/:id': download('The picture (PNG, JPEG, GIF or WebP bytes).', imageTypes),
  'GET /api/textbooks/:id/export': download('The book as a file of the chosen format (a download).', exportTypes),
  'GET /api/textbooks/:id/materials/:materialId/download': download(
    'A quiz or assessment as a download: QTI 1.2 content package (zip), Moodle XML, GIFT text, or a printable DOCX/PDF handout with the answer key on pages of its own.',
    quizDownloadTypes,
  ),
  'GET /api/textbooks/:id/sources/:documentId/page/:n': download(
    'Page n (1-based) of a PDF the book is made from, drawn as a PNG at about 110 dpi. 404 for a document the book does not use or that is not a PDF.',
    ['image/png'],
  ),
  'GET /api/shared/:token': {
    description: 'No account needed: the book behind a reader link, with the materials its owner shares. 404 once the link is revoked.',
    response: { 200: sharedBook },
  },
  'GET /api/shared/:token/images/:imageId': download(
    'No account needed: an image of the shared book (PNG, JPEG, GIF or WebP bytes).',
    imageTypes,
  ),
};
