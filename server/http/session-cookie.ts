import type { FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '@common/limits';

export const sessionCookieName = 'sid';

/** Reads the signed session cookie; an unsigned, tampered or never-issued value reads as none. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[sessionCookieName];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
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
