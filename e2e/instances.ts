import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  hasRedisServer,
  startInstance,
  startRedis,
  stopInstance,
  type Instance,
  type RedisServer,
} from '../server/test/instances.support';

/**
 * Two more instances of the product for the browser tests of several servers: a fresh database
 * on the PostgreSQL of TEST_DATABASE_URL, a Debian redis-server of their own, and two server
 * processes sharing both (and a session secret), as behind a load balancer. Null when there is no
 * PostgreSQL or no redis-server on this machine. They start as the server's own tests of several
 * instances start theirs (server/test/instances.support.ts).
 */
export interface Instances {
  urls: [string, string];
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startInstances(): Promise<Instances | null> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl || !hasRedisServer()) return null;
  const database = await createDatabase(pgUrl, { empty: true });
  let redis: RedisServer | undefined;
  const instances: Instance[] = [];
  const stop = async () => {
    await Promise.all(instances.map(stopInstance));
    await redis?.stop();
    await database.drop();
  };
  try {
    redis = await startRedis();
    const secret = randomBytes(24).toString('hex');
    const clientDir = process.env.E2E_CLIENT_DIR ?? path.join(root, 'dist/client');
    // One after the other: the first one migrates the new database.
    for (let i = 0; i < 2; i++) instances.push(await startInstance(database.url, secret, { CLIENT_DIR: clientDir, REDIS_URL: redis.url }));
    return { urls: [instances[0].url, instances[1].url], stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
