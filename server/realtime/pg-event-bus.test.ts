import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-db.support';
import type { DomainEvent, PresenceSignal } from './events';
import { createPgEventBus, listenerApplicationName, type PgEventBus } from './pg-event-bus';

/** The LISTEN/NOTIFY bus on a real PostgreSQL (CI's PostgreSQL pass); PGlite runs one instance and uses the local bus. */
const onPostgres = Boolean(inject('pgTemplateUrl'));
const idOf = (e: DomainEvent) => ('textbookId' in e ? e.textbookId : undefined);

function waitFor<T>(list: T[], match: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const found = list.find(match);
      if (found) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out; got ${JSON.stringify(list)}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe.skipIf(!onPostgres)('PostgreSQL event bus (needs TEST_DATABASE_URL)', () => {
  let database: Database;
  let a: PgEventBus;
  let b: PgEventBus;
  const heardByA: DomainEvent[] = [];
  const heardByB: DomainEvent[] = [];
  const signalsAtB: Array<{ signal: PresenceSignal | { kind: 'reconnected' }; from: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const quiet = () => undefined;
    a = await createPgEventBus({ connection: database.pool!.options, pool: database.pool!, onError: quiet });
    b = await createPgEventBus({ connection: database.pool!.options, pool: database.pool!, onError: quiet });
    a.subscribe((e) => heardByA.push(e));
    b.subscribe((e) => heardByB.push(e));
    b.presence!.subscribe((signal, from) => signalsAtB.push({ signal, from }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('delivers an event once to the publishing instance and once to the other', async () => {
    await a.publish({ type: 'textbook.saved', textbookId: 1, userId: 2, username: 'u', revision: 3, description: 'x'.repeat(20_000) });
    const atB = await waitFor(heardByB, (e) => idOf(e) === 1);
    // Only ids and short text cross: a long description is cut far below the 8000-byte NOTIFY limit.
    expect(atB).toMatchObject({ type: 'textbook.saved', userId: 2, revision: 3 });
    expect((atB as { description: string }).description.length).toBeLessThanOrEqual(500);
    // A copy still on its way would arrive before a later event from the other instance: each listener delivers in order.
    const marker = (textbookId: number) => ({
      type: 'textbook.saved' as const,
      textbookId,
      userId: 2,
      username: 'u',
      revision: 4,
      description: '',
    });
    await b.publish(marker(101));
    await waitFor(heardByA, (e) => idOf(e) === 101);
    await a.publish(marker(102));
    await waitFor(heardByB, (e) => idOf(e) === 102);
    expect(heardByA.filter((e) => idOf(e) === 1)).toHaveLength(1);
    expect(heardByB.filter((e) => idOf(e) === 1)).toHaveLength(1);
  });

  it('carries an ended session to the other instance (its cache and sockets forget it there)', async () => {
    await a.publish({ type: 'sessions.ended', userId: 77, sessionIds: ['abc'] });
    const atB = await waitFor(heardByB, (e) => e.type === 'sessions.ended' && e.userId === 77);
    expect(atB).toEqual({ type: 'sessions.ended', userId: 77, sessionIds: ['abc'] });
  });

  it('keeps one instance presence signals in order', async () => {
    for (let i = 0; i < 20; i++) {
      a.presence!.publish({ kind: 'join', textbookId: 5, userId: i, username: `u${i}` });
      a.presence!.publish({ kind: 'leave', textbookId: 5, userId: i });
    }
    await waitFor(signalsAtB, (s) => s.signal.kind === 'leave' && s.signal.userId === 19);
    const order = signalsAtB
      .filter((s) => s.from === a.instanceId && 'textbookId' in s.signal)
      .map((s) => `${s.signal.kind}${'userId' in s.signal ? s.signal.userId : ''}`);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => [`join${i}`, `leave${i}`]).flat());
  });

  it('re-establishes LISTEN after its connection is killed, and says so', async () => {
    const killed = await database.pool!.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [listenerApplicationName],
    );
    expect(killed.rowCount).toBe(2);
    await waitFor(signalsAtB, (s) => s.signal.kind === 'reconnected');
    await a.publish({ type: 'textbook.deleted', textbookId: 42 });
    await waitFor(heardByB, (e) => idOf(e) === 42);
  });
});
