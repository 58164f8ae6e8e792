import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are unique regardless of letter case.
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the random token in the cookie: a stolen database does not yield live cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The absolute end: 30 days after sign-in, however busy the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last use (to within the refresh step): a session idle for 7 days ends (see resolveSession in features/auth/auth.service.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Failed sign-ins per account ('account:<lower username>') and per client address
 * ('address:<ip>'), in the database so that every instance counts the same guesses.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  /** Set once the failures pass the allowance; doubles with each further failure. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
