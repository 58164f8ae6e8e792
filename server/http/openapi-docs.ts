import { z } from 'zod';
import { outlineAssistantResponse } from '../../common/assistant';
import { publicUser } from '../../common/auth';
import { generateOutlineResponse, generationJobResponse } from '../../common/generate';
import { materialContentTypes } from '../../common/materials';
import { textbookContentSchema, textbookDetail, textbookSummary } from '../../common/textbook';
import { saveConflictBody } from '../../common/textbooks-api';

/**
 * What the API reference says about routes whose schemas cannot describe it at run time:
 * multipart bodies (parsed by the handler, not by a schema) and responses that are not validated on
 * the way out (a textbook can be megabytes and is serialized once by the save path, so those routes
 * have no response schema). Only the OpenAPI document reads these; requests are unaffected.
 */
const ok = z.object({ ok: z.literal(true) });
const userRef = z.object({ id: z.number().int(), username: z.string() });
const versionEntry = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  description: z.string(),
  topic: z.string(),
  content: textbookContentSchema.nullable(),
  contentOmitted: z.boolean().optional(),
  revision: z.number().int(),
  createdBy: userRef.nullable(),
});
const collaboratorEntry = z.object({
  user: userRef,
  userId: z.number().int(),
  textbookId: z.number().int(),
  role: z.enum(['owner', 'collaborator']),
  createdAt: z.string(),
});
const materialItem = z.object({
  id: z.number().int(),
  textbookId: z.number().int(),
  title: z.string(),
  description: z.string(),
  contentType: z.enum(materialContentTypes),
  metadata: z.object({ chapterTitle: z.string().optional(), chapterIndex: z.number().int().optional() }),
  content: z.record(z.string(), z.unknown()).describe('the quiz, assessment, lesson plan or homework'),
  createdAt: z.string(),
});
const files = z.array(z.string().meta({ format: 'binary' })).describe('the documents (PDF, DOCX, TXT), one part each');
const directMode = {
  directContent: z.string().optional().describe('pasted text (direct mode)'),
  directMethod: z.literal('true').optional().describe("'true' in direct mode"),
  chapterTitle: z.string().optional(),
};

interface RouteDocs {
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
  description?: string;
}

export const routeDocs: Record<string, RouteDocs> = {
  'GET /api/user': { response: { 200: publicUser } },
  'POST /api/register': { response: { 201: publicUser } },
  'POST /api/login': { response: { 200: publicUser } },
  'POST /api/logout': { response: { 200: ok } },
  'POST /api/extract-text': { body: z.object({ files: files.optional(), ...directMode }) },
  'POST /api/textbooks/preview-references': {
    body: z.object({
      topic: z.string(),
      existingReferences: z.string().optional().describe('JSON array of references, when enhancing'),
      files: files.optional(),
      ...directMode,
    }),
  },
  'POST /api/textbooks/generate-outline': {
    body: z.object({
      topic: z.string(),
      approvedReferences: z.string().describe('JSON array of the approved references'),
      files: files.optional(),
      ...directMode,
    }),
    response: { 200: generateOutlineResponse },
  },
  'POST /api/ai/outline-assistant': { response: { 200: outlineAssistantResponse } },
  'GET /api/textbooks': { response: { 200: z.array(textbookSummary) } },
  'GET /api/textbooks/:id': { response: { 200: textbookDetail } },
  'DELETE /api/textbooks/:id': { response: { 200: ok } },
  'PATCH /api/textbooks/:id': {
    response: {
      200: textbookDetail.partial({ content: true }).extend({ merged: z.boolean(), versionNumber: z.number().int().nullable() }),
      409: saveConflictBody,
    },
  },
  'POST /api/images/upload': {
    body: z.object({ file: z.string().meta({ format: 'binary' }), textbookId: z.string() }),
    response: { 200: z.object({ dataUrl: z.string(), id: z.number().int(), mime: z.string() }) },
  },
  'GET /api/textbooks/:id/versions': { response: { 200: z.object({ versions: z.array(versionEntry) }) } },
  'GET /api/textbooks/:id/versions/:versionId': { response: { 200: z.object({ version: versionEntry }) } },
  'POST /api/textbooks/:id/versions/:versionId/restore': { response: { 200: textbookDetail.partial({ content: true }).loose() } },
  'GET /api/textbooks/:id/collaborators': { response: { 200: z.array(collaboratorEntry) } },
  'POST /api/textbooks/:id/collaborators': { response: { 201: collaboratorEntry } },
  'DELETE /api/textbooks/:id/collaborators/:userId': { response: { 200: ok } },
  'GET /api/users/search': { response: { 200: z.array(userRef) } },
  'GET /api/textbooks/:id/materials': { response: { 200: z.object({ materials: z.array(materialItem) }) } },
  'POST /api/textbooks/:id/materials': { response: { 201: z.object({ material: materialItem }) } },
  'DELETE /api/textbooks/:id/materials/:materialId': { response: { 200: ok } },
  'GET /api/generation-jobs/:jobId': { response: { 200: generationJobResponse } },
  'GET /api/shared/:token': {
    description: 'No account needed: the book behind a reader link, with the materials its owner shares. 404 once the link is revoked.',
    response: {
      200: z.object({
        topic: z.string(),
        updatedAt: z.string(),
        content: textbookContentSchema,
        materials: z.array(materialItem.omit({ textbookId: true, createdAt: true })),
        materialTypes: z.array(z.enum(materialContentTypes)),
      }),
    },
  },
  'GET /api/shared/:token/images/:imageId': {
    description: 'No account needed: an image of the shared book (PNG, JPEG, GIF or WebP bytes).',
    response: { 200: z.string().meta({ format: 'binary' }) },
  },
};

/** Multipart routes: the request body is form data. */
export const multipartRoutes = new Set([
  'POST /api/extract-text',
  'POST /api/textbooks/preview-references',
  'POST /api/textbooks/generate-outline',
  'POST /api/images/upload',
]);
