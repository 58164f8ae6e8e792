import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lostWhileReadingMessage } from '@common/generate';
import { generationJobs } from '@server/db/schema';
import { useHarness } from '@server/test/harness.support';
import { whileReading } from './generation-jobs.service';

/** A generation whose instance died while reading its files is reported failed within half a minute, not after five. */
const h = useHarness();

const job = (cookie: string, id: string) =>
  h.app.inject({ method: 'GET', url: `/api/generation-jobs/${id}`, headers: { cookie } }).then((r) => r.json());

describe('a generation lost while reading its files', () => {
  it('is failed, with the message the client re-sends on, once its row has been quiet for 40 s', async () => {
    const user = await h.createUser('lost-reader');
    const id = randomUUID();
    const quietSince = new Date(Date.now() - 40_000);
    await h.database.db
      .insert(generationJobs)
      .values({ id, userId: user.id, status: 'running', stage: 0, percent: 10, updatedAt: quietSince });
    expect(await job(user.cookie, id)).toMatchObject({ status: 'failed', message: lostWhileReadingMessage });

    // One still reading keeps its row fresh, however long a file takes, and stays running.
    const reading = randomUUID();
    await h.database.db
      .insert(generationJobs)
      .values({ id: reading, userId: user.id, status: 'running', stage: 0, percent: 10, updatedAt: quietSince });
    await whileReading(h.database.db, reading, () => new Promise((r) => setTimeout(r, 400)), 50);
    const [row] = await h.database.db.select().from(generationJobs).where(eq(generationJobs.id, reading));
    expect(row.updatedAt.getTime()).toBeGreaterThan(quietSince.getTime() + 30_000);
    expect(await job(user.cookie, reading)).toMatchObject({ status: 'running' });
  });
});
