import { randomBytes } from 'node:crypto';
import type { PublicUser } from '@common/auth';
import { limits } from '@common/limits';
import type { Db } from '@server/db/client';
import { AppError } from '@server/core/app-error';
import { hashToken } from '@server/core/token-hash';
import type { AnonymousContext, RequestContext } from '@server/features/request-context';
import * as repo from './auth.repo';
import { hashPassword, verifyPassword } from './password';
import { cachedSession, forgetSessions, rememberSession } from './session-cache';
import { isCommonPassword } from './common-passwords';

export function toPublicUser(user: { id: number; username: string }): PublicUser {
  return { id: user.id, username: user.username };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createSession(ctx: AnonymousContext, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + limits.sessionTtlMs);
  await repo.insertSession(ctx.db, hashToken(token), userId, expiresAt);
  return { token, expiresAt };
}

export const commonPasswordMessage = 'This password is too common';

export async function register(ctx: AnonymousContext, username: string, password: string): Promise<PublicUser> {
  const { db } = ctx;
  // Besides the spec's length rule: a password from the top of the leaked lists guards nothing.
  if (isCommonPassword(password, username)) throw new AppError('VALIDATION', commonPasswordMessage);
  if (await repo.findUserByUsername(db, username)) {
    throw AppError.conflict('Username already exists');
  }
  const passwordHash = await hashPassword(password);
  try {
    const user = await repo.insertUser(db, username, passwordHash);
    return toPublicUser(user);
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw AppError.conflict('Username already exists');
    throw err;
  }
}

// A real hash to verify against when the user does not exist, so timing does not reveal usernames.
const dummyHash = hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'));

function blockedMessage(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed login attempts. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
}

/**
 * `knownDevice`: the accounts that signed in successfully from this browser before (a signed
 * cookie). The per-address block always applies; the account-wide one, which anyone can set off
 * by guessing at a known username, is only a delay for browsers the account was never used from.
 */
export async function login(
  ctx: AnonymousContext,
  username: string,
  password: string,
  ip: string,
  knownDevice: readonly number[] = [],
): Promise<PublicUser> {
  const { db, loginThrottle: throttle } = ctx;
  const user = await repo.findUserByUsername(db, username);
  const fromKnownDevice = user !== undefined && knownDevice.includes(user.id);
  // Checked before the password: while blocked, the right password is refused too.
  const waitMs = await throttle.blockedFor(username, ip, new Date(), { accountWide: !fromKnownDevice });
  if (waitMs > 0) {
    throw new AppError('RATE_LIMITED', blockedMessage(waitMs), { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) {
    await throttle.recordFailure(username, ip);
    throw new AppError('UNAUTHORIZED', 'Invalid username or password');
  }
  await throttle.recordSuccess(username);
  return toPublicUser(user);
}

/** How stale a session's last use may be before a request writes it again (idle expiry counts in days). */
const lastSeenStepMs = 60 * 60 * 1000;

/**
 * The user of a session token, or null when the session does not exist, has reached its 30-day
 * end or has been idle for 7 days. Use slides the idle end forward (written at most hourly).
 */
export async function resolveSession(db: Db, token: string | undefined): Promise<PublicUser | null> {
  if (!token) return null;
  const id = hashToken(token);
  const cached = cachedSession(db, id);
  if (cached) return cached;
  const now = new Date();
  const found = await repo.findSessionUser(db, id, now, new Date(now.getTime() - limits.sessionIdleMs));
  if (!found) return null;
  if (now.getTime() - new Date(found.lastSeenAt).getTime() > lastSeenStepMs) await repo.touchSession(db, id, now);
  const user = toPublicUser(found);
  rememberSession(db, id, user);
  return user;
}

/** Ends the token's session; answers what ended (for the other instances), or null when there was none. */
export async function logout(ctx: AnonymousContext, token: string | undefined): Promise<{ userId: number; sessionIds: string[] } | null> {
  if (!token) return null;
  const { db } = ctx;
  const id = hashToken(token);
  const user = await resolveSession(db, token);
  await repo.deleteSession(db, id);
  forgetSessions(db, { userId: user?.id ?? 0, sessionIds: [id] });
  return user ? { userId: user.id, sessionIds: [id] } : null;
}

/** "Sign out everywhere": every session of the user ends, this one included. */
export async function logoutEverywhere(ctx: RequestContext): Promise<{ userId: number }> {
  const userId = ctx.user.id;
  await repo.deleteUserSessions(ctx.db, userId);
  forgetSessions(ctx.db, { userId });
  return { userId };
}

/** Deletes sessions past their end or idle too long (run periodically). */
export function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  return repo.deleteExpiredSessions(db, now, new Date(now.getTime() - limits.sessionIdleMs));
}
