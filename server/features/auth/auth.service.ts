import { createHash, randomBytes } from 'node:crypto';
import type { PublicUser } from '../../../common/auth';
import { limits } from '../../../common/limits';
import type { Db } from '../../db/client';
import { AppError } from '../../core/app-error';
import * as repo from './auth.repo';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toPublicUser(user: { id: number; username: string }): PublicUser {
  return { id: user.id, username: user.username };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + limits.sessionTtlMs);
  await repo.insertSession(db, hashToken(token), userId, expiresAt);
  return { token, expiresAt };
}

export async function register(db: Db, username: string, password: string): Promise<PublicUser> {
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

export async function login(db: Db, throttle: LoginThrottle, username: string, password: string, ip: string): Promise<PublicUser> {
  if (throttle.isBlocked(username, ip)) {
    throw new AppError('RATE_LIMITED', 'Too many failed login attempts. Please wait 15 minutes and try again.');
  }
  const user = await repo.findUserByUsername(db, username);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) {
    throw throttleFailure(throttle, username, ip);
  }
  throttle.reset(username, ip);
  return toPublicUser(user);
}

function throttleFailure(throttle: LoginThrottle, username: string, ip: string): AppError {
  throttle.recordFailure(username, ip);
  return new AppError('UNAUTHORIZED', 'Invalid username or password');
}

export async function resolveSession(db: Db, token: string | undefined): Promise<PublicUser | null> {
  if (!token) return null;
  const user = await repo.findSessionUser(db, hashToken(token));
  return user ? toPublicUser(user) : null;
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(db, hashToken(token));
}
