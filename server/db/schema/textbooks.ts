import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TextbookContent } from '../../../common/textbook';

/** Hashes of one revision's parts (see textbook_revisions); short keys because books reach 2,000 sections. */
export interface RevisionManifest {
  /** hash of the book title */
  t: string;
  /** hash of the references list */
  r: string;
  chapters: Array<{ id: string; t: string; c: string; s: Array<{ id: string; t: string; c: string }> }>;
}
import { users } from './users';

export const textbooks = pgTable(
  'textbooks',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    content: jsonb('content').$type<TextbookContent>().notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('textbooks_owner_idx').on(t.ownerId)],
);
export type TextbookRow = typeof textbooks.$inferSelect;

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
    content: jsonb('content').$type<TextbookContent>().notNull(),
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
 * A compact fingerprint (ids, order and hashes of titles and HTML) of every recent
 * revision of a textbook: the base of the 3-way merge when a client saves with an
 * older baseRevision. Hashes suffice because the merge only asks "did this side
 * change it?"; both sides' full values are at hand.
 */
export const textbookRevisions = pgTable(
  'textbook_revisions',
  {
    textbookId: integer('textbook_id')
      .notNull()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    manifest: jsonb('manifest').$type<RevisionManifest>().notNull(),
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
