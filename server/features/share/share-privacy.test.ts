import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contextFor } from '@server/test/context.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { uploadImage } from '../images/images.service';
import { makePng } from '@server/test/multipart.support';
import { insertMaterial } from '../materials/materials.repo';
import { createBook, sampleContent, shareBook } from '@server/test/books.support';

/**
 * What a reader link gives away (issue "Hardening II"): no answer keys, no picture the book does
 * not show, and its token is never written to the log.
 */
const logLines: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk) => logLines.push(String(chunk)));
const h = useHarness({ logLevel: 'info' }, { logger: true, logStream });

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  h.app.inject({ method, url, payload: payload as never, headers: { cookie: user.cookie } });

async function materials(textbookId: number, ownerId: number) {
  const common = { textbookId, description: '', chapterTitle: 'Kinematics', chapterIndex: 0, createdBy: ownerId };
  await insertMaterial(h.database.db, {
    ...common,
    contentType: 'quiz',
    title: 'Quiz',
    body: {
      questions: [
        {
          type: 'multiple-choice',
          prompt: 'Unit of speed?',
          options: ['m/s', 'kg'],
          answer: 'm/s',
          explanation: 'Distance over time.',
          source: 'Speed is m/s.',
        },
      ],
    },
  });
  await insertMaterial(h.database.db, {
    ...common,
    contentType: 'assessment',
    title: 'Test',
    body: {
      items: [{ type: 'multiple-choice', prompt: 'Unit of mass?', options: ['kg', 's'], answer: 'kg', points: 2 }],
      totalPoints: 2,
    },
  });
  await insertMaterial(h.database.db, {
    ...common,
    contentType: 'homework',
    title: 'Homework',
    body: { problems: [{ prompt: 'Compute v for 10 m in 2 s.', expectedAnswer: '5 m/s', guidance: 'Divide.' }] },
  });
}

describe('answer keys', () => {
  it('are not in the reader’s JSON; the owner and collaborators still get them', async () => {
    const owner = await h.createUser('owner');
    const friend = await h.createUser('friend');
    const book = await createBook(h, owner);
    await shareBook(h, book.id, friend);
    await materials(book.id, owner.id);
    const { token } = (
      await call(owner, 'POST', `/api/textbooks/${book.id}/share`, { materialTypes: ['quiz', 'assessment', 'homework'] })
    ).json();
    const res = await h.app.inject({ method: 'GET', url: `/api/shared/${token}` });
    expect(res.statusCode).toBe(200);
    for (const secret of ['Distance over time.', 'Speed is m/s.', '"answer"', '5 m/s', 'expectedAnswer'])
      expect(res.body).not.toContain(secret);
    const shared = res.json() as { materials: Array<{ content: Record<string, Array<Record<string, unknown>>> }> };
    expect(shared.materials.map((m) => Object.values(m.content)[0][0])).toEqual([
      { type: 'multiple-choice', prompt: 'Unit of speed?', options: ['m/s', 'kg'] },
      { type: 'multiple-choice', prompt: 'Unit of mass?', options: ['kg', 's'], points: 2 },
      { prompt: 'Compute v for 10 m in 2 s.', guidance: 'Divide.' },
    ]);
    const own = await call(friend, 'GET', `/api/textbooks/${book.id}/materials`);
    expect(own.body).toContain('Distance over time.');
    expect(own.body).toContain('5 m/s');
  });
});

describe('pictures through a reader link', () => {
  it('only those the shared book shows: an uploaded picture it does not show is 404, though its id is known', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const me = { id: owner.id, username: owner.username };
    const shown = await uploadImage(contextFor(h, me), book.id, { filename: 'a.png', mimetype: 'image/png', data: makePng(3, 3) });
    const hidden = await uploadImage(contextFor(h, me), book.id, { filename: 'b.png', mimetype: 'image/png', data: makePng(5, 5) });
    const content = sampleContent();
    content.chapters[0].content = `<p>Motion.</p><img src="/api/images/${shown.id}" alt="A ramp">`;
    expect((await call(owner, 'PATCH', `/api/textbooks/${book.id}`, { content })).statusCode).toBe(200);
    const { token } = (await call(owner, 'POST', `/api/textbooks/${book.id}/share`)).json();
    expect((await h.app.inject({ method: 'GET', url: `/api/shared/${token}/images/${shown.id}` })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `/api/shared/${token}/images/${hidden.id}` })).statusCode).toBe(404);
    // Taken out of the book: no longer served through the link either.
    content.chapters[0].content = '<p>Motion.</p>';
    expect((await call(owner, 'PATCH', `/api/textbooks/${book.id}`, { content })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `/api/shared/${token}/images/${shown.id}` })).statusCode).toBe(404);
  });
});

describe('the log', () => {
  it('never holds a share token, in the book’s path or its pictures’', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { token } = (await call(owner, 'POST', `/api/textbooks/${book.id}/share`)).json();
    await h.app.inject({ method: 'GET', url: `/api/shared/${token}` });
    await h.app.inject({ method: 'GET', url: `/api/shared/${token}/images/1` });
    await h.app.inject({ method: 'GET', url: `/read/${token}` });
    await new Promise((r) => setImmediate(r));
    const log = logLines.join('');
    expect(log).toContain('/api/shared/[token]');
    expect(log).not.toContain(token);
  });
});
