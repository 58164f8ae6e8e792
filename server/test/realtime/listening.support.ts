import { afterAll, beforeAll } from 'vitest';
import type { Harness } from '../harness.support';

/**
 * The harness's app listening on a local port, for tests that open real sockets: `base` (its address, set
 * before the tests run) and `open` (what the tests opened, closed after the file's tests).
 */
export function useListening<T extends { close(): unknown }>(h: Harness) {
  const listening = { base: '', open: [] as T[] };
  beforeAll(async () => {
    listening.base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(listening.open.map((c) => c.close()));
  });
  return listening;
}
