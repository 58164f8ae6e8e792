import { createHash, randomBytes } from 'node:crypto';
import { shareTokenPattern } from '@common/share';

/** A new reader token: 32 random bytes (256 bits), URL-safe. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token (docs/decisions.md, "Reader links: a hash of the token, one link per book"). */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedShareToken(token: string): boolean {
  return shareTokenPattern.test(token);
}
