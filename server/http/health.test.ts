import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase } from '../test/test-db.support';
import { testConfig, useHarness } from '../test/harness.support';

describe('/health', () => {
  const h = useHarness();

  it('answers JSON {status: "ok"} without an account, not the app page', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.body).not.toContain('<html');
  });

  it('answers 503 once the database no longer answers', async () => {
    const database = await createTestDatabase();
    const { app } = await buildApp({ config: testConfig(), database });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      await database.close();
      const down = await app.inject({ method: 'GET', url: '/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
