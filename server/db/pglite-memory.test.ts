import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPglite } from './client';

async function sharedBuffers(opts: Parameters<typeof openPglite>[1]): Promise<string> {
  const database = await openPglite(undefined, opts);
  try {
    const result = await database.db.execute(sql`SHOW shared_buffers`);
    return String((result as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0].shared_buffers);
  } finally {
    await database.close();
  }
}

describe('PGlite memory', () => {
  it('keeps shared buffers at 32MB unless told otherwise (PostgreSQL would hold 128MB resident)', async () => {
    expect(await sharedBuffers({})).toBe('32MB');
    expect(await sharedBuffers({ sharedBuffers: '16MB' })).toBe('16MB');
  });

  it('reads PGLITE_SHARED_BUFFERS, ignoring a value PostgreSQL would refuse', () => {
    const base = { DATA_DIR: '/tmp/ts-config-test', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: 'lots' }).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig(base).pgliteSharedBuffers).toBe('32MB');
  });
});
