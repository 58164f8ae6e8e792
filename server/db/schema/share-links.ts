import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { textbooks } from './textbooks';
import { users } from './users';

/**
 * Read-only links for students (docs/product.md, "Reader link"): at most one per textbook (the
 * primary key), so creating a link again replaces the old one. Only the sha256 of the token is
 * kept, as for sessions: a copy of the database does not open anyone's book.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    textbookId: integer('textbook_id')
      .primaryKey()
      .references(() => textbooks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The kinds of generated materials (quiz, assessment, lessonPlan, homework) the reader shows. */
    materialTypes: jsonb('material_types').$type<string[]>().notNull().default([]),
    /** Whether the reader shows each chapter's source notes (files and pages its text comes from). */
    sourceNotes: boolean('source_notes').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('share_links_token_hash_idx').on(t.tokenHash), index('share_links_created_by_idx').on(t.createdBy)],
);
export type ShareLinkRow = typeof shareLinks.$inferSelect;
