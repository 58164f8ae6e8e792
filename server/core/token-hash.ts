import { createHash } from 'node:crypto';

/**
 * How a session token is kept: only its SHA-256 is stored (the sessions table's id), so a copy
 * of the database opens no session. The sockets' session rules key a socket's session by it too.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
