import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalEmbedder } from './local-embedder';
import { fixturePath } from '@server/test/fixture-path.support';

describe('background embeddings on one model thread', () => {
  const embedder = new LocalEmbedder();
  afterAll(() => embedder.close());
  const words = readFileSync(fixturePath('text/tracemonkey.txt'), 'utf8').split(/\s+/).filter(Boolean);
  const texts = (from: number) => Array.from({ length: 20 }, (_, i) => words.slice(from + i * 60, from + i * 60 + 60).join(' '));

  it('runs two sources embedded at once on one worker, with the vectors a waiting caller gets', async () => {
    const a = texts(0);
    const b = texts(3000);
    const [va, vb] = await Promise.all([embedder.embed(a, { background: true }), embedder.embed(b, { background: true })]);
    expect(embedder.workersStarted).toBe(1);
    expect(va).toHaveLength(a.length);
    expect(vb).toHaveLength(b.length);
    const direct = await embedder.embed([a[3], b[7]]);
    const same = (x: number[], y: number[]) => x.every((v, i) => Math.abs(v - y[i]) < 1e-5);
    expect(same(va[3], direct[0])).toBe(true);
    expect(same(vb[7], direct[1])).toBe(true);
    expect(same(va[3], vb[7])).toBe(false);
  }, 180_000);

  it('ends an idle worker and starts one again for the next texts, with the same vectors', async () => {
    const shortLived = new LocalEmbedder({ idleTimeoutMs: 300 });
    try {
      const a = texts(500).slice(0, 4);
      const first = await shortLived.embed(a, { background: true });
      expect(shortLived.workersStarted).toBe(1);
      for (let i = 0; i < 100 && shortLived.workersStarted > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(shortLived.workersStarted).toBe(0);
      const again = await shortLived.embed(a, { background: true });
      expect(shortLived.workersStarted).toBe(1);
      again.forEach((v, i) => v.forEach((x, k) => expect(Math.abs(x - first[i][k])).toBeLessThan(1e-5)));
    } finally {
      await shortLived.close();
    }
  }, 180_000);
});
