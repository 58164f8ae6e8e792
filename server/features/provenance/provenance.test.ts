import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProvenanceBlock, ProvenanceResponse } from '@common/provenance';
import type { TextbookContent, TextbookContentInput } from '@common/textbook';
import { sources, textbookSources } from '@server/db/schema';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { contextFor } from '@server/test/context.support';
import { computingMaterial, createLinkedBook } from '@server/test/ai/computing-material.support';
import { ingestMaterial, loadSourcesMaterial } from '../sources/sources.service';
import { createTextbook } from '../textbooks/textbooks.service';
import { shareBook } from '@server/test/books.support';
import { getProvenance } from './provenance.service';
import { stampSources } from './stamp-sources';

const h = useHarness();
let alice: TestUser;
let bob: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  alice = await h.createUser('alice');
  bob = await h.createUser('bob');
  mallory = await h.createUser('mallory');
});

const quoted = 'The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes.';
/** The material says 1947: one number changed makes the sentence a claim the material does not hold. */
const numberChanged = 'The transistor was invented at Bell Labs in 1952 and slowly replaced vacuum tubes.';
/** The material: "The integrated circuit, demonstrated by Jack Kilby in 1958, placed many transistors on a single chip." */
const paraphrase = 'Jack Kilby showed in 1958 that one single chip could hold many transistors, which is the integrated circuit.';
const invented = 'Quantum annealers from Zanzibar Dynamics solved chess in 2031.';
/** The material: "Transistors are smaller, cooler and far more reliable than vacuum tubes." In other words: few shared. */
const otherWords = 'Compared with tubes, transistors take less space, run at lower temperatures and fail much less often.';

function book(): TextbookContentInput {
  return {
    title: 'Computing',
    references: [],
    chapters: [
      { title: 'Intro', content: '<p>Computers changed the world.</p>', sections: [] },
      {
        title: 'Hardware',
        content: `<p>${quoted}</p>`,
        sections: [
          { title: 'Transistors', content: `<p>${numberChanged}</p><ul><li><p>${paraphrase}</p></li><li><p>${invented}</p></li></ul>` },
        ],
      },
    ],
  };
}

/** The computing material as a Markdown file (each topic a "##" heading): its blocks carry the file's own indexes. */
async function createMarkdownBook(owner: TestUser) {
  const markdown = computingMaterial
    .split('\n\n')
    .map((p, i) => (i % 2 === 0 ? `## ${p}` : p))
    .join('\n\n');
  const user = { id: owner.id, username: owner.username };
  const ingested = await ingestMaterial(contextFor(h, user), {
    files: [{ filename: 'computing.md', mimetype: 'text/markdown', data: Buffer.from(markdown) }],
  });
  return createTextbook(h.database.db, { owner: user, topic: 'Computing', content: book(), sourceIds: ingested.sourceIds });
}

async function provenance(user: TestUser, id: number, chapter = 1) {
  return h.app.inject({ method: 'GET', url: `/api/textbooks/${id}/provenance?chapter=${chapter}`, headers: { cookie: user.cookie } });
}

function blockWith(body: ProvenanceResponse, text: string): ProvenanceBlock {
  const found = body.blocks.find((b) => b.text.includes(text));
  expect(found, text).toBeDefined();
  return found!;
}

describe('GET /api/textbooks/{id}/provenance', () => {
  it('finds a quoted sentence in the material, with its file, paragraph, heading path and span', async () => {
    const created = await createMarkdownBook(alice);
    const res = await provenance(alice, created.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProvenanceResponse;
    expect(body.chapterTitle).toBe('Hardware');
    expect(body.documents).toBe(1);
    const block = blockWith(body, quoted);
    expect(block.verdict).toBe('material');
    expect(block.sectionIndex).toBeNull();
    const source = block.source!;
    expect(source.filename).toBe('computing.md');
    expect(source.isPdf).toBe(false);
    expect(source.page).toBeUndefined();
    // heading, paragraph, heading, then the paragraph on electronic computers: the file's fourth block.
    expect(source.paragraph).toBe(3);
    expect(source.headingPath).toEqual(['Electronic Computers']);
    expect(source.passage.slice(source.span!.start, source.span!.end)).toBe(quoted);
  });

  it('gives each sentence of a paragraph joined from two passages its own passage', async () => {
    const joined = `${quoted} A transistor is a semiconductor device that amplifies or switches electronic signals.`;
    const content = book();
    content.chapters[0].content = `<p>${joined}</p>`;
    const created = await createLinkedBook(h, alice, content);
    const block = ((await provenance(alice, created.id, 0)).json() as ProvenanceResponse).blocks[0];
    expect(block.verdict).toBe('material');
    expect(block.passages).toHaveLength(2);
    expect(block.apparatus).toBe(false);
    for (const s of block.sentences) {
      const passage = block.passages[s.passage!];
      expect(passage.passage.slice(passage.span!.start, passage.span!.end)).toBe(s.text);
    }
    expect(block.passages.map((p) => p.headingPath.at(-1))).toEqual(['Electronic Computers', 'Transistors and Integrated Circuits']);
  });

  it('flags the study apparatus around a chapter (objectives, review)', async () => {
    const content = book();
    content.chapters[0].content =
      `<h3>Learning objectives</h3><ul><li><p>Explain vacuum tubes.</p></li></ul><hr>` +
      `<p>${quoted}</p><h3>Review questions</h3><ol><li><p>What is a vacuum tube?</p></li></ol>`;
    const created = await createLinkedBook(h, alice, content);
    const blocks = ((await provenance(alice, created.id, 0)).json() as ProvenanceResponse).blocks;
    expect(blocks.map((b) => [b.text, b.apparatus])).toEqual([
      ['Explain vacuum tubes.', true],
      [quoted, false],
      ['What is a vacuum tube?', true],
    ]);
  });

  it('gives the block its place in the document when the extractor keeps no index (typed text)', async () => {
    const created = await createLinkedBook(h, alice, book());
    const source = blockWith((await provenance(alice, created.id)).json() as ProvenanceResponse, quoted).source!;
    expect(source.headingPath.at(-1)).toBe('Electronic Computers');
    expect(source.paragraph).toBeGreaterThan(0);
    expect(source.passage).toContain(quoted);
  });

  it('marks a sentence with a changed number unsupported, a paraphrase that keeps numbers and names supported', async () => {
    const created = await createLinkedBook(h, alice, book());
    const body = (await provenance(alice, created.id)).json() as ProvenanceResponse;
    const changed = blockWith(body, numberChanged);
    expect(changed.verdict).toBe('unsupported');
    expect(changed.sectionIndex).toBe(0);
    // It still shows the closest passage, and says that is all it is.
    expect(changed.source?.passage).toContain('invented at Bell Labs in 1947');
    expect(changed.note).toMatch(/closest passage/i);

    const para = blockWith(body, paraphrase);
    expect(para.kind).toBe('list-item');
    expect(para.verdict).toBe('supported');
    expect(para.source?.passage).toContain('Jack Kilby');
    const span = para.source!.span!;
    expect(para.source!.passage.slice(span.start, span.end)).toContain('demonstrated by Jack Kilby in 1958');

    expect(blockWith(body, invented).verdict).toBe('unsupported');

    // Figures: one sentence in each verdict but unsupported, which has two.
    expect(body.figures.counts).toEqual({ material: 1, supported: 1, unsupported: 2, unknown: 0, typed: 0 });
    expect(body.figures.shares.unsupported).toBe(0.5);
  });

  it('a paraphrase that changes a name is unsupported', async () => {
    const content = book();
    content.chapters[0].content = `<p>${paraphrase.replace('Jack Kilby', 'Robert Noyce')}</p>`;
    const created = await createLinkedBook(h, alice, content);
    const body = (await provenance(alice, created.id, 0)).json() as ProvenanceResponse;
    expect(body.blocks).toHaveLength(1);
    expect(body.blocks[0].verdict).toBe('unsupported');
  });

  it('says "source unknown", not an error, when the book’s sources were deleted', async () => {
    const created = await createLinkedBook(h, alice, book());
    // Asked once before (the answer and the material read are held): the deletion is still seen.
    expect((await provenance(alice, created.id)).json().documents).toBe(1);
    const linked = await h.database.db.select().from(textbookSources).where(eq(textbookSources.textbookId, created.id));
    for (const link of linked) await h.database.db.delete(sources).where(eq(sources.id, link.sourceId));
    const res = await provenance(alice, created.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProvenanceResponse;
    expect(body.documents).toBe(0);
    expect(body.blocks.length).toBe(4);
    for (const block of body.blocks) {
      expect(block.verdict).toBe('unknown');
      expect(block.source).toBeNull();
      expect(block.note).toBe('source unknown');
    }
    expect(body.figures.shares.unknown).toBe(1);
  });

  it('answers collaborators, 404 to strangers and for a chapter the book does not have, 400 for a bad chapter', async () => {
    const created = await createLinkedBook(h, alice, book());
    await shareBook(h, created.id, bob);
    expect((await provenance(bob, created.id)).statusCode).toBe(200);
    const stranger = await provenance(mallory, created.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('ENIAC');
    expect((await provenance(alice, created.id, 7)).statusCode).toBe(404);
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/textbooks/${created.id}/provenance?chapter=first`,
      headers: { cookie: alice.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: `/api/textbooks/${created.id}/provenance?chapter=0` })).statusCode).toBe(401);
  });
});

describe('provenance stored with the book', () => {
  /** The Markdown book, made again with its sources written into its blocks as generation writes them. */
  async function createStampedBook(owner: TestUser, extra = '') {
    const created = await createMarkdownBook(owner);
    const { material } = await loadSourcesMaterial(h.deps, [...(await sourceIdsOf(created.id))]);
    const stamped = stampSources(material, {
      ...book(),
      chapters: book().chapters.map((c, i) => (i === 1 ? { ...c, content: c.content + extra } : c)),
    } as TextbookContent);
    const user = { id: owner.id, username: owner.username };
    return createTextbook(h.database.db, {
      owner: user,
      topic: 'Computing',
      content: stamped,
      sourceIds: [...(await sourceIdsOf(created.id))],
    });
  }

  async function sourceIdsOf(textbookId: number): Promise<number[]> {
    const rows = await h.database.db.select().from(textbookSources).where(eq(textbookSources.textbookId, textbookId));
    return rows.map((r) => r.sourceId);
  }

  it('stores the source of each quoted block and reads it back as the block’s source', async () => {
    const created = await createStampedBook(alice);
    const stored = created.content.chapters[1].content;
    expect(stored).toMatch(/^<p data-src="\d+:\d+">/);
    const body = (await provenance(alice, created.id)).json() as ProvenanceResponse;
    const block = blockWith(body, quoted);
    expect(block.verdict).toBe('material');
    expect(block.stored).toBe(true);
    expect(block.source?.filename).toBe('computing.md');
    expect(block.source!.passage).toContain(quoted);
    // The invented list item holds nothing of the material: it carries no stored source.
    expect(created.content.chapters[1].sections[0].content).toContain(`<li><p>${invented}</p></li>`);
    expect(blockWith(body, invented).stored).toBeUndefined();
  });

  it('a stored block edited since (a number changed) is matched afresh: unsupported, never an error', async () => {
    const created = await createStampedBook(alice);
    const key = /data-src="(\d+:\d+)"/.exec(created.content.chapters[1].content)![1];
    const edited = structuredClone(book()) as TextbookContent;
    edited.chapters[1].content = `<p data-src="${key}">${quoted.replace('1945', '1950')}</p>`;
    const again = await createTextbook(h.database.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'Computing',
      content: edited,
      sourceIds: await sourceIdsOf(created.id),
    });
    const res = await provenance(alice, again.id);
    expect(res.statusCode).toBe(200);
    const block = blockWith(res.json() as ProvenanceResponse, '1950');
    expect(block.verdict).toBe('unsupported');
    expect(block.stored).toBe(false);
  });

  it('marks a block typed through the editor as typed by its author, with their name, in the figures too', async () => {
    const at = 1_764_000_000;
    const created = await createStampedBook(
      alice,
      `<p data-by="${bob.id}:${at}">${invented}</p><p data-by="${bob.id}:${at}">${quoted}</p>`,
    );
    const body = (await provenance(alice, created.id)).json() as ProvenanceResponse;
    const typed = body.blocks.filter((b) => b.typedBy);
    expect(typed).toHaveLength(2);
    const [own, kept] = typed;
    expect(own.verdict).toBe('typed');
    expect(own.typedBy).toEqual({ userId: bob.id, name: bob.username, at: new Date(at * 1000).toISOString() });
    // Text the material holds stays the material's, whoever typed it.
    expect(kept.verdict).toBe('material');
    expect(body.figures.counts.typed).toBe(1);
  });
});

describe('support by meaning as well as words', () => {
  async function embeddedBook() {
    const created = await createMarkdownBook(alice);
    const ids = await sourceIdsOfBook(created.id);
    const { material } = await loadSourcesMaterial(h.deps, ids);
    const content = book() as TextbookContent;
    content.chapters[1].content += `<p>${otherWords}</p>`;
    const user = { id: alice.id, username: alice.username };
    const stamped = await createTextbook(h.database.db, {
      owner: user,
      topic: 'Computing',
      content: stampSources(material, content),
      sourceIds: ids,
    });
    // The material's sentence vectors made (as after any upload, in the background): the embedder works for it.
    await h.deps.backgroundEmbeddings.ensure(alice.id, ids);
    return stamped;
  }

  it('supports a sentence in other words once the material is embedded; a changed number or an invented claim stays unsupported', async () => {
    const created = await embeddedBook();
    // A first answer may come by words while the encoder is still at work; asked again, by meaning too.
    let body = (await provenance(alice, created.id)).json() as ProvenanceResponse;
    for (let i = 0; i < 30 && body.supportBy !== 'words-and-meaning'; i++) {
      expect(body.notes.join(' ')).toMatch(/still at work/);
      await new Promise((r) => setTimeout(r, 500));
      body = (await provenance(alice, created.id)).json() as ProvenanceResponse;
    }
    expect(body.supportBy).toBe('words-and-meaning');
    expect(body.notes).toEqual([]);
    const block = blockWith(body, otherWords);
    expect(block.verdict).toBe('supported');
    expect(block.source?.passage).toContain('Transistors are smaller, cooler and far more reliable than vacuum tubes.');
    expect(blockWith(body, numberChanged).verdict).toBe('unsupported');
    expect(blockWith(body, invented).verdict).toBe('unsupported');
    expect(blockWith(body, quoted).verdict).toBe('material');
  });

  it('judges by words only when the embedding model does not answer, and says so in the answer', async () => {
    const created = await embeddedBook();
    const ctx = contextFor(h, { id: alice.id, username: alice.username });
    const failing = {
      ...ctx,
      embedder: {
        model: h.deps.embedder.model,
        embed: async (): Promise<number[][]> => {
          throw new Error('the model is not loaded');
        },
        close: async () => {},
      },
    };
    const body = await getProvenance(failing, created.id, 1);
    expect(body.supportBy).toBe('words');
    expect(body.notes.join(' ')).toMatch(/judged by words only: the embedding model did not answer/);
    expect(blockWith(body, otherWords).verdict).toBe('unsupported');
    expect(blockWith(body, quoted).verdict).toBe('material');
  });
});

describe('stored provenance across saves, restructuring, versions and restore', () => {
  it('keeps the sources through a reorder, loses them with the text replaced, and gets them back on restore', async () => {
    const created = await (async () => {
      const base = await createMarkdownBook(alice);
      const { material } = await loadSourcesMaterial(h.deps, await sourceIdsOfBook(base.id));
      return createTextbook(h.database.db, {
        owner: { id: alice.id, username: alice.username },
        topic: 'Computing',
        content: stampSources(material, book() as TextbookContent),
        sourceIds: await sourceIdsOfBook(base.id),
      });
    })();
    const headers = { cookie: alice.cookie };
    const read = async () => (await h.app.inject({ method: 'GET', url: `/api/textbooks/${created.id}`, headers })).json();
    const save = async (content: TextbookContent, revision: number) => {
      const res = await h.app.inject({
        method: 'PATCH',
        url: `/api/textbooks/${created.id}`,
        headers,
        payload: { content, baseRevision: revision },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Restructuring: the chapters swapped; each block keeps its stored source.
    let now = await read();
    const stamped = now.content.chapters[1].content as string;
    expect(stamped).toContain('data-src=');
    await save({ ...now.content, chapters: [...now.content.chapters].reverse() }, now.revision);
    now = await read();
    expect(now.content.chapters[0].content).toBe(stamped);
    const moved = (await provenance(alice, created.id, 0)).json() as ProvenanceResponse;
    expect(blockWith(moved, quoted)).toMatchObject({ verdict: 'material', stored: true });
    // The text replaced by a plain copy (as a tool from before provenance existed would): matched afresh.
    now.content.chapters[0].content = `<p>${quoted}</p>`;
    await save(now.content, now.revision);
    expect(blockWith((await provenance(alice, created.id, 0)).json() as ProvenanceResponse, quoted).stored).toBeUndefined();
    // Restoring the first version brings the stored sources back.
    const versions = (await h.app.inject({ method: 'GET', url: `/api/textbooks/${created.id}/versions`, headers })).json()
      .versions as Array<{
      id: number;
      versionNumber: number;
    }>;
    const first = versions.find((v) => v.versionNumber === 1)!;
    const restored = await h.app.inject({ method: 'POST', url: `/api/textbooks/${created.id}/versions/${first.id}/restore`, headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read()).content.chapters[1].content).toBe(stamped);
    expect(blockWith((await provenance(alice, created.id, 1)).json() as ProvenanceResponse, quoted)).toMatchObject({ stored: true });
  });
});

async function sourceIdsOfBook(textbookId: number): Promise<number[]> {
  const rows = await h.database.db.select().from(textbookSources).where(eq(textbookSources.textbookId, textbookId));
  return rows.map((r) => r.sourceId);
}

describe('stored provenance through the AI tools', () => {
  it('a restructured book (3-week syllabus) keeps each block’s stored source', async () => {
    const base = await createLinkedBook(h, alice);
    const sourceIds = await sourceIdsOfBook(base.id);
    const { material } = await loadSourcesMaterial(h.deps, sourceIds);
    const content = stampSources(material, base.content);
    const keysOf = (c: TextbookContent) =>
      c.chapters
        .flatMap((ch) => [ch.content, ...ch.sections.map((s) => s.content)])
        .join('')
        .match(/data-src="\d+:\d+"/g) ?? [];
    expect(keysOf(content).length).toBeGreaterThan(3);
    const created = await createTextbook(h.database.db, {
      owner: { id: alice.id, username: alice.username },
      topic: 'History',
      content,
      sourceIds,
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ai/customize-structure',
      headers: { cookie: alice.cookie },
      payload: { textbookId: created.id, userGuidance: 'Make a 3-week syllabus' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().textbookContent as TextbookContent;
    expect(after.chapters).toHaveLength(3);
    expect(keysOf(after).sort()).toEqual(keysOf(content).sort());
    const chapters = await Promise.all(after.chapters.map((_, i) => provenance(alice, created.id, i)));
    const blocks = chapters.flatMap((r) => (r.json() as ProvenanceResponse).blocks);
    expect(blocks.filter((b) => b.stored).length).toBe(keysOf(content).length);
  });

  it('a section Expand wrote to carries the sources of its new paragraphs; the section’s own text stays as it was', async () => {
    const base = await createLinkedBook(h, alice);
    const chapter = base.content.chapters[2];
    const own = chapter.sections[0].content;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ai/generate-section',
      headers: { cookie: alice.cookie },
      payload: {
        textbookId: base.id,
        chapterIndex: 2,
        chapterTitle: chapter.title,
        sectionTitle: chapter.sections[0].title,
        context: '',
        references: [],
        paragraphCount: 4,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().exhausted).toBe(false);
    const html = res.json().sectionContent as string;
    // The section's own paragraph exactly as it was (no source written into it); the new ones with theirs.
    expect(html.startsWith(own)).toBe(true);
    expect(html.slice(own.length)).toMatch(/<p data-src="\d+:\d+">/);
    // Read back, the new paragraphs are found by their stored source.
    const body = (await provenance(alice, base.id, 2)).json() as ProvenanceResponse;
    const section = body.blocks.filter((b) => b.sectionIndex === 0);
    expect(section[0].stored).toBeUndefined();
    expect(section.slice(1).filter((b) => b.stored === true).length).toBeGreaterThan(0);
  });
});
