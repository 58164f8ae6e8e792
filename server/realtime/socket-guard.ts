import type { FastifyRequest } from 'fastify';
import { hashToken } from '../core/token-hash';
import type { SharedCounters } from '../core/shared-counters';
import type { EventBus } from './events';

/**
 * The rules every WebSocket endpoint applies, in one place for /ws and any other socket: the
 * same Origin check as state-changing API requests, at most 20 open sockets per user, and the
 * session behind each socket checked again on a heartbeat; a session that ends (logout, "Sign out
 * everywhere", on this instance or another, or its idle or absolute expiry) closes its sockets.
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
  /** The place `reserve` gave it among its user's sockets on every instance; freed on `remove`. */
  place?: string;
}

export interface SocketRegistry<S extends GuardedSocket> {
  /**
   * Takes one of the user's places counted across instances (Redis when REDIS_URL is set), or
   * returns null when they hold the maximum; a place no socket takes within `pickupMs` is freed.
   */
  reserve(userId: number, pickupMs?: number): Promise<string | null>;
  /** Registers a socket, or returns false when its user already holds the maximum. */
  add(socket: S): boolean;
  remove(socket: S): void;
  countFor(userId: number): number;
  all(): S[];
  /** Checks the sessions behind the open sockets now (also done every `recheckMs`). */
  recheck(): Promise<void>;
  close(): void;
}

/**
 * Open sockets by user. Every `recheckMs` the sessions behind them are looked up again, and a
 * socket whose session ended is closed; with `events`, a `sessions.ended` event (from any
 * instance) closes that session's sockets at once.
 */
export function createSocketRegistry<S extends GuardedSocket>(options: {
  maxPerUser?: number;
  recheckMs?: number;
  /** Whether a session token still stands for its user. */
  sessionValid: (token: string, userId: number) => Promise<boolean>;
  events?: EventBus;
  onError?: (err: unknown) => void;
  /** Where places are counted across instances; without it, this instance's own count. */
  counters?: SharedCounters;
  /** Names the kind of socket in the shared count (a user has 20 of each kind). */
  kind?: string;
}): SocketRegistry<S> {
  const maxPerUser = options.maxPerUser ?? maxSocketsPerUser;
  const placeKey = (userId: number) => `sockets:${options.kind ?? 'socket'}:${userId}`;
  const unclaimed = new Map<string, NodeJS.Timeout>();
  const byUser = new Map<number, Set<S>>();
  const sessionIds = new WeakMap<S, string>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const recheck = async () => {
    const byToken = new Map<string, S[]>();
    for (const s of all()) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
    for (const [token, sockets] of byToken) {
      const valid = await options.sessionValid(token, sockets[0].userId);
      if (!valid) for (const s of sockets) s.close();
    }
  };
  const timer = setInterval(() => void recheck().catch((err: unknown) => options.onError?.(err)), options.recheckMs ?? 30_000);
  timer.unref();
  const unsubscribe = options.events?.subscribe((event) => {
    if (event.type !== 'sessions.ended') return;
    const ended = event.sessionIds && new Set(event.sessionIds);
    for (const s of [...(byUser.get(event.userId) ?? [])]) if (!ended || ended.has(sessionIds.get(s) ?? '')) s.close();
  });
  const release = (userId: number, place: string) => {
    clearTimeout(unclaimed.get(place));
    unclaimed.delete(place);
    void options.counters?.release(placeKey(userId), place).catch((err: unknown) => options.onError?.(err));
  };
  return {
    async reserve(userId, pickupMs = 15_000) {
      if (!options.counters) return (byUser.get(userId)?.size ?? 0) < maxPerUser ? 'local' : null;
      const place = await options.counters.claim(placeKey(userId), maxPerUser);
      if (!place) return null;
      // An upgrade that never reaches its handler (the client went away) must not keep the place.
      const timer = setTimeout(() => release(userId, place), pickupMs);
      timer.unref();
      unclaimed.set(place, timer);
      return place;
    },
    add(socket) {
      const set = byUser.get(socket.userId) ?? new Set<S>();
      if (socket.place) {
        clearTimeout(unclaimed.get(socket.place));
        unclaimed.delete(socket.place);
      }
      if (set.size >= maxPerUser) {
        if (socket.place) release(socket.userId, socket.place);
        return false;
      }
      set.add(socket);
      byUser.set(socket.userId, set);
      sessionIds.set(socket, hashToken(socket.token));
      return true;
    },
    remove(socket) {
      const set = byUser.get(socket.userId);
      if (!set?.has(socket)) return;
      if (socket.place) release(socket.userId, socket.place);
      set.delete(socket);
      if (set.size === 0) byUser.delete(socket.userId);
    },
    countFor(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    all,
    recheck,
    close() {
      clearInterval(timer);
      unsubscribe?.();
    },
  };
}
