import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, vector } from './column-types';
import { textbooks } from './textbooks';
import { users } from './users';

/** Extracted materials, content-addressed per user: the same file is parsed once. */
export const sources = pgTable(
  'sources',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    byteSize: integer('byte_size').notNull(),
    text: text('text').notNull(),
    structure: jsonb('structure').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sources_owner_sha_idx').on(t.ownerId, t.sha256)],
);
export type SourceRow = typeof sources.$inferSelect;

/**
 * The bytes of a PDF source, kept so its pages can be shown as pictures beside the book (the Sources
 * panel's "Open in source"). Other kinds are shown from their text. Sources stored before this table
 * existed get their bytes when the file is uploaded again.
 */
export const sourceFiles = pgTable('source_files', {
  sourceId: integer('source_id')
    .primaryKey()
    .references(() => sources.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

export const chunks = pgTable(
  'chunks',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    headingPath: jsonb('heading_path').$type<string[]>().notNull(),
    text: text('text').notNull(),
    embedding: vector('embedding'),
    embeddingModel: text('embedding_model'),
  },
  (t) => [index('chunks_source_idx').on(t.sourceId, t.ordinal)],
);
export type ChunkRow = typeof chunks.$inferSelect;

export const textbookSources = pgTable(
  'textbook_sources',
  {
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.textbookId, t.sourceId] })],
);

export const textbookReferences = pgTable(
  'textbook_references',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id'),
    doi: text('doi'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    approved: boolean('approved').notNull().default(false),
  },
  (t) => [index('textbook_references_textbook_idx').on(t.textbookId)],
);

/** Answers of scholarly APIs, kept so the same query does not hit the provider twice. */
export const referenceCache = pgTable('reference_cache', {
  key: text('key').primaryKey(),
  provider: text('provider').notNull(),
  body: jsonb('body').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    chapterTitle: text('chapter_title'),
    chapterIndex: integer('chapter_index'),
    body: jsonb('body').$type<unknown>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('materials_textbook_idx').on(t.textbookId)],
);
export type MaterialRow = typeof materials.$inferSelect;

export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id').references(() => textbooks.id, { onDelete: 'cascade' }),
    /** Set for pictures read out of a source document (figures, equation crops). */
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_textbook_idx').on(t.textbookId), index('images_source_idx').on(t.sourceId, t.sha256)],
);
export type ImageRow = typeof images.$inferSelect;

/** Progress of long generations, so the processing screen shows what really happens. */
export const generationJobs = pgTable('generation_jobs', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  stage: integer('stage').notNull().default(0),
  percent: integer('percent').notNull().default(0),
  message: text('message'),
  textbookId: integer('textbook_id'),
  /** What the durable job needs to compose the book (topic, references, sources), so any instance can run it. */
  input: jsonb('input').$type<unknown>(),
  /** A failed generation's error, so the request waiting on it answers as if it had run the job itself. */
  errorCode: text('error_code'),
  errorStatus: integer('error_status'),
  /** The instance running it now (for operators: which one to look at). */
  worker: text('worker'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
