import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createTestDatabase } from '../test/test-db.support';
import type { Database } from '../db/client';
import { createLocalEventBus } from './events';
import { createRealtimeHub, type RealtimeHub } from './hub';

/** Hub behaviour that needs short timers: a plain ws server in front of the hub, no HTTP layer. */
describe('realtime hub liveness and limits', () => {
  let database: Database;
  let server: WebSocketServer;
  let hub: RealtimeHub;
  let url = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    // Every textbook is readable here: these tests are about liveness and limits, not permissions.
    hub = createRealtimeHub(
      { database, events: createLocalEventBus(), canRead: async () => ({ revision: 1 }) },
      { heartbeatMs: 250, maxMessagesPerSecond: 5 },
    );
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => hub.accept(socket, { id: 1, username: 'tester' }));
    await new Promise((r) => server.once('listening', r));
    url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await hub.close();
    await new Promise((r) => server.close(r));
    await database.close();
  });

  const connect = (autoPong = true) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { autoPong });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)));

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const dead = await connect(false);
    const alive = await connect(true);
    expect(hub.stats().sockets).toBe(2);
    // Terminated without a close frame: 1006 on the client side.
    expect(await closed(dead)).toBe(1006);
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(1), { timeout: 5000 });
    // Two more pings answered: the answering socket outlived a whole ping cycle after the silent one was dropped.
    for (let i = 0; i < 2; i++) await new Promise((r) => alive.once('ping', r));
    expect(alive.readyState).toBe(WebSocket.OPEN);
    expect(hub.stats().sockets).toBe(1);
    alive.close();
    await closed(alive);
  });

  it('closes a socket that floods messages with 1008', async () => {
    const ws = await connect();
    for (let i = 0; i < 10; i++) ws.send(JSON.stringify({ type: 'leave', textbookId: 1 }));
    expect(await closed(ws)).toBe(1008);
  });
});
