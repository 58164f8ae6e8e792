import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedBook, type SharedBook } from '@common/share';
import { shareLinks } from '@server/db/schema';
import { handoutFile } from '@server/test/ingest/handout-docx.support';
import { contextFor } from '@server/test/context.support';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { uploadImage } from '../images/images.service';
import { makePng } from '@server/test/multipart.support';
import { insertMaterial } from '../materials/materials.repo';
import { createBook, sampleContent, shareBook } from '@server/test/books.support';
import { newShareToken } from './share-token';
import { generateOutline } from '@server/test/upload-forms.support';

const h = useHarness();

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

function call(user: TestUser | null, { method, url, payload }: Call) {
  return h.app.inject({ method, url, payload: payload as never, headers: user ? { cookie: user.cookie } : {} });
}

const createLink = (user: TestUser | null, id: number, payload?: unknown) =>
  call(user, { method: 'POST', url: `/api/textbooks/${id}/share`, payload });
const revokeLink = (user: TestUser | null, id: number) => call(user, { method: 'DELETE', url: `/api/textbooks/${id}/share` });
const readShared = (token: string) => h.app.inject({ method: 'GET', url: `/api/shared/${token}` });

async function quiz(textbookId: number, ownerId: number, title = 'Quiz: Kinematics') {
  return insertMaterial(h.database.db, {
    textbookId,
    contentType: 'quiz',
    title,
    description: 'Five questions',
    chapterTitle: 'Kinematics',
    chapterIndex: 0,
    body: {
      questions: [
        {
          type: 'true-false',
          prompt: 'Velocity is the rate of change of position.',
          answer: 'True',
          explanation: 'As the section Velocity says.',
          source: 'Velocity is the rate of change of position.',
        },
      ],
    },
    createdBy: ownerId,
  });
}

/** Every text of every row of every table, so a test can say what the database does not hold. */
async function wholeDatabaseText(): Promise<string> {
  const tables = await h.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await h.database.db.execute<{ row: string }>(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
    texts.push(...rows.rows.map((r) => r.row));
  }
  return texts.join('\n');
}

describe('creating, rotating and revoking the reader link', () => {
  it('gives the owner a long random URL-safe token and its URL; the database holds only its sha256', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const res = await createLink(owner, book.id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 43 base64url characters carry 258 bits; the server draws 32 random bytes.
    expect(Buffer.from(body.token, 'base64url')).toHaveLength(32);
    expect(body.url).toBe(`http://localhost:80/read/${body.token}`);
    expect(body.materialTypes).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');

    const rows = await h.database.db
      .select()
      .from(shareLinks)
      .where(sql`${shareLinks.textbookId} = ${book.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));
    expect(await wholeDatabaseText()).not.toContain(body.token);

    const status = await call(owner, { method: 'GET', url: `/api/textbooks/${book.id}/share` });
    expect(status.json()).toEqual({ link: { createdAt: rows[0].createdAt.toISOString(), materialTypes: [], sourceNotes: false } });
    expect(status.body).not.toContain(body.token);
  });

  it('opens the book to anyone with the token, without an account, and not to anyone without', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner, { topic: 'Motion' });
    const { token } = (await createLink(owner, book.id)).json();
    const res = await readShared(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = res.json();
    expect(shared.topic).toBe('Motion');
    expect(shared.content.chapters.map((c: { title: string }) => c.title)).toEqual(['Kinematics', 'Dynamics']);
    expect(shared.content.chapters[0].sections[0]).toMatchObject({
      title: 'Velocity',
      content: '<p>Velocity is the rate of change of position.</p>',
    });
    // Nothing about who wrote it or who edits it.
    expect(shared).not.toHaveProperty('userId');
    expect(res.body).not.toContain(owner.username);

    // Too short, too long, and well-formed but never issued.
    for (const bad of ['nope', token.slice(0, 42), `${token}x`, 'A'.repeat(43), newShareToken()]) {
      const miss = await readShared(bad);
      expect(miss.statusCode, bad).toBe(404);
      expect(miss.json()).toEqual({ message: 'This link is no longer available', code: 'NOT_FOUND' });
    }
  });

  it('creating again rotates: a new token, the old one answers 404 at once, the shared materials are kept', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const first = (await createLink(owner, book.id, { materialTypes: ['homework', 'quiz'] })).json();
    expect(first.materialTypes).toEqual(['quiz', 'homework']);
    const second = (await createLink(owner, book.id)).json();
    expect(second.token).not.toBe(first.token);
    expect(second.materialTypes).toEqual(['quiz', 'homework']);
    expect((await readShared(first.token)).statusCode).toBe(404);
    expect((await readShared(second.token)).statusCode).toBe(200);
    const count = await h.database.db
      .select()
      .from(shareLinks)
      .where(sql`${shareLinks.textbookId} = ${book.id}`);
    expect(count).toHaveLength(1);
  });

  it('revoking answers 404 to the token at once; revoking twice is harmless; the owner may create a new one', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { token } = (await createLink(owner, book.id)).json();
    expect((await readShared(token)).statusCode).toBe(200);
    const revoked = await revokeLink(owner, book.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true, revoked: true });
    expect((await readShared(token)).statusCode).toBe(404);
    expect((await revokeLink(owner, book.id)).json()).toEqual({ ok: true, revoked: false });
    expect((await call(owner, { method: 'GET', url: `/api/textbooks/${book.id}/share` })).json()).toEqual({ link: null });
    const again = (await createLink(owner, book.id)).json();
    expect((await readShared(again.token)).statusCode).toBe(200);
    expect((await readShared(token)).statusCode).toBe(404);
  });

  it('a textbook in the trash reads nothing through its link (404) until it is restored', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const { token } = (await createLink(owner, book.id)).json();
    expect((await readShared(token)).statusCode).toBe(200);
    expect((await call(owner, { method: 'DELETE', url: `/api/textbooks/${book.id}` })).statusCode).toBe(200);
    expect((await readShared(token)).statusCode).toBe(404);
    expect((await call(owner, { method: 'POST', url: `/api/textbooks/${book.id}/restore` })).statusCode).toBe(200);
    expect((await readShared(token)).statusCode).toBe(200);
    expect((await call(owner, { method: 'DELETE', url: `/api/textbooks/${book.id}` })).statusCode).toBe(200);
    expect((await call(owner, { method: 'DELETE', url: `/api/textbooks/trash/${book.id}` })).statusCode).toBe(200);
    expect((await readShared(token)).statusCode).toBe(404);
  });

  it('is the owner’s alone: collaborators get 403, strangers 404, anonymous callers 401, on every call', async () => {
    const owner = await h.createUser('owner');
    const collaborator = await h.createUser('collab');
    const stranger = await h.createUser('stranger');
    const book = await createBook(h, owner);
    await shareBook(h, book.id, collaborator);
    const { token } = (await createLink(owner, book.id)).json();
    const calls: Call[] = [
      { method: 'GET', url: `/api/textbooks/${book.id}/share` },
      { method: 'POST', url: `/api/textbooks/${book.id}/share` },
      { method: 'PATCH', url: `/api/textbooks/${book.id}/share`, payload: { materialTypes: ['quiz'] } },
      { method: 'DELETE', url: `/api/textbooks/${book.id}/share` },
    ];
    for (const c of calls) {
      const asCollaborator = await call(collaborator, c);
      expect(asCollaborator.statusCode, `${c.method} collaborator`).toBe(403);
      expect(asCollaborator.json().message).toBe('Only the owner can share this textbook with a reader link');
      expect((await call(stranger, c)).statusCode, `${c.method} stranger`).toBe(404);
      expect((await call(null, c)).statusCode, `${c.method} anonymous`).toBe(401);
    }
    // None of those calls touched the link.
    expect((await readShared(token)).statusCode).toBe(200);
    expect((await call(stranger, { method: 'POST', url: '/api/textbooks/999999/share' })).statusCode).toBe(404);
  });
});

describe('the materials the owner chooses to share', () => {
  it('shares only the chosen kinds, changes with PATCH, and refuses unknown kinds', async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    await quiz(book.id, owner.id);
    await insertMaterial(h.database.db, {
      textbookId: book.id,
      contentType: 'lessonPlan',
      title: 'Lesson Plan: Kinematics',
      description: 'For the teacher',
      chapterTitle: 'Kinematics',
      chapterIndex: 0,
      body: {
        objectives: ['Define velocity'],
        durationMinutes: 50,
        activities: [{ minutes: 50, title: 'Lecture', description: 'Velocity' }],
        materials: [],
        assessment: ['Exit ticket'],
      },
      createdBy: owner.id,
    });
    const { token } = (await createLink(owner, book.id)).json();
    expect((await readShared(token)).json().materials).toEqual([]);

    const patched = await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}/share`, payload: { materialTypes: ['quiz'] } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().link.materialTypes).toEqual(['quiz']);
    const shared = (await readShared(token)).json();
    expect(shared.materialTypes).toEqual(['quiz']);
    expect(shared.materials).toHaveLength(1);
    expect(shared.materials[0]).toMatchObject({ title: 'Quiz: Kinematics', contentType: 'quiz', metadata: { chapterTitle: 'Kinematics' } });
    // The question, without its answer key (share-privacy.test.ts).
    expect(shared.materials[0].content.questions[0]).toEqual({ type: 'true-false', prompt: 'Velocity is the rate of change of position.' });

    const bad = await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}/share`, payload: { materialTypes: ['answers'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/materialTypes may hold quiz, assessment, lessonPlan and homework/);
    await revokeLink(owner, book.id);
    const none = await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}/share`, payload: { materialTypes: [] } });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This textbook has no reader link. Create one first.');
  });
});

describe('what the reader receives', () => {
  it('keeps approved references only and leaves out the author notice', async () => {
    const owner = await h.createUser('owner');
    const content = {
      ...sampleContent(),
      notice: 'No material was given.',
      references: [
        { title: 'Approved book', approved: true },
        { title: 'Rejected page', approved: false },
      ],
    };
    const book = await createBook(h, owner, { content });
    const { token } = (await createLink(owner, book.id)).json();
    const shared = (await readShared(token)).json();
    expect(shared.content.references.map((r: { title: string }) => r.title)).toEqual(['Approved book']);
    expect(shared.content).not.toHaveProperty('notice');
  });

  it('gets the numbered text, the glossary and the index made by the server, and made again after an edit', async () => {
    const owner = await h.createUser('owner');
    const content = sampleContent();
    content.chapters[0].content =
      '<p>Figure 1.1: A ramp.</p><div data-type="block-math" data-latex="v = at"></div>' +
      '<hr /><h3>Key Terms</h3><ul><li><p><strong>velocity</strong>: The rate of change of position.</p></li></ul>';
    content.chapters[1].content = '<p>As Figure 1.1 and (1.1) show.</p>';
    const book = await createBook(h, owner, { content });
    const { token } = (await createLink(owner, book.id)).json();
    const shared = (await readShared(token)).json() as SharedBook;
    expect(sharedBook.safeParse(shared).success).toBe(true);
    expect(shared.reader?.units.chapters[1].content).toBe(
      '<p>As <a href="#c1/ch1-fig-1-1">Figure 1.1</a> and <a href="#c1/ch1-eq-1-1">(1.1)</a> show.</p>',
    );
    expect(shared.reader?.units.chapters[0].content).toContain('<p class="equation-number">(1.1)</p>');
    // Text that numbering leaves alone is not sent twice.
    expect(shared.reader?.units.chapters[1].sections).toEqual([null]);
    expect(shared.reader?.terms).toEqual(['velocity']);
    expect(shared.reader?.glossary?.html).toContain('The rate of change of position.');

    content.chapters[1].content = '<p>No reference any more.</p>';
    expect((await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}`, payload: { content } })).statusCode).toBe(200);
    expect(((await readShared(token)).json() as SharedBook).reader?.units.chapters[1].content).toBeNull();
  });
});

describe('the reader sees the book as it is now', () => {
  it("shows an edit at the next request, and a replaced link's images under the new token", async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const me = { id: owner.id, username: owner.username };
    const image = await uploadImage(contextFor(h, me), book.id, { filename: 'a.png', mimetype: 'image/png', data: makePng(2, 2) });
    const content = sampleContent();
    content.chapters[0].content = `<p>First draft.</p><img src="/api/images/${image.id}" alt="Ramp">`;
    await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}`, payload: { content } });
    const first = (await createLink(owner, book.id)).json();
    expect((await readShared(first.token)).json().content.chapters[0].content).toContain('First draft.');
    // Read twice: the second answer comes from the cache and is the same.
    expect((await readShared(first.token)).body).toBe((await readShared(first.token)).body);

    content.chapters[0].content = content.chapters[0].content.replace('First draft.', 'Second draft.');
    const saved = await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}`, payload: { content } });
    expect(saved.statusCode).toBe(200);
    expect((await readShared(first.token)).json().content.chapters[0].content).toContain('Second draft.');

    const second = (await createLink(owner, book.id)).json();
    const html: string = (await readShared(second.token)).json().content.chapters[0].content;
    expect(html).toContain(`/api/shared/${second.token}/images/${image.id}`);
    expect(html).not.toContain(first.token);
  });
});

describe("the book's images through the link", () => {
  it("serves the book's own images under the token, rewrites their addresses, and refuses other books' images", async () => {
    const owner = await h.createUser('owner');
    const book = await createBook(h, owner);
    const other = await createBook(h, owner, { topic: 'Optics' });
    const me = { id: owner.id, username: owner.username };
    const png = makePng(3, 3);
    const own = await uploadImage(contextFor(h, me), book.id, { filename: 'a.png', mimetype: 'image/png', data: png });
    const foreign = await uploadImage(contextFor(h, me), other.id, { filename: 'b.png', mimetype: 'image/png', data: makePng(4, 4) });
    const content = sampleContent();
    content.chapters[0].content = `<p>Motion.</p><img src="/api/images/${own.id}" alt="A ramp"><p>Code: src="/api/images/${own.id}"</p>`;
    const saved = await call(owner, { method: 'PATCH', url: `/api/textbooks/${book.id}`, payload: { content } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { token } = (await createLink(owner, book.id)).json();

    const shared = (await readShared(token)).json();
    const html: string = shared.content.chapters[0].content;
    const imageUrl = `/api/shared/${token}/images/${own.id}`;
    expect(html).toContain(`<img src="${imageUrl}" alt="A ramp" />`);
    // Text that only looks like an address is left as written.
    expect(html).toContain(`Code: src="/api/images/${own.id}"`);

    const image = await h.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-cache');
    expect(image.rawPayload.equals(png)).toBe(true);
    const cached = await h.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(cached.statusCode).toBe(304);

    // Another book's image, an unknown id, a malformed id: 404 alike.
    for (const id of [String(foreign.id), '999999', 'abc', '0']) {
      expect((await h.app.inject({ method: 'GET', url: `/api/shared/${token}/images/${id}` })).statusCode, id).toBe(404);
    }
    // The plain image path still needs an account.
    expect((await h.app.inject({ method: 'GET', url: `/api/images/${own.id}` })).statusCode).toBe(401);

    await revokeLink(owner, book.id);
    expect((await h.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
    // A browser revalidating its copy is told the image is gone, not that its copy is fine.
    const stale = await h.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(stale.statusCode).toBe(404);
  });

  it("serves the pictures of the documents the book was made from, with the book's math as stored", async () => {
    const owner = await h.createUser('owner');
    const generated = await generateOutline(h, owner, [{ name: 'topic', value: 'Simulation' }, await handoutFile()]);
    expect(generated.statusCode, generated.body).toBe(200);
    const { token } = (await createLink(owner, generated.json().textbookId)).json();
    const shared = (await readShared(token)).json();
    const html = JSON.stringify(shared.content);
    expect(html).not.toMatch(/"\/api\/images\//);
    const url = new RegExp(`/api/shared/${token}/images/\\d+`).exec(html)?.[0];
    expect(url).toBeDefined();
    const image = await h.app.inject({ method: 'GET', url: url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The formula as stored, with the source generation wrote on it (common/block-provenance.ts).
    expect(shared.content.chapters[0].content).toMatch(
      /<div data-type="block-math" data-latex="\\sum_\{i=1\}\^\{n\}x=\\frac\{n\}\{2\}" data-src="\d+:\d+"><\/div>/,
    );
  });
});
