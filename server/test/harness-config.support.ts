import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config';

/** The configuration and cookie helper of the test harness, apart from Vitest so benchmarks can use them too. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({ ...process.env, DATABASE_URL: '', AI_PROVIDER: 'offline', REFERENCE_SOURCES: 'documents' } as NodeJS.ProcessEnv, {
    sessionSecret: 'test-secret-test-secret-test-secret',
    dataDir: '/nonexistent-test-data-dir',
    // Tests register and call far faster than people do; the rate-limit tests set 1.
    rateLimitFactor: 1000,
    ...overrides,
  });
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
