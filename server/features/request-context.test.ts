import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';
import { anonymousContext, backgroundContext, requestContext } from './request-context';

/** A Fastify app whose log lines are kept as parsed JSON, with one route that logs through a service context. */
function loggingApp(deps: Parameters<typeof requestContext>[0]) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-user']) request.user = { id: Number(request.headers['x-user']), username: 'ada' };
  });
  app.get('/signed-in', async (request) => {
    const ctx = requestContext({ ...deps, log: app.log }, request);
    ctx.log.info('service line');
    return { userId: ctx.user.id, sameDb: ctx.db === deps.database.db, sameEvents: ctx.events === deps.events, reqId: request.id };
  });
  app.get('/public', async (request) => {
    const ctx = anonymousContext({ ...deps, log: app.log }, request);
    return { hasUser: 'user' in ctx, sameDb: ctx.db === deps.database.db };
  });
  return { app, lines };
}

describe('request contexts', () => {
  const h = useHarness();

  it("carries the signed-in user, the app's services and the request's logger (its lines carry the request id)", async () => {
    const { app, lines } = loggingApp(h.deps);
    const res = await app.inject({ method: 'GET', url: '/signed-in', headers: { 'x-user': '7' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userId: 7, sameDb: true, sameEvents: true });
    const line = lines.find((l) => l.msg === 'service line');
    expect(line?.reqId).toBe(body.reqId);
    await app.close();
  });

  it('refuses a signed-in context to an anonymous request (401), and builds an anonymous one without a user', async () => {
    const { app } = loggingApp(h.deps);
    const refused = await app.inject({ method: 'GET', url: '/signed-in' });
    expect(refused.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/public' })).json()).toEqual({ hasUser: false, sameDb: true });
    await app.close();
  });

  it("logs background work through a child of the app's logger with its bindings", async () => {
    const { app, lines } = loggingApp(h.deps);
    const ctx = backgroundContext({ ...h.deps, log: app.log }, { id: 3, username: 'grace' }, { jobId: 'job-1' });
    ctx.log.info('background line');
    expect(ctx.user).toEqual({ id: 3, username: 'grace' });
    expect(ctx.db).toBe(h.database.db);
    expect(lines.find((l) => l.msg === 'background line')).toMatchObject({ jobId: 'job-1' });
    await app.close();
  });
});
