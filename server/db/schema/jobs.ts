import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The in-process job runner's queue (PGlite, one process): jobs not yet finished, so a restart
 * runs them again. On PostgreSQL the queue is pg-boss's own tables (schema pgboss).
 */
export const queuedJobs = pgTable('queued_jobs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  data: jsonb('data').$type<unknown>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
