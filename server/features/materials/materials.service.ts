import {
  materialContentSchemas,
  materialContentTypes,
  type CreateMaterialBody,
  type MaterialContentType,
  type MaterialResponseItem,
} from '@common/materials';
import { parseTextbookContent } from '@common/textbook';
import type { MaterialRow } from '@server/db/schema';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { emptyMaterial } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import { requireTextbookAccess, requireTextbookRole } from '../textbooks/textbooks.policy';
import * as repo from './materials.repo';

const isKnownType = (t: string): t is MaterialContentType => (materialContentTypes as readonly string[]).includes(t);

export function presentMaterial(row: MaterialRow): MaterialResponseItem {
  const contentType = isKnownType(row.contentType) ? row.contentType : 'quiz';
  return {
    id: row.id,
    textbookId: row.textbookId,
    title: row.title,
    description: row.description,
    contentType,
    metadata: {
      ...(row.chapterTitle !== null ? { chapterTitle: row.chapterTitle } : {}),
      ...(row.chapterIndex !== null ? { chapterIndex: row.chapterIndex } : {}),
    },
    content: row.body as MaterialResponseItem['content'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Materials of a textbook, oldest first: for the owner and collaborators (others get 404). */
export async function listTextbookMaterials(ctx: RequestContext, textbookId: number): Promise<MaterialResponseItem[]> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'read');
  return (await repo.listMaterials(db, textbookId)).map(presentMaterial);
}

/**
 * Generates a material for one chapter or the whole book with the configured
 * engine, grounded in the textbook's text, and stores it. A material with the same title and type is replaced, as the
 * spec's client merges them.
 */
export async function createMaterial(ctx: RequestContext, textbookId: number, body: CreateMaterialBody): Promise<MaterialResponseItem> {
  const { db, user } = ctx;
  const { textbook } = await requireTextbookAccess(db, textbookId, user, 'edit');
  const parsed = parseTextbookContent(textbook.content);
  if (!parsed.ok) throw new AppError('UNPROCESSABLE', 'This textbook has no readable content to build materials from.');
  const book = parsed.content;
  if (body.chapterIndex !== undefined && body.chapterIndex >= book.chapters.length) {
    throw AppError.badRequest(
      `chapterIndex is out of range: this textbook has ${book.chapters.length} ${book.chapters.length === 1 ? 'chapter' : 'chapters'} (0 to ${Math.max(0, book.chapters.length - 1)}).`,
    );
  }
  if (book.chapters.length === 0)
    throw new AppError('UNPROCESSABLE', 'This textbook has no chapters yet. Add a chapter before generating materials.');

  // Materials test what students read: the textbook's own text, not the raw sources behind it, so no sources are loaded.
  const material = emptyMaterial();
  const generated = await ctx.engine.generateMaterial(
    { material, retriever: createRetriever(material, ctx.embedder) },
    { book, contentType: body.contentType, chapterIndex: body.chapterIndex },
  );
  // The engine's output is checked against the contract before it is stored: a bad shape never reaches a client.
  const content = materialContentSchemas[body.contentType].safeParse(generated.content);
  if (!content.success) throw new AppError('INTERNAL', 'The generated material did not have the expected shape. Please try again.');

  const row = await db.transaction(async (tx) => {
    await repo.deleteMaterialsNamed(tx, textbookId, body.contentType, generated.title, body.chapterIndex);
    return repo.insertMaterial(tx, {
      textbookId,
      contentType: body.contentType,
      title: generated.title,
      description: generated.description,
      chapterTitle: generated.chapterTitle ?? null,
      chapterIndex: body.chapterIndex ?? null,
      body: content.data,
      createdBy: user.id,
    });
  });
  return presentMaterial(row);
}

export async function deleteTextbookMaterial(ctx: RequestContext, textbookId: number, materialId: number): Promise<void> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'edit');
  const deleted = await repo.deleteMaterial(db, textbookId, materialId);
  if (!deleted) throw AppError.notFound('Material not found');
}
