import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveDocumentPath } from '@common/live-document';
import { wsCloseCodes } from '@common/realtime';
import { buildApp } from '@server/app';
import { testConfig, useHarness } from '@server/test/harness.support';
import { hasRedisServer, startRedis, type RedisServer } from '@server/test/instances.support';

/**
 * Two instances on one database and one Redis, as behind a load balancer: a rate limit and the
 * 20-socket cap are counted once across both (each instance counted alone before, so two let
 * through twice as much).
 */
const h = useHarness();

type Built = Awaited<ReturnType<typeof buildApp>>;

/** Opens a socket to /collab with the cookie: the upgrade's status (101 when open) and the socket. */
function openSocket(base: string, cookie: string, path = liveDocumentPath): Promise<{ status: number; socket: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers: { cookie } });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, socket }));
    socket.once('error', reject);
  });
}

describe.skipIf(!hasRedisServer())('counted across instances in Redis', () => {
  let redis: RedisServer;
  let a: Built;
  let b: Built;
  const bases: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    for (const i of [0, 1]) {
      const built = await buildApp({ config: testConfig({ redisUrl: redis.url, rateLimitFactor: 1 }), database: h.database });
      bases.push(await built.app.listen({ port: 0, host: '127.0.0.1' }));
      if (i === 0) a = built;
      else b = built;
    }
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await redis?.stop();
  });

  it('holds a user to one rate limit over both instances', async () => {
    const user = await h.createUser('rate-both');
    const search = (app: Built) =>
      app.app.inject({ method: 'GET', url: '/api/users/search?q=zz', headers: { cookie: user.cookie } }).then((r) => r.statusCode);
    // 60 a minute per user: half through each instance.
    for (let i = 0; i < 60; i++) expect(await search(i % 2 ? a : b)).toBe(200);
    expect(await search(a)).toBe(429);
    expect(await search(b)).toBe(429);
  });

  it('holds a user to 20 live sockets over both instances, and frees a closed one', async () => {
    const user = await h.createUser('sockets-both');
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const { status, socket } = await openSocket(bases[i % 2], user.cookie);
        expect(status).toBe(101);
        open.push(socket);
      }
      const refusedA = await openSocket(bases[0], user.cookie);
      const refusedB = await openSocket(bases[1], user.cookie);
      expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
      // One closed on the first instance makes room on the second.
      const closed = new Promise((r) => open[0].once('close', r));
      open.shift()!.close();
      await closed;
      let again = { status: 0, socket: undefined as WebSocket | undefined };
      for (let i = 0; i < 50 && again.status !== 101; i++) {
        again = await openSocket(bases[1], user.cookie);
        if (again.status !== 101) await new Promise((r) => setTimeout(r, 50));
      }
      expect(again.status).toBe(101);
      open.push(again.socket!);
    } finally {
      for (const s of open) s.close();
    }
  });

  it('holds a user to 20 event sockets over both instances', async () => {
    const user = await h.createUser('events-both');
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < 20; i++) open.push((await openSocket(bases[i % 2], user.cookie, '/ws')).socket);
      const extra = (await openSocket(bases[1], user.cookie, '/ws')).socket;
      open.push(extra);
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        extra.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      expect(closed.code).toBe(wsCloseCodes.tooManySockets);
      for (const s of open.slice(0, 20)) expect(s.readyState).toBe(WebSocket.OPEN);
    } finally {
      for (const s of open) s.close();
    }
  });
});
