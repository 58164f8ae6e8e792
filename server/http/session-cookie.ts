import type { FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '@common/limits';

export const sessionCookieName = 'sid';

/**
 * Cookies whose signature was checked, per app (each app has its own secret): a signed-in client
 * sends the same cookie with every request, and its HMAC was a tenth of a cached read's CPU. Only
 * valid ones are kept, at most `maxChecked`, oldest out first. Whether the session still stands
 * is asked on every request all the same (resolveSession), so a logout ends it at once.
 */
const maxChecked = 10_000;
const checkedCookies = new WeakMap<object, Map<string, string>>();

/** Reads the signed session cookie; an unsigned, tampered or never-issued value reads as none. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName];
  if (!raw) return undefined;
  let checked = checkedCookies.get(request.server);
  if (!checked) {
    checked = new Map();
    checkedCookies.set(request.server, checked);
  }
  const known = checked.get(raw);
  if (known) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  checked.set(raw, unsigned.value);
  if (checked.size > maxChecked) checked.delete(checked.keys().next().value as string);
  return unsigned.value;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: Math.floor(limits.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, { path: '/' });
}
