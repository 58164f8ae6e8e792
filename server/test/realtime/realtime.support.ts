import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../harness.support';

/**
 * Factories for socket tests and the benchmark, through the public API only
 * (REST for textbooks and collaborators), so the tests exercise what clients use.
 */
export function bookContent(sectionCount: number, title = 'Realtime Book') {
  return {
    title,
    chapters: [
      {
        title: 'Chapter One',
        content: '<p>Intro</p>',
        sections: Array.from({ length: sectionCount }, (_, i) => ({ title: `Section ${i + 1}`, content: `<p>Original text ${i + 1}</p>` })),
      },
    ],
    references: [],
  };
}

export interface StoredBook {
  id: number;
  revision: number;
  content: {
    title: string;
    chapters: Array<{ id: string; title: string; content: string; sections: Array<{ id: string; title: string; content: string }> }>;
  };
}

export async function getBook(app: FastifyInstance, user: TestUser, id: number): Promise<StoredBook> {
  const res = await app.inject({ method: 'GET', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie } });
  if (res.statusCode !== 200) throw new Error(`GET textbook ${id}: ${res.statusCode} ${res.body}`);
  const body = res.json() as StoredBook & { content: StoredBook['content'] | string };
  return { ...body, content: typeof body.content === 'string' ? JSON.parse(body.content) : body.content };
}

export async function addCollaborator(
  app: FastifyInstance,
  owner: Pick<TestUser, 'cookie'>,
  textbookId: number,
  collaborator: Pick<TestUser, 'id'>,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/textbooks/${textbookId}/collaborators`,
    headers: { cookie: owner.cookie },
    payload: { collaboratorId: collaborator.id },
  });
  if (res.statusCode >= 300) throw new Error(`add collaborator: ${res.statusCode} ${res.body}`);
}

export function patchBook(app: FastifyInstance, user: TestUser, id: number, content: unknown, baseRevision?: number) {
  return app.inject({
    method: 'PATCH',
    url: `/api/textbooks/${id}`,
    headers: { cookie: user.cookie },
    payload: baseRevision === undefined ? { content } : { content, baseRevision },
  });
}

/** The stored content with one section's text replaced (by id, as a client would). */
export function withSectionText(book: StoredBook, sectionId: string, html: string): StoredBook['content'] {
  return {
    ...book.content,
    chapters: book.content.chapters.map((ch) => ({
      ...ch,
      sections: ch.sections.map((s) => (s.id === sectionId ? { ...s, content: html } : s)),
    })),
  };
}
