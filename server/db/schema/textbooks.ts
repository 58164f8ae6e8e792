import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TextbookContent } from '../../../common/textbook';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('textbook_versions_number_idx').on(t.textbookId, t.versionNumber)],
);
export type TextbookVersionRow = typeof textbookVersions.$inferSelect;

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
