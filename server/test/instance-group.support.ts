import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';
import { createDatabase, startInstance, startRedis, stopInstance, type Instance, type RedisServer } from './instances.support';

/** A group of running instances on one database copy; filled in by the time the file's tests run. */
export interface InstanceGroup {
  instances: Instance[];
  /** Each instance's base URL, in start order. */
  urls: string[];
  /** The copy of the template database every instance uses, opened for the test to seed and inspect. */
  database: Database;
  redis?: RedisServer;
}

/**
 * Starts `count` (2) server processes, as a school deploys them, on one copy of the template database with one
 * session secret, and with `redis` one redis-server between them, before the file's tests; stops them all after.
 */
export function useInstances(templateUrl: string, opts: { count?: number; redis?: boolean } = {}): InstanceGroup {
  const group = { instances: [], urls: [] } as unknown as InstanceGroup;
  let copy: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    copy = await createDatabase(templateUrl);
    group.database = await openPostgres(copy.url);
    if (opts.redis) group.redis = await startRedis();
    const secret = randomBytes(24).toString('base64url');
    const env: Record<string, string> = group.redis ? { REDIS_URL: group.redis.url } : {};
    group.instances.push(...(await Promise.all(Array.from({ length: opts.count ?? 2 }, () => startInstance(copy!.url, secret, env)))));
    group.urls.push(...group.instances.map((i) => i.url));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(group.instances.map(stopInstance));
    await group.redis?.stop();
    await group.database?.close();
    await copy?.drop();
  }, 30_000);
  return group;
}
