import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './column-types';
import { textbooks } from './textbooks';

/**
 * A textbook's live document (docs/decisions.md "One live document per textbook"): its Yjs
 * state, stored compacted (one merged update, deleted text garbage-collected) in the same
 * transaction as the JSON content it matches. `revision` is the textbook revision the state
 * matches; `epoch` names this lineage of the document, so a browser never merges edits kept
 * offline for an older lineage into a rebuilt one.
 */
export const liveDocuments = pgTable('live_documents', {
  textbookId: integer('textbook_id')
    .primaryKey()
    .references(() => textbooks.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  revision: integer('revision').notNull(),
  epoch: text('epoch').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LiveDocumentRow = typeof liveDocuments.$inferSelect;
