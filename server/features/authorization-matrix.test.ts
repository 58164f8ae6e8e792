import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '../test/context.support';
import { useHarness, type TestUser } from '../test/harness.support';
import { uploadImage } from './images/images.service';
import { makePng, multipart } from '../test/multipart.support';
import { saveTextbook } from './textbooks/save/textbook-save.service';
import { createBook, insertHomework, shareBook } from '../test/books.support';
import { listVersionHeaders } from './versions/versions.repo';

/**
 * Who may call what (), one row per endpoint, checked for every
 * role against the real app. Owner: everything. Collaborator: read and edit
 * content, versions, images and AI tools, see collaborators, remove themself.
 * Stranger: 404 for the textbook and everything under it. Anonymous: 401.
 *
 * To add an endpoint, add a row: `request` builds the call from a fresh fixture
 * (so destructive calls never disturb other cells), `expected` gives the status per role.
 */

type Role = 'anonymous' | 'stranger' | 'collaborator' | 'owner';
const roles: Role[] = ['anonymous', 'stranger', 'collaborator', 'owner'];

interface Users {
  owner: TestUser;
  collaborator: TestUser;
  /** A second collaborator, for removing "someone else". */
  peer: TestUser;
  stranger: TestUser;
  /** Not on the book: the one to add as a collaborator. */
  candidate: TestUser;
}

interface MatrixFixture extends Users {
  textbookId: number;
  /** Version 1 (the generated state); version 2 exists too. */
  versionId: number;
  imageId: number;
  materialId: number;
  content: unknown;
  revision: number;
}

interface MatrixRow {
  name: string;
  request: (f: MatrixFixture) => InjectOptions;
  expected: Record<Role, number>;
}

const all = (status: number): Record<Role, number> => ({ anonymous: 401, stranger: 404, collaborator: status, owner: status });
const ownerOnly = (status: number): Record<Role, number> => ({ anonymous: 401, stranger: 404, collaborator: 403, owner: status });

function imageUpload(f: MatrixFixture): InjectOptions {
  const { payload, contentType } = multipart([
    { name: 'textbookId', value: String(f.textbookId) },
    { name: 'file', filename: 'figure.png', type: 'image/png', data: makePng(4, 4) },
  ]);
  return { method: 'POST', url: '/api/images/upload', payload, headers: { 'content-type': contentType } };
}

const matrixRows: MatrixRow[] = [
  {
    name: 'GET /api/textbooks',
    request: () => ({ method: 'GET', url: '/api/textbooks' }),
    expected: { anonymous: 401, stranger: 200, collaborator: 200, owner: 200 },
  },
  { name: 'GET /api/textbooks/:id', request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}` }), expected: all(200) },
  {
    name: 'GET /api/textbooks/:id/provenance',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/provenance?chapter=0` }),
    expected: all(200),
  },
  {
    name: 'PATCH /api/textbooks/:id',
    request: (f) => ({ method: 'PATCH', url: `/api/textbooks/${f.textbookId}`, payload: { content: f.content, baseRevision: f.revision } }),
    expected: all(200),
  },
  {
    name: 'DELETE /api/textbooks/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/textbooks/${f.textbookId}` }),
    expected: ownerOnly(200),
  },
  // The reader link is the owner's alone (PATCH needs a link first: server/features/share/share.test.ts).
  {
    name: 'GET /api/textbooks/:id/share',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/share` }),
    expected: ownerOnly(200),
  },
  {
    name: 'POST /api/textbooks/:id/share',
    request: (f) => ({ method: 'POST', url: `/api/textbooks/${f.textbookId}/share` }),
    expected: ownerOnly(201),
  },
  {
    name: 'DELETE /api/textbooks/:id/share',
    request: (f) => ({ method: 'DELETE', url: `/api/textbooks/${f.textbookId}/share` }),
    expected: ownerOnly(200),
  },
  {
    name: 'GET /api/textbooks/:id/versions',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/versions` }),
    expected: all(200),
  },
  {
    name: 'GET /api/textbooks/:id/versions/:versionId',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/versions/${f.versionId}` }),
    expected: all(200),
  },
  {
    name: 'POST /api/textbooks/:id/versions/:versionId/restore',
    request: (f) => ({ method: 'POST', url: `/api/textbooks/${f.textbookId}/versions/${f.versionId}/restore` }),
    expected: all(200),
  },
  {
    name: 'GET /api/textbooks/:id/collaborators',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/collaborators` }),
    expected: all(200),
  },
  {
    name: 'POST /api/textbooks/:id/collaborators',
    request: (f) => ({ method: 'POST', url: `/api/textbooks/${f.textbookId}/collaborators`, payload: { collaboratorId: f.candidate.id } }),
    expected: ownerOnly(201),
  },
  {
    name: 'DELETE /api/textbooks/:id/collaborators/:userId (someone else)',
    request: (f) => ({ method: 'DELETE', url: `/api/textbooks/${f.textbookId}/collaborators/${f.peer.id}` }),
    expected: ownerOnly(200),
  },
  {
    name: 'DELETE /api/textbooks/:id/collaborators/:userId (the collaborator)',
    request: (f) => ({ method: 'DELETE', url: `/api/textbooks/${f.textbookId}/collaborators/${f.collaborator.id}` }),
    // The collaborator removes themself; the owner removes them.
    expected: all(200),
  },
  { name: 'POST /api/images/upload', request: imageUpload, expected: all(200) },
  { name: 'GET /api/images/:id', request: (f) => ({ method: 'GET', url: `/api/images/${f.imageId}` }), expected: all(200) },
  // AI tools. The matrix book has no linked sources, so expansions answer "nothing more" (200, no save);
  // its chapters all have sections, so chapter expansion is refused after the access check (400).
  {
    name: 'POST /api/ai/expand-paragraph',
    request: (f) => ({
      method: 'POST',
      url: '/api/ai/expand-paragraph',
      payload: { paragraphContent: 'Velocity is the rate of change of position.', textbookId: f.textbookId },
    }),
    expected: all(200),
  },
  {
    name: 'POST /api/ai/expand-chapter',
    request: (f) => ({
      method: 'POST',
      url: '/api/ai/expand-chapter',
      payload: {
        textbookId: f.textbookId,
        chapterIndex: 0,
        chapterTitle: 'Kinematics',
        chapterContent: '<p>How things move.</p>',
        sectionCount: 4,
      },
    }),
    expected: all(400),
  },
  {
    name: 'POST /api/ai/generate-section',
    request: (f) => ({
      method: 'POST',
      url: '/api/ai/generate-section',
      payload: {
        textbookId: f.textbookId,
        chapterIndex: 0,
        chapterTitle: 'Kinematics',
        sectionTitle: 'Velocity',
        context: '',
        references: [],
        expansionLevel: 'comprehensive',
        paragraphCount: 8,
      },
    }),
    expected: all(200),
  },
  {
    name: 'POST /api/ai/customize-structure',
    request: (f) => ({
      method: 'POST',
      url: '/api/ai/customize-structure',
      payload: { textbookId: f.textbookId, userGuidance: 'Move Dynamics first' },
    }),
    expected: all(200),
  },
  {
    name: 'POST /api/ai/add-section',
    request: (f) => ({
      method: 'POST',
      url: '/api/ai/add-section',
      payload: { textbookId: f.textbookId, chapterIndex: 1, section: { title: 'Friction', content: '<p>Friction opposes motion.</p>' } },
    }),
    expected: all(200),
  },
  {
    name: 'GET /api/users/search?textbookId',
    request: (f) => ({
      method: 'GET',
      url: `/api/users/search?q=${encodeURIComponent(f.candidate.username.slice(0, 6))}&textbookId=${f.textbookId}`,
    }),
    expected: all(200),
  },
  {
    name: 'GET /api/textbooks/:id/materials',
    request: (f) => ({ method: 'GET', url: `/api/textbooks/${f.textbookId}/materials` }),
    expected: all(200),
  },
  {
    name: 'POST /api/textbooks/:id/materials',
    request: (f) => ({
      method: 'POST',
      url: `/api/textbooks/${f.textbookId}/materials`,
      payload: { contentType: 'lessonPlan', chapterIndex: 0 },
    }),
    expected: all(201),
  },
  {
    name: 'DELETE /api/textbooks/:id/materials/:materialId',
    request: (f) => ({ method: 'DELETE', url: `/api/textbooks/${f.textbookId}/materials/${f.materialId}` }),
    expected: all(200),
  },
];

const h = useHarness();
const users = {} as Users;

beforeAll(async () => {
  users.owner = await h.createUser('mx_owner');
  users.collaborator = await h.createUser('mx_collab');
  users.peer = await h.createUser('mx_peer');
  users.stranger = await h.createUser('mx_stranger');
  users.candidate = await h.createUser('mx_candidate');
});

/** A fresh textbook with two versions, a second collaborator and an image. */
async function fixture(): Promise<MatrixFixture> {
  const book = await createBook(h, users.owner);
  await shareBook(h, book.id, users.collaborator);
  await shareBook(h, book.id, users.peer);
  const owner = { id: users.owner.id, username: users.owner.username };
  const first = book.content;
  const saved = await saveTextbook(contextFor(h, owner), { textbookId: book.id, content: { ...first, title: `${first.title} (revised)` } });
  const versions = await listVersionHeaders(h.database.db, book.id, 10);
  const image = await uploadImage(contextFor(h, owner), book.id, { filename: 'a.png', mimetype: 'image/png', data: makePng(2, 3) });
  const material = await insertHomework(h, book.id, owner.id);
  return {
    ...users,
    textbookId: book.id,
    versionId: versions.find((v) => v.versionNumber === 1)!.id,
    imageId: image.id,
    materialId: material.id,
    content: { ...saved.content, title: 'Edited in the matrix' },
    revision: saved.revision,
  };
}

describe('authorization matrix', () => {
  for (const row of matrixRows) {
    describe(row.name, () => {
      for (const role of roles) {
        it(`${role} -> ${row.expected[role]}`, async () => {
          const f = await fixture();
          const options = row.request(f);
          const user = role === 'anonymous' ? null : f[role];
          const res = await h.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) } });
          expect(res.statusCode, res.body.slice(0, 300)).toBe(row.expected[role]);
          if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
        });
      }
    });
  }
});
