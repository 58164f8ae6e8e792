import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart.support';
import { useHarness } from '../test/harness.support';
import { extractPoolStats } from './extract';

const h = useHarness();
let base = '';

beforeAll(async () => {
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.app.close();
});

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 3000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`never saw ${what}`);
}

describe('an upload whose client leaves', () => {
  it('cancels the files still waiting to be read', async () => {
    const alice = await h.createUser('alice');
    // Twelve different text files, each a few hundred kilobytes: more than the two a user may have read at once.
    const files = Array.from({ length: 12 }, (_, i) => ({
      name: 'files',
      filename: `notes-${i}.txt`,
      type: 'text/plain',
      data: Buffer.from(`Notes ${i}\n\n${`Cells divide by mitosis in step ${i}. `.repeat(12_000)}`),
    }));
    const body = multipart(files);
    const url = new URL('/api/extract-text', base);
    const req = request(url, { method: 'POST', headers: { ...body.headers, cookie: alice.cookie, 'content-length': body.payload.length } });
    req.on('error', () => {});
    req.end(body.payload);
    await until(() => (extractPoolStats()?.queued ?? 0) > 0, 'files waiting');
    const before = extractPoolStats()!.cancelled;
    req.destroy();
    await until(() => extractPoolStats()!.queued === 0 && extractPoolStats()!.running === 0, 'the queue emptied');
    expect(extractPoolStats()!.cancelled).toBeGreaterThan(before);
  });
});
