import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { build100kWords, corpusSentences } from '../../../bench/generate/corpus-100k';
import { openPostgres, type Database } from '@server/db/client';
import { generationJobs } from '@server/db/schema';
import {
  createDatabase,
  eventually,
  needsPostgres,
  registerUser,
  startInstance,
  stopInstance,
  type Instance,
} from '@server/test/instances.support';

/**
 * Two instances on one PostgreSQL; the one running a generation job is killed (SIGKILL, no
 * goodbye) in the middle of it. The other must pick the job up once its heartbeat stops and
 * finish it: the book appears and the job says done ("Long AI work is a durable job",
 * docs/decisions.md). CI's PostgreSQL pass runs it (TEST_DATABASE_URL).
 */
const templateUrl = inject('pgTemplateUrl');

describe.skipIf(!templateUrl)(`a generation job whose instance dies (${templateUrl ? 'running' : needsPostgres})`, () => {
  let database: { url: string; drop(): Promise<void> };
  let direct: Database;
  const instances: Record<string, Instance> = {};

  beforeAll(async () => {
    database = await createDatabase(templateUrl);
    direct = await openPostgres(database.url);
    const secret = randomBytes(24).toString('base64url');
    const [a, b] = await Promise.all([
      startInstance(database.url, secret, { INSTANCE_NAME: 'instance-a' }),
      startInstance(database.url, secret, { INSTANCE_NAME: 'instance-b' }),
    ]);
    instances['instance-a'] = a;
    instances['instance-b'] = b;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(Object.values(instances).map(stopInstance));
    await direct?.close();
    await database?.drop();
  }, 60_000);

  it('is finished by the other instance, and the book appears', async () => {
    const a = instances['instance-a'];
    const alice = await registerUser(a.url, 'alice');
    // Plain text without headings: the job clusters it, so it first waits for (or makes) the sentence vectors.
    const document = build100kWords(await corpusSentences(), { withHeadings: false, targetWords: 20_000 });
    const jobId = randomUUID();
    const form = new FormData();
    form.append('topic', 'Trace compilation');
    form.append('directMethod', 'true');
    form.append('directContent', document.text);
    form.append('jobId', jobId);
    const request = fetch(`${a.url}/api/textbooks/generate-outline`, {
      method: 'POST',
      body: form,
      headers: { cookie: alice.cookie },
    }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as { textbookId?: number } }),
      (err: unknown) => err,
    );

    const claimed = await eventually(
      'an instance takes the job',
      120_000,
      () => direct.db.select().from(generationJobs).where(eq(generationJobs.id, jobId)),
      ([row]) => Boolean(row?.worker) && row.status === 'running',
    );
    const victimName = claimed[0].worker!;
    const survivorName = victimName === 'instance-a' ? 'instance-b' : 'instance-a';
    const victim = instances[victimName];
    const survivor = instances[survivorName];
    victim.child.kill('SIGKILL');
    await victim.exited;

    const job = await eventually(
      'the other instance finishes the job',
      150_000,
      async () =>
        (await fetch(`${survivor.url}/api/generation-jobs/${jobId}`, { headers: { cookie: alice.cookie } })).json() as Promise<{
          status: string;
          textbookId?: number;
        }>,
      (j) => j.status !== 'running',
    );
    expect(job).toMatchObject({ status: 'done', stage: 5, percent: 100 });
    const [row] = await direct.db.select().from(generationJobs).where(eq(generationJobs.id, jobId));
    expect(row.worker).toBe(survivorName);
    expect(row.attempts).toBeGreaterThanOrEqual(2);

    const list = (await (await fetch(`${survivor.url}/api/textbooks`, { headers: { cookie: alice.cookie } })).json()) as Array<{
      id: number;
      topic: string;
    }>;
    expect(list.filter((t) => t.topic === 'Trace compilation').map((t) => t.id)).toEqual([job.textbookId]);

    // The request itself: cut with its instance, or answered with the book by the instance that survived.
    const outcome = await request;
    if (victimName === 'instance-a') expect(outcome).toBeInstanceOf(Error);
    else expect(outcome).toMatchObject({ status: 200, body: { textbookId: job.textbookId } });
  }, 360_000);
});
