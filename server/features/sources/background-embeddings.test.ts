import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunks } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { multipart, type MultipartPart } from '@server/test/multipart.support';

const h = useHarness();

/** Holds the embedder's work until released, so a test can see what answers without it. */
function holdEmbeddings() {
  const embedder = h.deps.embedder;
  const embed = embedder.embed;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  embedder.embed = async (texts) => {
    calls++;
    await gate;
    return embed.call(embedder, texts);
  };
  return {
    calls: () => calls,
    release: () => {
      release();
      embedder.embed = embed;
    },
  };
}

function post(user: TestUser, url: string, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts);
  return h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie: user.cookie } });
}

const progress = (user: TestUser, ids: number[]) =>
  h.app
    .inject({ method: 'GET', url: `/api/sources/embeddings?ids=${ids.join(',')}`, headers: { cookie: user.cookie } })
    .then((r) => r.json());

async function until<T>(probe: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await probe();
    if (check(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const paragraphs = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy stored in sugars.',
  'Chlorophyll is the pigment that absorbs light for photosynthesis; it absorbs red and blue light and reflects green light.',
  'The light-dependent reactions happen in the thylakoid membranes, where water is split and oxygen is released.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide from the air into sugars in the stroma of the chloroplast.',
  'The rate of photosynthesis depends on light intensity, carbon dioxide concentration and temperature.',
];

describe('embeddings in the background', () => {
  it('answers extract-text without waiting for embeddings, shows their progress, and stores them', async () => {
    const alice = await h.createUser('alice');
    const held = holdEmbeddings();
    try {
      const res = await post(alice, '/api/extract-text', [
        { name: 'directMethod', value: 'true' },
        { name: 'directContent', value: paragraphs.join('\n\n') },
      ]);
      expect(res.statusCode).toBe(200);
      const { sourceIds, extractedText } = res.json();
      expect(extractedText).toContain('Calvin cycle');
      expect(sourceIds).toHaveLength(1);
      // Answered while the encoder was held: nothing embedded yet, and the work is waiting for it.
      const before = await progress(alice, sourceIds);
      expect(before).toMatchObject({ embedded: 0, done: false });
      expect(before.total).toBeGreaterThan(0);
      await until(
        async () => held.calls(),
        (n) => n > 0,
      );
      held.release();
      const after = await until(
        () => progress(alice, sourceIds),
        (p) => p.done,
      );
      expect(after).toEqual({ total: before.total, embedded: before.total, percent: 100, done: true });
      const rows = await h.database.db.select().from(chunks).where(inArray(chunks.sourceId, sourceIds));
      expect(rows.every((r) => r.embedding && r.embedding.length === 512 && r.embeddingModel === h.deps.embedder.model)).toBe(true);
      // Another user's sources count as nothing.
      const bob = await h.createUser('bob');
      expect(await progress(bob, sourceIds)).toEqual({ total: 0, embedded: 0, percent: 100, done: true });
    } finally {
      held.release();
    }
  });

  it('lets a generation from headed material go on without the vectors, but makes one from plain text wait for them', async () => {
    const carol = await h.createUser('carol');
    const held = holdEmbeddings();
    try {
      const headed = await post(carol, '/api/textbooks/generate-outline', [
        { name: 'topic', value: 'Photosynthesis' },
        { name: 'directMethod', value: 'true' },
        {
          name: 'directContent',
          value: `# Light reactions\n\n${paragraphs.slice(0, 3).join('\n\n')}\n\n# The Calvin cycle\n\n${paragraphs.slice(3).join('\n\n')}`,
        },
      ]);
      // Stored while the encoder was held: composing from headings did not wait for the vectors.
      expect(headed.statusCode).toBe(200);

      const jobId = randomUUID();
      const plain = post(carol, '/api/textbooks/generate-outline', [
        { name: 'topic', value: 'Photosynthesis' },
        { name: 'directMethod', value: 'true' },
        { name: 'directContent', value: paragraphs.map((p) => p.replace('photosynthesis', 'plant photosynthesis')).join('\n\n') },
        { name: 'jobId', value: jobId },
      ]);
      const waiting = await until(
        () =>
          h.app.inject({ method: 'GET', url: `/api/generation-jobs/${jobId}`, headers: { cookie: carol.cookie } }).then((r) => r.json()),
        (j) => j.stage === 2,
      );
      expect(waiting).toMatchObject({ status: 'running', stage: 2, message: 'Creating vector embeddings for semantic search' });
      held.release();
      const done = await plain;
      expect(done.statusCode).toBe(200);
      expect(done.json().textbookContent.chapters.length).toBeGreaterThan(0);
    } finally {
      held.release();
    }
  });
});
