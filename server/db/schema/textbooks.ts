import { customType, index, integer, json, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TextbookContent, TextbookOutlineSummary } from '@common/textbook';

/** Hashes of one revision's parts; short keys because books reach 2,000 sections. */
export interface RevisionManifest {
  /** hash of the book title */
  t: string;
  /** hash of the references list */
  r: string;
  chapters: Array<{ id: string; t: string; c: string; s: Array<{ id: string; t: string; c: string }> }>;
}

/**
 * What one revision changed, as the values before it (see textbook_revisions): rolling the
 * current manifest back through these gives any recent revision's manifest, while an
 * autosave stores a few hundred bytes instead of a 2,000-section manifest.
 */
export interface RevisionDelta {
  v: 2;
  /** previous title / references hash, when changed */
  t?: string;
  r?: string;
  /** previous hashes of changed or deleted chapters and sections (both fields for deleted ones) */
  items?: Record<string, { t?: string; c?: string }>;
  /** previous order and membership, when they changed: [chapterId, sectionIds][] */
  structure?: Array<[string, string[]]>;
}
import { contentJson } from '../content-json';
import { users } from './users';

/**
 * A json column written as UTF-8 bytes (a binary-format parameter; json's binary form is its
 * text). PGlite's protocol writer measures a string parameter char by char, twice: for a 5 MB
 * book that was a fifth of a save. server/db/client.ts lets such bytes through PGlite's json
 * serializer; node-postgres sends a Buffer as binary by itself. Read back, the drivers have
 * already parsed it.
 */
export const jsonBytes = <T>(name: string, encode: (value: T) => Uint8Array = (value) => Buffer.from(JSON.stringify(value))) =>
  customType<{ data: T; driverData: Uint8Array | T }>({
    dataType: () => 'json',
    toDriver: encode,
    fromDriver: (value) => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T)),
  })(name);

export const textbooks = pgTable(
  'textbooks',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /**
     * json, not jsonb: nothing queries inside it, and an autosave of a 5 MB book then stores
     * the text as sent instead of rebuilding a jsonb tree (and printing it back on every read).
     * The column's storage is EXTERNAL (migration 0004): out of line and uncompressed, so a
     * save does not pay for compressing 5 MB in PGlite's wasm.
     */
    content: jsonBytes<TextbookContent>('content', contentJson).notNull(),
    /** The title and chapter titles (what GET /api/textbooks shows), written with every content write. */
    summary: json('summary').$type<TextbookOutlineSummary>(),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the trash since then (the owner may restore it for 30 days); NULL for a live book. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('textbooks_owner_idx').on(t.ownerId)],
);
/** A textbook as services use it (the list's summary column is read by the list alone). */
export type TextbookRow = Omit<typeof textbooks.$inferSelect, 'summary'>;

export const textbookVersions = pgTable(
  'textbook_versions',
  {
    id: serial('id').primaryKey(),
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    description: text('description').notNull(),
    topic: text('topic').notNull(),
    /**
     * NULL only on the newest version while it is the textbook's current state (same revision):
     * a coalesced autosave then writes the 5 MB book once, not twice. saveTextbook fills it in
     * before the textbook moves on; readers substitute the textbook's content.
     */
    content: jsonBytes<TextbookContent>('content', contentJson),
    revision: integer('revision').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * How the version came to be: 'created', 'edit' (plain saves; one user's edits within
     * 10 minutes coalesce into one), 'named' (a save with its own description, e.g. an AI tool),
     * 'restore', 'snapshot' (a state kept before a write that had no version). Only 'edit' coalesces.
     */
    kind: text('kind').notNull().default('edit'),
    /** The plain phrases of what changed, kept apart so coalesced saves can merge their descriptions. */
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('textbook_versions_number_idx').on(t.textbookId, t.versionNumber)],
);
export type TextbookVersionRow = typeof textbookVersions.$inferSelect;

/**
 * What each recent revision changed (hashes of titles and HTML, order): enough to
 * rebuild the manifest of the revision a client started from, the base of the
 * 3-way merge when it saves with an older baseRevision. Hashes suffice because
 * the merge only asks "did this side change it?"; both sides' full values are at hand.
 */
export const textbookRevisions = pgTable(
  'textbook_revisions',
  {
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** A RevisionDelta (v: 2); rows without v: 2 end a rollback (the base is then too old to merge). */
    manifest: jsonb('manifest').$type<RevisionDelta | { v?: undefined }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.textbookId, t.revision] })],
);
export type TextbookRevisionRow = typeof textbookRevisions.$inferSelect;

export const collaborators = pgTable(
  'collaborators',
  {
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.textbookId, t.userId] }), index('collaborators_user_idx').on(t.userId)],
);
export type CollaboratorRow = typeof collaborators.$inferSelect;

/** Owners a user has asked never to be added by again (set when they leave a book with "block"). */
export const collaborationBlocks = pgTable(
  'collaboration_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ownerId] })],
);
