import type { FastifyRequest } from 'fastify';

/**
 * The rules every WebSocket endpoint applies (docs/decisions.md "Sockets follow the API's
 * rules"): the same Origin check as state-changing API requests, a cap on one user's open
 * sockets, and a periodic re-check that the session behind each socket still exists.
 */

/** The most sockets of one kind one user may hold open (tabs, devices). */
export const maxSocketsPerUser = 20;

/**
 * Whether an upgrade may carry the user's cookie: a page on another site must not open our
 * socket as the user (cross-site WebSocket hijacking). The rules of server/http/same-origin.ts:
 * `Sec-Fetch-Site: cross-site` is refused; an Origin must be our own host or an allowed origin;
 * clients that name no Origin (not browsers) pass and the cookie alone decides.
 */
export function isAllowedSocketOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === 'null') return false;
  const claimed = origin.replace(/\/$/, '');
  if (allowedOrigins.includes(claimed)) return true;
  try {
    // Behind a proxy that terminates TLS the scheme may differ; the host must still be ours.
    return new URL(claimed).host === request.headers.host;
  } catch {
    return false;
  }
}

export interface GuardedSocket {
  userId: number;
  /** The session token the socket was opened with, re-checked every `recheckMs`. */
  token: string;
  /** Ends the socket (the session is gone). */
  close(): void;
}

export interface SocketRegistry<S extends GuardedSocket> {
  /** Registers a socket, or returns false when its user already holds the maximum. */
  add(socket: S): boolean;
  remove(socket: S): void;
  countFor(userId: number): number;
  all(): S[];
  close(): void;
}

/**
 * Open sockets by user. Every `recheckMs` the sessions behind them are looked up again; a socket
 * whose session ended (logout, expiry, password change) is closed.
 */
export function createSocketRegistry<S extends GuardedSocket>(options: {
  maxPerUser?: number;
  recheckMs?: number;
  /** Whether a session token still stands for its user. */
  sessionValid: (token: string, userId: number) => Promise<boolean>;
  onError?: (err: unknown) => void;
}): SocketRegistry<S> {
  const maxPerUser = options.maxPerUser ?? maxSocketsPerUser;
  const byUser = new Map<number, Set<S>>();
  const recheck = async () => {
    const tokens = new Map<string, S[]>();
    for (const set of byUser.values()) for (const s of set) tokens.set(s.token, [...(tokens.get(s.token) ?? []), s]);
    for (const [token, sockets] of tokens) {
      const valid = await options.sessionValid(token, sockets[0].userId);
      if (!valid) for (const s of sockets) s.close();
    }
  };
  const timer = setInterval(() => void recheck().catch((err: unknown) => options.onError?.(err)), options.recheckMs ?? 60_000);
  timer.unref();
  return {
    add(socket) {
      const set = byUser.get(socket.userId) ?? new Set<S>();
      if (set.size >= maxPerUser) return false;
      set.add(socket);
      byUser.set(socket.userId, set);
      return true;
    },
    remove(socket) {
      const set = byUser.get(socket.userId);
      if (!set) return;
      set.delete(socket);
      if (set.size === 0) byUser.delete(socket.userId);
    },
    countFor(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    all() {
      return [...byUser.values()].flatMap((set) => [...set]);
    },
    close() {
      clearInterval(timer);
    },
  };
}
