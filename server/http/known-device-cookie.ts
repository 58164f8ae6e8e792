import type { FastifyReply, FastifyRequest } from 'fastify';

export const knownDeviceCookieName = 'known_device';
/** How long a browser stays known after its last successful sign-in. */
const knownForSeconds = 180 * 24 * 60 * 60;
/** Accounts one browser is known for (a shared classroom computer), most recent first. */
const maxAccounts = 5;

/**
 * The accounts that have signed in successfully from this browser: a signed cookie (HMAC with
 * the session secret, so it cannot be made up) set at each successful sign-in and kept after
 * logout. It lets the real user in while their account is blocked by someone else's guessing.
 */
export function readKnownDevice(request: FastifyRequest): number[] {
  const raw = request.cookies[knownDeviceCookieName];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value
    .split('.')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(0, maxAccounts);
}

export function rememberKnownDevice(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  const ids = [userId, ...readKnownDevice(request).filter((id) => id !== userId)].slice(0, maxAccounts);
  reply.setCookie(knownDeviceCookieName, ids.join('.'), {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: knownForSeconds,
  });
}
