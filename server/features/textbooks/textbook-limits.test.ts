import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { limits } from '@common/limits';
import { textbooks } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { nestingOf } from './html-nesting';
import { createBook } from '@server/test/books.support';
import { generateOutline } from '@server/test/upload-forms.support';

/** Depth and length limits on what a save stores (issue "Hardening II": M-3 and "every plain field length-bounded"). */
const h = useHarness();

const patch = (user: TestUser, id: number, content: unknown) =>
  h.app.inject({ method: 'PATCH', url: `/api/textbooks/${id}`, headers: { cookie: user.cookie }, payload: { content } });

const nested = (levels: number) => `${'<ul><li><p>x</p>'.repeat(levels)}${'</li></ul>'.repeat(levels)}`;

describe('nesting', () => {
  it('counts list and element levels of sanitized HTML', () => {
    expect(nestingOf('<p>a<br>b</p><ul><li><p>one</p><ol><li><p>two</p></li></ol></li></ul>')).toEqual({ depth: 5, lists: 2 });
    expect(nestingOf('<p>plain <img src="/api/images/1"> text</p>')).toEqual({ depth: 1, lists: 0 });
  });

  it('refuses a chapter of 3,000 nested lists (78 KB) with a clear 400, and keeps 16 levels', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const deep = nested(3000);
    expect(deep.length).toBeGreaterThan(70_000);
    const res = await patch(alice, book.id, { title: 'T', chapters: [{ title: 'Deep', content: deep, sections: [] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `In "Deep" lists are nested more than ${limits.nestedListsMax} levels deep. Flatten it and save again.`,
    );
    const ok = await patch(alice, book.id, {
      title: 'T',
      chapters: [{ title: 'Fine', content: nested(limits.nestedListsMax), sections: [] }],
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('plain fields', () => {
  it('are bounded: titles, the notice, reference fields', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const long = (n: number) => 'a'.repeat(n);
    const cases: Array<[unknown, string]> = [
      [{ title: long(limits.titleMaxChars + 1), chapters: [] }, 'title'],
      [{ title: 'T', chapters: [{ title: long(limits.titleMaxChars + 1), content: '', sections: [] }] }, 'chapters.0.title'],
      [{ title: 'T', chapters: [], notice: long(limits.noticeMaxChars + 1) }, 'notice'],
      [
        { title: 'T', chapters: [], references: [{ title: 'R', authors: long(limits.referenceFieldMaxChars + 1) }] },
        'references.0.authors',
      ],
    ];
    for (const [content, where] of cases) {
      const res = await patch(alice, book.id, content);
      expect(res.statusCode, where).toBe(400);
      expect(res.json().message).toContain(`at ${where}: at most`);
    }
    // A notice is plain text, whoever sends it.
    const ok = await patch(alice, book.id, { title: 'T', chapters: [], notice: 'Read <b>this</b>' });
    expect(ok.json().content.notice).toBe('Read this');
  });

  it('a generate-outline topic of 50,000 characters is refused, not stored', async () => {
    const alice = await h.createUser('alice');
    const res = await generateOutline(h, alice, [{ name: 'topic', value: 'x'.repeat(50_000) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('at most 300 characters');
  });
});

describe('values stored before the limits', () => {
  it('stay saveable as they are: a book whose title is already longer saves its other changes', async () => {
    const alice = await h.createUser('alice');
    const long = 'A title from a long heading, '.repeat(30);
    expect(long.length).toBeGreaterThan(limits.titleMaxChars);
    const book = await createBook(h, alice);
    // Written as an older version of the app did, past today's limit.
    await h.database.db
      .update(textbooks)
      .set({ content: { title: 'T', chapters: [{ id: 'c_old', title: long, content: '<p>x</p>', sections: [] }], references: [] } })
      .where(eq(textbooks.id, book.id));
    const res = await patch(alice, book.id, {
      title: 'T',
      chapters: [{ id: 'c_old', title: long, content: '<p>changed</p>', sections: [] }],
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    // A new value past the limit is still refused.
    const longer = await patch(alice, book.id, {
      title: 'T',
      chapters: [{ id: 'c_old', title: `${long}!`, content: '<p>changed</p>', sections: [] }],
    });
    expect(longer.statusCode).toBe(400);
  });
});

describe('bodies nested deeper before the limit', () => {
  it('may still be edited without nesting them deeper; deeper is refused', async () => {
    const alice = await h.createUser('alice');
    const book = await createBook(h, alice);
    const deep = nested(limits.nestedListsMax + 4);
    await h.database.db
      .update(textbooks)
      .set({ content: { title: 'T', chapters: [{ id: 'c_deep', title: 'Old', content: deep, sections: [] }], references: [] } })
      .where(eq(textbooks.id, book.id));
    const typed = deep.replace('<p>x</p>', '<p>x typed</p>');
    expect(
      (await patch(alice, book.id, { title: 'T', chapters: [{ id: 'c_deep', title: 'Old', content: typed, sections: [] }] })).statusCode,
    ).toBe(200);
    const deeper = nested(limits.nestedListsMax + 5);
    expect(
      (await patch(alice, book.id, { title: 'T', chapters: [{ id: 'c_deep', title: 'Old', content: deeper, sections: [] }] })).statusCode,
    ).toBe(400);
  });
});
