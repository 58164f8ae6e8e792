import { randomUUID } from 'node:crypto';

/**
 * Counts that every instance must share (request rates, a user's open sockets), kept in Redis
 * when REDIS_URL is set. While Redis is unreachable each instance counts in its own memory, so
 * limits still hold per instance and nothing waits for Redis.
 */
export interface SharedCounters {
  /** True while counts go to Redis. */
  shared(): boolean;
  /** Adds one to `key` in a window of `windowMs`: the count so far and the window's remaining ms. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * Takes one of `max` places under `key` (a user's sockets), or null when all are taken. A place
   * is held while `renew` is called at least every `leaseMs`; a crashed instance's places lapse.
   */
  claim(key: string, max: number): Promise<string | null>;
  release(key: string, id: string): Promise<void>;
  close(): Promise<void>;
}

/** A place not renewed this long is free again (an instance that died without releasing it). */
export const placeLeaseMs = 90_000;
const renewEveryMs = 30_000;

const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const claimScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

interface Window {
  count: number;
  endsAt: number;
}

function memoryCounters() {
  const windows = new Map<string, Window>();
  const places = new Map<string, Set<string>>();
  let sweeps = 0;
  return {
    hit(key: string, windowMs: number) {
      const now = Date.now();
      if (++sweeps % 1000 === 0) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.endsAt <= now) windows.set(key, (w = { count: 0, endsAt: now + windowMs }));
      w.count++;
      return { count: w.count, ttlMs: w.endsAt - now };
    },
    claim(key: string, max: number, id: string) {
      const set = places.get(key) ?? new Set<string>();
      if (set.size >= max) return false;
      set.add(id);
      places.set(key, set);
      return true;
    },
    release(key: string, id: string) {
      const set = places.get(key);
      set?.delete(id);
      if (set && set.size === 0) places.delete(key);
    },
  };
}

/** Counts in Redis when `redisUrl` is given (ioredis is loaded only then), else in this instance's memory. */
export async function createSharedCounters(redisUrl: string | undefined, prefix = 'textbook-studio:count:'): Promise<SharedCounters> {
  const memory = memoryCounters();
  const { Redis } = redisUrl ? await import('ioredis') : { Redis: undefined };
  const redis =
    redisUrl && Redis
      ? new Redis(redisUrl, {
          // A command while Redis is away fails at once (the memory count answers) instead of waiting.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          retryStrategy: (times) => Math.min(times * 200, 2_000),
          lazyConnect: false,
        })
      : undefined;
  redis?.on('error', () => undefined); // the memory count covers the outage
  // Places this instance holds in Redis, renewed so they outlive no crash by more than a lease.
  const held = new Map<string, Set<string>>();
  const timer = redis
    ? setInterval(() => {
        const expires = Date.now() + placeLeaseMs;
        for (const [key, ids] of held) for (const id of ids) void redis.zadd(prefix + key, 'XX', expires, id).catch(() => undefined);
      }, renewEveryMs)
    : undefined;
  timer?.unref();
  const shared = () => redis?.status === 'ready';

  return {
    shared,
    async hit(key, windowMs) {
      if (shared()) {
        try {
          const [count, ttlMs] = (await redis!.eval(hitScript, 1, prefix + key, windowMs)) as [number, number];
          return { count, ttlMs };
        } catch {
          /* counted in memory below */
        }
      }
      return memory.hit(key, windowMs);
    },
    async claim(key, max) {
      const id = randomUUID();
      if (shared()) {
        try {
          const now = Date.now();
          const ok = await redis!.eval(claimScript, 1, prefix + key, now, max, now + placeLeaseMs, id, placeLeaseMs * 2);
          if (!ok) return null;
          const ids = held.get(key) ?? new Set<string>();
          ids.add(id);
          held.set(key, ids);
          return id;
        } catch {
          /* counted in memory below */
        }
      }
      return memory.claim(key, max, id) ? id : null;
    },
    async release(key, id) {
      memory.release(key, id);
      const ids = held.get(key);
      if (!ids?.delete(id)) return;
      if (ids.size === 0) held.delete(key);
      if (shared()) await redis!.zrem(prefix + key, id).catch(() => undefined);
    },
    async close() {
      if (timer) clearInterval(timer);
      if (!redis) return;
      if (shared()) {
        for (const [key, ids] of held) if (ids.size) await redis.zrem(prefix + key, ...ids).catch(() => undefined);
        await redis.quit().catch(() => undefined);
      }
      redis.disconnect();
    },
  };
}
