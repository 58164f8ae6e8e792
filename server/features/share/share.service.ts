import { materialContentTypes, type MaterialContentType } from '@common/materials';
import { findTextbookSnapshot } from '@server/realtime/realtime.repo';
import {
  readerPath,
  type CreateShareBody,
  type CreatedShareLink,
  type SharedBook,
  type SharedMaterial,
  type ShareLinkInfo,
  type ShareLinkStatus,
  type UpdateShareBody,
} from '@common/share';
import { parseTextbookContent, type TextbookContent } from '@common/textbook';
import type { Db } from '@server/db/client';
import type { ShareLinkRow } from '@server/db/schema';
import { AppError } from '@server/core/app-error';
import type { AnonymousContext, RequestContext } from '@server/features/request-context';
import { presentMaterial } from '../materials/materials.service';
import { chapterSourceNotes, withSourceNotes } from '../provenance/source-notes';
import { withoutAnswerKeys } from './without-answers';
import { requireTextbookRole } from '../textbooks/textbooks.policy';
import * as repo from './share.repo';
import { prepareReaderJsonOffThread } from './reader-prepare';
import { presentSharedContent } from './shared-content';
import { forgetSharedContent, sharedContentBytes } from './shared-content-cache';
import { hashShareToken, isWellFormedShareToken, newShareToken } from './share-token';

/** What a revoked, replaced or made-up token answers: the same 404 for all, so none can be told apart. */
export const linkUnavailableMessage = 'This link is no longer available';

const knownTypes = (types: readonly string[]): MaterialContentType[] => materialContentTypes.filter((t) => types.includes(t));

function presentLink(row: ShareLinkRow): ShareLinkInfo {
  return { createdAt: row.createdAt.toISOString(), materialTypes: knownTypes(row.materialTypes), sourceNotes: row.sourceNotes };
}

/** The owner's view of the link: whether one is active and what it shares (its address is not stored). */
export async function getShareLink(ctx: RequestContext, textbookId: number): Promise<ShareLinkStatus> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'share');
  const row = await repo.findShareLink(db, textbookId);
  return { link: row ? presentLink(row) : null };
}

/**
 * Creates the book's reader link, or replaces it: only the token's hash is stored, so the old
 * address cannot be handed out again, and a new one is made (the old one answers 404 from the
 * commit on). The materials shared stay as they were unless the body names them.
 */
export async function createShareLink(
  ctx: RequestContext,
  textbookId: number,
  body: CreateShareBody,
  origin: string,
): Promise<CreatedShareLink> {
  const { db, user } = ctx;
  const token = newShareToken();
  const row = await db.transaction(async (tx) => {
    await requireTextbookRole(tx, textbookId, user, 'share');
    const previous = await repo.findShareLink(tx, textbookId);
    const materialTypes = body?.materialTypes ?? knownTypes(previous?.materialTypes ?? []);
    const sourceNotes = body?.sourceNotes ?? previous?.sourceNotes ?? false;
    return repo.upsertShareLink(tx, { textbookId, tokenHash: hashShareToken(token), materialTypes, sourceNotes, createdBy: user.id });
  });
  forgetSharedContent(db, textbookId);
  return { ...presentLink(row), token, url: `${origin}${readerPath(token)}` };
}

/**
 * The reader page a reader link points to, when the link is the book's live one: the origin and /read/{token}
 * of the address given. Anything else (another book's link, a revoked or mistyped one) is refused.
 */
export async function liveReaderUrl(ctx: RequestContext, textbookId: number, link: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw AppError.badRequest('readerLink must be the reader link of this textbook (https://…/read/…).');
  }
  const token = /^\/read\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const row = token && isWellFormedShareToken(token) ? await repo.findShareLink(ctx.db, textbookId) : undefined;
  if (!token || !row || row.tokenHash !== hashShareToken(token) || !/^https?:$/.test(url.protocol))
    throw AppError.badRequest('readerLink is not the live reader link of this textbook. Create or copy it in Share first.');
  return `${url.origin}${readerPath(token)}`;
}

export async function updateShareLink(ctx: RequestContext, textbookId: number, body: UpdateShareBody): Promise<ShareLinkStatus> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'share');
  const row = await repo.updateShareChoices(db, textbookId, {
    ...(body.materialTypes !== undefined ? { materialTypes: body.materialTypes } : {}),
    ...(body.sourceNotes !== undefined ? { sourceNotes: body.sourceNotes } : {}),
  });
  if (!row) throw AppError.notFound('This textbook has no reader link. Create one first.');
  // The reader's copy with or without the notes is another copy.
  if (body.sourceNotes !== undefined) forgetSharedContent(db, textbookId);
  return { link: presentLink(row) };
}

/** Revokes the link: the next request with its token answers 404. Revoking when there is none is not an error. */
export async function revokeShareLink(ctx: RequestContext, textbookId: number): Promise<{ ok: true; revoked: boolean }> {
  const { db, user } = ctx;
  await requireTextbookRole(db, textbookId, user, 'share');
  const deleted = await repo.deleteShareLink(db, textbookId);
  forgetSharedContent(db, textbookId);
  return { ok: true, revoked: Boolean(deleted) };
}

/** The textbook a live token opens, or 404. Looked up on every request (no cache), so a revoke holds at once. */
async function requireLink(db: Db, token: string) {
  const link = isWellFormedShareToken(token) ? await repo.findShareLinkByHash(db, hashShareToken(token)) : undefined;
  if (!link) throw AppError.notFound(linkUnavailableMessage);
  return link;
}

export const sharedImageBase = (token: string) => `/api/shared/${token}/images`;

/**
 * GET /api/shared/{token}: the book for the reader page and the materials the owner chose to share,
 * as the JSON bytes of a SharedBook (the content part cached per revision, shared-content-cache.ts).
 */
/**
 * The shared book's content as the reader gets it and what the reader page shows of it (`"content":{...},"reader":{...}`,
 * JSON bytes cached per revision), and its header.
 */
async function sharedContentOf(db: AnonymousContext['db'], textbookId: number, token: string, sourceNotes: boolean) {
  const header = await repo.findSharedTextbookHeader(db, textbookId);
  if (!header) throw AppError.notFound(linkUnavailableMessage);
  const imageBase = sharedImageBase(token);
  // The copy with source notes is another copy (the cache key tells them apart).
  const copy = sourceNotes ? `${imageBase}#source-notes` : imageBase;
  const bytes = await sharedContentBytes(db, { textbookId, revision: header.revision, imageBase: copy }, async () => {
    const row = await findTextbookSnapshot(db, textbookId);
    if (!row) throw AppError.notFound(linkUnavailableMessage);
    const parsed = parseTextbookContent(row.content);
    if (!parsed.ok) throw new AppError('UNPROCESSABLE', 'This textbook has no readable content yet.');
    const book = sourceNotes ? withSourceNotes(parsed.content, await chapterSourceNotes(db, textbookId, parsed.content)) : parsed.content;
    const content: TextbookContent = presentSharedContent(book, imageBase);
    // The numbered text, glossary and index, made here once per revision rather than in every reader's browser.
    const reader = await prepareReaderJsonOffThread(content);
    const fragment = `"content":${JSON.stringify(content)}${reader === undefined ? '' : `,"reader":${reader}`}`;
    return { revision: row.revision, imageBase: copy, bytes: Buffer.from(fragment) };
  });
  return { header, imageBase, bytes };
}

export async function getSharedBook(ctx: AnonymousContext, token: string): Promise<Buffer> {
  const { db } = ctx;
  const link = await requireLink(db, token);
  const { header, bytes: contentBytes } = await sharedContentOf(db, link.textbookId, token, link.sourceNotes);
  const materialTypes = knownTypes(link.materialTypes);
  const materials = (await repo.listSharedMaterials(db, link.textbookId, materialTypes)).map((row): SharedMaterial => {
    const { id, title, description, contentType, metadata, content } = presentMaterial(row);
    return { id, title, description, contentType, metadata, content: withoutAnswerKeys(contentType, content) as SharedMaterial['content'] };
  });
  const fields: Omit<SharedBook, 'content' | 'reader'> = {
    topic: header.topic,
    updatedAt: header.updatedAt.toISOString(),
    materials,
    materialTypes,
    sourceNotes: link.sourceNotes,
  };
  return Buffer.concat([Buffer.from(JSON.stringify(fields).slice(0, -1)), Buffer.from(','), contentBytes, Buffer.from('}')]);
}

/**
 * An image of the shared book (uploaded into it or from one of its sources); any other id is 404.
 * The bytes are left out when the caller already holds this version (its ETag, the image's hash).
 */
export async function getSharedImage(ctx: AnonymousContext, token: string, imageId: string, cachedEtag?: string) {
  const { db } = ctx;
  const link = await requireLink(db, token);
  const id = /^\d{1,9}$/.test(imageId) ? Number(imageId) : 0;
  const meta = id > 0 ? await repo.findBookImageMeta(db, link.textbookId, id) : undefined;
  if (!meta) throw AppError.notFound('Image not found');
  // Only a picture the shared book shows: any other image of the book or its sources (uploaded and
  // removed, a source's figure never used) stays private, though its id is easy to guess.
  const { imageBase, bytes: contentBytes } = await sharedContentOf(db, link.textbookId, token, link.sourceNotes);
  if (!contentBytes.includes(`${imageBase}/${id}\\"`)) throw AppError.notFound('Image not found');
  const etag = `"${meta.sha256}"`;
  if (cachedEtag === etag) return { id, mime: meta.mime, etag, bytes: null };
  const bytes = await repo.findImageBytes(db, id);
  if (!bytes) throw AppError.notFound('Image not found');
  return { id, mime: meta.mime, etag, bytes };
}
