import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions, type BuiltDeps } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { cookieFrom, testConfig } from './harness-config.support';
import { createTestDatabase } from './test-db.support';

export { cookieFrom, testConfig } from './harness-config.support';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  cookie: string;
}

export interface Harness {
  app: FastifyInstance;
  deps: BuiltDeps;
  database: Database;
  /** Registers a user (a unique name from the stem) and returns its session cookie. */
  createUser(stem?: string): Promise<TestUser>;
}

let counter = 0;

/**
 * Builds the real app on a fresh database for one test file:
 *   const h = useHarness(); ... const alice = await h.createUser('alice');
 */
export function useHarness(
  overrides: Partial<Config> = {},
  appOptions: Pick<BuildAppOptions, 'collab' | 'logger' | 'logStream' | 'liveLimits'> = {},
): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.database = await createTestDatabase();
    const built = await buildApp({ config: testConfig(overrides), database: harness.database, reportDroppedFields: true, ...appOptions });
    harness.app = built.app;
    harness.deps = built.deps;
    await harness.app.ready();
    harness.createUser = async (stem = 'user') => {
      const username = `${stem}${++counter}_${process.pid}`.slice(0, 60);
      const password = 'correct-horse';
      const res = await harness.app.inject({ method: 'POST', url: '/api/register', payload: { username, password } });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return { id: res.json().id, username, password, cookie: cookieFrom(res) };
    };
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.database?.close();
  });
  return harness;
}
