import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { testConfig, useHarness } from '@server/test/harness.support';
import { hasRedisServer, startRedis, type RedisServer } from '@server/test/instances.support';
import { bookContent } from '@server/test/realtime/realtime.support';
import { createTextbook } from '../textbooks/textbooks.service';
import { findTextbookContent } from '../textbooks/textbooks.repo';
import { openLiveClient } from '@server/test/realtime/live-client.support';

/**
 * An instance whose Redis is gone keeps its books editable: what it can no longer share with
 * other instances it still stores in the database, and a book opened meanwhile loads.
 */
const h = useHarness();

describe.skipIf(!hasRedisServer())('editing while Redis is down', () => {
  let redis: RedisServer | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;

  beforeAll(async () => {
    redis = await startRedis();
    app = await buildApp({ config: testConfig({ redisUrl: redis.url }), database: h.database });
    base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.app.close();
    await redis?.stop();
  });

  async function book(owner: { id: number; username: string }, topic: string) {
    const made = await createTextbook(h.database.db, { owner, topic, content: bookContent(1) });
    const section = (await findTextbookContent(h.database.db, made.id))!.chapters[0].sections[0].id!;
    return { id: made.id, section };
  }
  const storedText = async (id: number) => (await findTextbookContent(h.database.db, id))!.chapters[0].sections[0].content;

  it('keeps an open book editable and stored, and opens another book, after Redis stops', async () => {
    const owner = await h.createUser('redis-down');
    const open = await book(owner, 'Open before');
    const before = await openLiveClient(base, { cookie: owner.cookie, textbookId: open.id });
    await before.synced;
    before.type(open.section, 0, ' typed with Redis');
    expect(await before.flush()).toBeGreaterThan(0);

    await redis!.stop();
    redis = undefined;

    before.type(open.section, 0, ' typed without Redis');
    await before.flush();
    expect(await storedText(open.id)).toContain('typed without Redis');

    // A book opened while Redis is down loads (it used to wait for Redis, "Connecting…" for ever).
    const later = await book(owner, 'Opened during');
    const during = await openLiveClient(base, { cookie: owner.cookie, textbookId: later.id });
    await Promise.race([
      during.synced,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the book never loaded while Redis was down')), 15_000)),
    ]);
    expect(during.provider.isSynced).toBe(true);
    during.type(later.section, 0, ' written offline from Redis');
    await during.flush();
    expect(await storedText(later.id)).toContain('written offline from Redis');
    await during.close();
    await before.close();
  });

  it('carries typing between two instances again once Redis is back', async () => {
    const port = Number(new URL((redis ??= await startRedis()).url).port);
    const second = await buildApp({ config: testConfig({ redisUrl: redis.url }), database: h.database });
    const third = await buildApp({ config: testConfig({ redisUrl: redis.url }), database: h.database });
    try {
      const [baseB, baseC] = [
        await second.app.listen({ port: 0, host: '127.0.0.1' }),
        await third.app.listen({ port: 0, host: '127.0.0.1' }),
      ];
      const owner = await h.createUser('redis-back');
      const shared = await book(owner, 'Across instances');
      const b = await openLiveClient(baseB, { cookie: owner.cookie, textbookId: shared.id });
      const c = await openLiveClient(baseC, { cookie: owner.cookie, textbookId: shared.id });
      await Promise.all([b.synced, c.synced]);
      b.type(shared.section, 0, ' through Redis');
      await c.until(() => c.paragraphs(shared.section).join(' ').includes('through Redis'), 15_000, 'typing across instances');

      await redis.stop();
      redis = undefined;
      b.type(shared.section, 0, ' while it was down');
      await b.flush();

      redis = await startRedis(port);
      // Each instance subscribes again on its own once it reconnects, and the two trade what they hold.
      await c.until(
        () => c.paragraphs(shared.section).join(' ').includes('while it was down'),
        30_000,
        'the state held while Redis was down',
      );
      c.type(shared.section, 0, ' and after');
      await b.until(() => b.paragraphs(shared.section).join(' ').includes('and after'), 15_000, 'typing after Redis came back');
      await b.close();
      await c.close();
    } finally {
      await second.app.close();
      await third.app.close();
    }
  });
});
