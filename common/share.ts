import { z } from 'zod';
import { materialContentTypes, materialResponseItem, type MaterialResponseItem } from './materials';
import { storedTextbookContent } from './textbook';

/**
 * The reader link for students (docs/product.md, "Reader link"): the owner creates, copies and
 * revokes one read-only link per textbook; anyone holding it reads the book at /read/{token}.
 */

/** 32 random bytes as base64url: 43 characters, 256 bits. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const readerPath = (token: string) => `/read/${token}`;

const materialTypesField = z
  .array(z.enum(materialContentTypes, { error: 'materialTypes may hold quiz, assessment, lessonPlan and homework' }))
  .max(materialContentTypes.length)
  .transform((types) => materialContentTypes.filter((t) => types.includes(t)));

/** POST /api/textbooks/{id}/share: optionally the kinds of materials to share (kept from the previous link otherwise). */
export const createShareBody = z
  .object({ materialTypes: materialTypesField.optional(), sourceNotes: z.boolean().optional() }, { error: 'Expected a JSON object' })
  .nullish();
export type CreateShareBody = z.infer<typeof createShareBody>;

/** PATCH /api/textbooks/{id}/share: which kinds of materials the reader shows, and whether it shows source notes. */
export const updateShareBody = z
  .object(
    { materialTypes: materialTypesField.optional(), sourceNotes: z.boolean().optional() },
    { error: 'Expected a JSON object with materialTypes' },
  )
  .refine((b) => b.materialTypes !== undefined || b.sourceNotes !== undefined, { error: 'Expected materialTypes or sourceNotes' });
export type UpdateShareBody = z.infer<typeof updateShareBody>;

/** Any string reaches the service, which answers 404 for what is not a live token (no hint of the format). */
export const shareTokenParams = z.object({ token: z.string().max(200) });
export const sharedImageParams = z.object({ token: z.string().max(200), imageId: z.string().max(20) });

export const shareLinkInfo = z.object({
  createdAt: z.string(),
  materialTypes: z.array(z.enum(materialContentTypes)),
  /** Whether the reader shows each chapter's source notes (files and pages its text comes from). */
  sourceNotes: z.boolean(),
});
export type ShareLinkInfo = z.infer<typeof shareLinkInfo>;

/** GET /api/textbooks/{id}/share: the active link, without its address (only its hash is stored). */
export const shareLinkStatus = z.object({ link: shareLinkInfo.nullable() });
export type ShareLinkStatus = z.infer<typeof shareLinkStatus>;

/** POST /api/textbooks/{id}/share: the new link's address, shown once. */
export const createdShareLink = shareLinkInfo.extend({ url: z.string(), token: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLink>;

/** A generated material as the reader receives it. */
export type SharedMaterial = Pick<MaterialResponseItem, 'id' | 'title' | 'description' | 'contentType' | 'metadata' | 'content'>;

/** DELETE /api/textbooks/{id}/share: revoked is false when there was no link. */
export const revokedShareLink = z.object({ ok: z.literal(true), revoked: z.boolean() });
export type RevokedShareLink = z.infer<typeof revokedShareLink>;

/** A glossary or index page of the reader: its title and HTML, links pointing at the reader's own addresses. */
const readerBackMatterPage = z.object({ title: z.string(), html: z.string() });

/** The book's glossary and index as the reader shows them, and the glossary's terms (their first use links to it). */
export const readerBackMatter = z.object({
  terms: z.array(z.string()),
  glossary: readerBackMatterPage.optional(),
  index: readerBackMatterPage.optional(),
});
export type ReaderBackMatter = z.infer<typeof readerBackMatter>;

/**
 * Made by the server per revision (common/book-render/reader-prepared.ts): each chapter's and section's text with
 * numbers and cross-reference links, null where numbering leaves the stored HTML as it is; and the back matter.
 */
export const readerPrepared = readerBackMatter.extend({
  units: z.object({
    chapters: z.array(z.object({ content: z.string().nullable(), sections: z.array(z.string().nullable()) })),
  }),
});
export type ReaderPrepared = z.infer<typeof readerPrepared>;

/**
 * GET /api/shared/{token}: what the reader page shows. Image addresses point under
 * /api/shared/{token}/images/. Sent as JSON bytes put together once (shared-content-cache.ts), so
 * this schema documents the answer and types the client; it does not serialize it.
 */
export const sharedBook = z.object({
  topic: z.string(),
  updatedAt: z.string(),
  content: storedTextbookContent,
  materials: z.array(
    materialResponseItem.pick({ id: true, title: true, description: true, contentType: true, metadata: true, content: true }),
  ),
  materialTypes: z.array(z.enum(materialContentTypes)),
  /** Whether the chapters carry their source notes (at the end of each chapter, under "Source notes"). */
  sourceNotes: z.boolean().optional(),
  /** The numbered text and the glossary and index, ready to show. */
  reader: readerPrepared.optional(),
});
export type SharedBook = z.infer<typeof sharedBook>;
