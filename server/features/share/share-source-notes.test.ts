import { describe, expect, it } from 'vitest';
import type { SharedBook } from '@common/share';
import { useHarness } from '@server/test/harness.support';
import { stampedBook } from '@server/test/provenance.support';

const h = useHarness();

describe('source notes on the reader link', () => {
  it('are off by default, shown per chapter (file and paragraph) when the owner turns them on, and gone when turned off', async () => {
    const alice = await h.createUser('alice');
    const owner = { id: alice.id, username: alice.username };
    const book = await stampedBook(h, owner);
    const headers = { cookie: alice.cookie };
    const created = await h.app.inject({ method: 'POST', url: `/api/textbooks/${book.id}/share`, headers, payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    const { token, sourceNotes } = created.json() as { token: string; sourceNotes: boolean };
    expect(sourceNotes).toBe(false);
    const read = async () => (await h.app.inject({ method: 'GET', url: `/api/shared/${token}` })).json() as SharedBook;
    expect(JSON.stringify((await read()).content)).not.toContain('Source notes');

    const on = await h.app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}/share`, headers, payload: { sourceNotes: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().link.sourceNotes).toBe(true);
    const shown = await read();
    expect(shown.sourceNotes).toBe(true);
    // Chapter one has no sections: its notes follow its text; chapter two's follow its last section.
    expect(shown.content.chapters[0].content).toMatch(/<h4>Source notes<\/h4><ul><li><p>computing\.md, paragraph \d+<\/p><\/li><\/ul>$/);
    expect(shown.content.chapters[1].content).not.toContain('Source notes');
    expect(shown.content.chapters[1].sections[0].content).toMatch(/<h4>Source notes<\/h4><ul><li><p>computing\.md, paragraph \d+<\/p>/);
    // The owner's status says so, and a new link keeps the choice.
    expect((await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}/share`, headers })).json().link.sourceNotes).toBe(true);

    const off = await h.app.inject({ method: 'PATCH', url: `/api/textbooks/${book.id}/share`, headers, payload: { sourceNotes: false } });
    expect(off.statusCode).toBe(200);
    expect(JSON.stringify((await read()).content)).not.toContain('Source notes');
    // The materials choice alone still works as before.
    const materials = await h.app.inject({
      method: 'PATCH',
      url: `/api/textbooks/${book.id}/share`,
      headers,
      payload: { materialTypes: ['quiz'] },
    });
    expect(materials.json().link).toMatchObject({ materialTypes: ['quiz'], sourceNotes: false });
  });
});
