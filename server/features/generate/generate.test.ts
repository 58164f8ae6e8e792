import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { progressSteps } from '@common/limits';
import { isReviewSection, materialHtml } from '@server/ai/shared/apparatus-html';
import { topicOnlyNotice } from '@server/ai/offline/outline/skeleton';
import { eq } from 'drizzle-orm';
import { textbookReferences } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { makePng, type MultipartPart } from '@server/test/multipart.support';
import { fixturePath } from '@server/test/fixture-path.support';
import { generateOutline } from '@server/test/upload-forms.support';

const h = useHarness();
const tracemonkey = readFileSync(fixturePath('pdf/tracemonkey.pdf'));

const approved = [
  {
    title: 'Dynamo: a transparent dynamic optimization system',
    authors: 'V. Bala, E. Duesterwald, S. Banerjia',
    year: '2000',
    publisher: 'PLDI',
    url: 'https://doi.org/10.1145/349299.349303',
    description: '',
    approved: true,
  },
];

const generate = (user: TestUser | null, parts: MultipartPart[]) => generateOutline(h, user, parts);

const job = (user: TestUser, jobId: string) =>
  h.app.inject({ method: 'GET', url: `/api/generation-jobs/${jobId}`, headers: { cookie: user.cookie } });

describe('POST /api/textbooks/generate-outline: validation', () => {
  it('is for signed-in users only', async () => {
    const res = await generate(null, [{ name: 'topic', value: 'x' }]);
    expect(res.statusCode).toBe(401);
  });

  it('needs a topic', async () => {
    const alice = await h.createUser('alice');
    for (const topic of [undefined, '', '   ']) {
      const res = await generate(
        alice,
        topic === undefined ? [{ name: 'approvedReferences', value: '[]' }] : [{ name: 'topic', value: topic }],
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a topic', code: 'BAD_REQUEST' });
    }
  });

  it('refuses approved references that are not valid JSON or not references', async () => {
    const alice = await h.createUser('alice');
    const bad = await generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'approvedReferences', value: '[{"title": ' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid approved references: not valid JSON');
    for (const value of ['{"title":"x"}', '[1, 2]', '[{"title": 5}]', '"text"']) {
      const res = await generate(alice, [
        { name: 'topic', value: 'Tracing' },
        { name: 'approvedReferences', value },
      ]);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toMatch(/^Invalid approved references/);
    }
  });

  it("refuses a malformed job id and another user's job id; a re-sent one answers with its book", async () => {
    const alice = await h.createUser('alice');
    const res = await generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'jobId', value: 'not a job id!' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid job id');
    const jobId = randomUUID();
    const first = await generate(alice, [
      { name: 'topic', value: 'Ocean Tides' },
      { name: 'jobId', value: jobId },
    ]);
    expect(first.statusCode).toBe(200);
    // The client re-sends after losing the answer (its instance stopped): the same book, no second one.
    const again = await generate(alice, [
      { name: 'topic', value: 'Ocean Tides' },
      { name: 'jobId', value: jobId },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().textbookId).toBe(first.json().textbookId);
    expect(again.json().extractedText).toBe(first.json().extractedText);
    const list = (await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: alice.cookie } })).json() as unknown[];
    expect(list).toHaveLength(1);
    // Another user cannot take the id over.
    const bob = await h.createUser('bob');
    const taken = await generate(bob, [
      { name: 'topic', value: 'Ocean Tides' },
      { name: 'jobId', value: jobId },
    ]);
    expect(taken.statusCode).toBe(409);
  });

  it('a generation re-sent after a failure starts the job over under the same id', async () => {
    const alice = await h.createUser('alice');
    const jobId = randomUUID();
    const failed = await generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'jobId', value: jobId },
      { name: 'files', filename: 'picture.png', type: 'image/png', data: makePng() },
    ]);
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    const retried = await generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'jobId', value: jobId },
    ]);
    expect(retried.statusCode).toBe(200);
    expect((await job(alice, jobId)).json()).toMatchObject({ jobId, status: 'done', textbookId: retried.json().textbookId });
  });
});

describe('generation jobs', () => {
  it('records a failed generation with its reason', async () => {
    const alice = await h.createUser('alice');
    const jobId = randomUUID();
    const res = await generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'jobId', value: jobId },
      { name: 'files', filename: 'picture.png', type: 'image/png', data: makePng() },
    ]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await job(alice, jobId)).json()).toMatchObject({ jobId, status: 'failed', message: res.json().message });
  });
});

describe('POST /api/textbooks/generate-outline: topic only', () => {
  it('stores an honest skeleton and says how to get full text', async () => {
    const alice = await h.createUser('alice');
    const res = await generate(alice, [
      { name: 'topic', value: 'Marine Biology' },
      { name: 'approvedReferences', value: '[]' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notice).toBe(topicOnlyNotice);
    expect(body.textbookContent.notice).toBe(topicOnlyNotice);
    expect(body.extractedText).toBe('Topic: Marine Biology');
    expect(body.textbookContent.chapters.length).toBeGreaterThanOrEqual(4);
    expect(body.textbookContent.chapters[0].id).toMatch(/^c_/);
    const stored = await h.app.inject({ method: 'GET', url: `/api/textbooks/${body.textbookId}`, headers: { cookie: alice.cookie } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ topic: 'Marine Biology', isOwner: true, content: { chapters: body.textbookContent.chapters } });
    const versions = await h.app.inject({
      method: 'GET',
      url: `/api/textbooks/${body.textbookId}/versions`,
      headers: { cookie: alice.cookie },
    });
    expect(versions.json().versions).toHaveLength(1);
  });

  it('treats the form\'s "Topic: {topic}" fallback as no material', async () => {
    const alice = await h.createUser('alice');
    const res = await generate(alice, [
      { name: 'topic', value: 'Volcanoes' },
      { name: 'directContent', value: 'Topic: Volcanoes' },
      { name: 'directMethod', value: 'true' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().notice).toBe(topicOnlyNotice);
    expect(res.json().textbookContent.chapters[0].title).toBe('Introduction to Volcanoes');
  });
});

describe('POST /api/textbooks/generate-outline: from material', () => {
  it('generates from tracemonkey.pdf, stores it with its sources and references, and reports the job', async () => {
    const alice = await h.createUser('alice');
    const bob = await h.createUser('bob');
    const jobId = randomUUID();
    const res = await generate(alice, [
      { name: 'topic', value: 'Tracing JIT compilers' },
      { name: 'approvedReferences', value: JSON.stringify(approved) },
      { name: 'jobId', value: jobId },
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: tracemonkey },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notice).toBeUndefined();
    expect(body.extractedText).toMatch(/Trace-based Just-in-Time Type Specialization/);
    const titles = body.textbookContent.chapters.map((c: { title: string }) => c.title);
    expect(titles.length).toBeGreaterThanOrEqual(4);
    expect(titles).toContain('Trace Trees');
    expect(body.textbookContent.references).toEqual([{ ...approved[0], key: 'R1', approved: true }]);
    const rows = await h.database.db.select().from(textbookReferences).where(eq(textbookReferences.textbookId, body.textbookId));
    expect(rows.map((r) => ({ title: r.fields.title, approved: r.approved, key: r.externalId }))).toEqual([
      { title: approved[0].title, approved: true, key: 'R1' },
    ]);

    const done = await job(alice, jobId);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      jobId,
      status: 'done',
      stage: progressSteps.length - 1,
      percent: 100,
      message: 'Textbook stored',
      textbookId: body.textbookId,
    });
    expect((await job(bob, jobId)).statusCode).toBe(404);
    expect((await job(alice, randomUUID())).statusCode).toBe(404);

    // The same file again is not parsed twice: it links the same source.
    const again = await generate(alice, [
      { name: 'topic', value: 'Tracing JIT compilers' },
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: tracemonkey },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().textbookContent.chapters.map((c: { title: string }) => c.title)).toEqual(titles);
  }, 120_000);

  it('shows real progress while it runs: stages only move forward', async () => {
    const alice = await h.createUser('alice');
    const jobId = randomUUID();
    const running = generate(alice, [
      { name: 'topic', value: 'Tracing' },
      { name: 'jobId', value: jobId },
      {
        name: 'files',
        filename: 'tracemonkey.pdf',
        type: 'application/pdf',
        data: Buffer.concat([tracemonkey, Buffer.from('\n%changed')]),
      },
    ]);
    const seen: Array<{ stage: number; percent: number; status: string }> = [];
    let finished = false;
    void running.then(() => (finished = true));
    while (!finished) {
      const res = await job(alice, jobId);
      if (res.statusCode === 200) seen.push(res.json());
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await running).statusCode).toBe(200);
    seen.push((await job(alice, jobId)).json());
    const positions = seen.map((s) => s.stage * 1000 + s.percent);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(seen.map((s) => s.stage)).size).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toMatchObject({ status: 'done', stage: 5, percent: 100 });
  }, 120_000);

  it('generates from typed text, printing only sentences the user typed', async () => {
    const alice = await h.createUser('alice');
    const typed = [
      'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place mainly in the leaves, inside small structures called chloroplasts.',
      'Chlorophyll is the pigment that absorbs light for photosynthesis. It absorbs red and blue light strongly and reflects green light, which is why leaves look green.',
      'The light-dependent reactions happen in the thylakoid membranes of the chloroplast. They split water molecules, release oxygen and produce the energy carriers ATP and NADPH.',
      'The Calvin cycle uses ATP and NADPH to fix carbon dioxide from the air into sugars. This cycle takes place in the stroma, the fluid that surrounds the thylakoids.',
      'The rate of photosynthesis depends on light intensity, carbon dioxide concentration and temperature. When one of these factors is in short supply, it limits the whole process.',
    ].join('\n\n');
    const res = await generate(alice, [
      { name: 'topic', value: 'Photosynthesis' },
      { name: 'directContent', value: typed },
      { name: 'directMethod', value: 'true' },
      { name: 'chapterTitle', value: 'How Plants Make Food' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notice).toBeUndefined();
    expect(body.extractedText).toContain('Calvin cycle');
    // The typed chapter title is the chapter's title.
    expect(body.textbookContent.chapters.map((c: { title: string }) => c.title)).toEqual(['How Plants Make Food']);
    // The material's own text: the chapter's opening (overview, objectives) and closing review are the product's apparatus around it.
    const printed = body.textbookContent.chapters
      .flatMap((c: { content: string; sections: Array<{ title: string; content: string }> }) => [
        c.content,
        ...c.sections.filter((s) => !isReviewSection(s.title)).map((s) => s.content),
      ])
      .map(materialHtml)
      .join(' ')
      // A paragraph may carry its source (data-src, common/block-provenance.ts).
      .match(/<p(?: data-src="[^"]*")?>(.*?)<\/p>/g)
      .map((p: string) => p.replace(/<\/?p[^>]*>/g, ''))
      .filter((p: string) => !p.startsWith('This chapter covers'));
    expect(printed.length).toBeGreaterThan(0);
    for (const paragraph of printed) for (const sentence of paragraph.split(/(?<=\.) /)) expect(typed).toContain(sentence);
  });

  it("takes the book length the user chose, keeps the whole material by default, and stores the material's language", async () => {
    const alice = await h.createUser('alice');
    const german = readFileSync(fixturePath('text/waermelehre-notizen.md'), 'utf8');
    const parts = (length?: string): MultipartPart[] => [
      { name: 'topic', value: 'Wärmelehre' },
      { name: 'directContent', value: german },
      { name: 'directMethod', value: 'true' },
      ...(length !== undefined ? [{ name: 'length', value: length }] : []),
    ];
    const bad = await generate(alice, parts('short'));
    expect(bad.statusCode).toBe(400);
    for (const [length, stored] of [
      [undefined, 'full'],
      ['', 'full'],
      ['condensed', 'condensed'],
    ] as const) {
      const res = await generate(alice, parts(length));
      expect(res.statusCode).toBe(200);
      const content = res.json().textbookContent;
      expect(content.generation.length).toBe(stored);
      // A short material is never shortened, whichever length was chosen.
      expect(content.generation.condensed).toEqual([]);
      expect(content.language).toBe('de');
    }
  });
});
