import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const h = useHarness({ metricsToken: 'scrape-token-123' });
  const scrape = (authorization?: string) =>
    h.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('answers Prometheus text only to the token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-123')).statusCode).toBe(401);
    expect((await scrape('Bearer scrape-token-12')).statusCode).toBe(401);
    const alice = await h.createUser('alice');
    // A signed-in user is no scraper.
    expect((await h.app.inject({ method: 'GET', url: '/api/metrics', headers: { cookie: alice.cookie } })).statusCode).toBe(401);
    const ok = await scrape('Bearer scrape-token-123');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reports request durations by route pattern, event-loop delay, queue depths and sockets', async () => {
    const bob = await h.createUser('bob');
    for (const id of [1, 2, 3]) await h.app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: bob.cookie } });
    const text = (await scrape('Bearer scrape-token-123')).body;
    // By pattern, never by raw path (ids would make one series per book).
    expect(text).toMatch(
      /textbook_studio_http_request_duration_seconds_count\{method="GET",route="\/api\/textbooks\/:id",status_code="404"\} 3/,
    );
    expect(text).not.toMatch(/route="\/api\/textbooks\/1"/);
    expect(text).toMatch(/^textbook_studio_nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^textbook_studio_extract_queue_depth 0$/m);
    expect(text).toMatch(/^textbook_studio_websockets 0$/m);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  const h = useHarness();
  it('does not exist', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer anything' } });
    expect(res.statusCode).toBe(404);
  });
});
