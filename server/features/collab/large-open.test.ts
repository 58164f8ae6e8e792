import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bodyFieldOf, liveDocumentName } from '@common/live-document';
import { useHarness } from '@server/test/harness.support';
import { createTextbook } from '../textbooks/textbooks.service';
import { findLiveState } from '../textbooks/save/live-documents.repo';
import { liveStateWorkerRuns } from '../textbooks/save/live-state';
import { getBook } from '@server/test/realtime/realtime.support';
import { openLiveClient } from '@server/test/realtime/live-client.support';

/**
 * Opening a large book's live document: the state is built from the content in the live-state
 * worker, and taken into the document in chunks cut there, one per turn of the event loop. The
 * event loop's longest delay meanwhile is printed (figures belong to `npm run bench:abuse`).
 */
const h = useHarness();

const paragraph = (i: number) => `<p>Paragraph ${i} of a long section, with <strong>bold</strong> and <em>italic</em> words in it.</p>`;
const perSection = 80;

describe('a large book opened live', () => {
  it('builds, takes in and stores its state off the main thread, holding every paragraph and the typing', async () => {
    const owner = await h.createUser('owner');
    const content = {
      title: 'Large',
      references: [],
      chapters: Array.from({ length: 8 }, (_, c) => ({
        title: `Chapter ${c + 1}`,
        content: '<p>Intro</p>',
        sections: Array.from({ length: 6 }, (_, s) => ({
          title: `Section ${s + 1}`,
          content: Array.from({ length: perSection }, (_, i) => paragraph(i)).join(''),
        })),
      })),
    };
    const book = await createTextbook(h.database.db, { owner: { id: owner.id, username: owner.username }, topic: 'Large', content });
    const before = { ...liveStateWorkerRuns };

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.threadCpuUsage();
    const connection = await h.deps.collab!.hocuspocus.openDirectConnection(liveDocumentName(book.id));
    loop.disable();
    const cpu = process.threadCpuUsage(cpuBefore);
    const stored = await findLiveState(h.database.db, book.id);
    console.log(
      `opening a book of ${(JSON.stringify(content).length / 1e6).toFixed(1)} MB of HTML (live state ${(stored!.state.length / 1e6).toFixed(1)} MB): event loop max delay ${(loop.max / 1e6).toFixed(0)} ms, main thread CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms in all`,
    );

    try {
      expect(liveStateWorkerRuns.build).toBe(before.build + 1);
      expect(liveStateWorkerRuns.chunks).toBe(before.chunks + 1);
      const doc = connection.document!;
      const sections = (
        await (await h.app.inject({ method: 'GET', url: `/api/textbooks/${book.id}`, headers: { cookie: owner.cookie } })).json()
      ).content.chapters.flatMap((c: { sections: Array<{ id: string }> }) => c.sections.map((s) => s.id)) as string[];
      expect(sections).toHaveLength(48);
      for (const id of sections) {
        const fragment = doc.getXmlFragment(bodyFieldOf(id));
        expect(fragment.length).toBe(perSection);
        const last = fragment.get(perSection - 1) as Y.XmlElement;
        expect(last.toString()).toContain(`Paragraph ${perSection - 1} of a long section`);
      }
      // What the document holds is the stored state, nothing pending.
      expect(doc.store.pendingStructs).toBeNull();
      expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVectorFromUpdate(stored!.state));

      // A keystroke stored: what the document adds to the stored state is merged into it in the worker.
      const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const typist = await openLiveClient(base, { cookie: owner.cookie, textbookId: book.id });
      try {
        await typist.synced;
        typist.type(sections[47], perSection - 1, ' typed at the end');
        await typist.flush();
      } finally {
        await typist.close();
      }
      expect(liveStateWorkerRuns.merge).toBe(before.merge + 1);
      const after = await getBook(h.app, owner, book.id);
      expect(after.content.chapters[7].sections[5].content).toContain(
        `Paragraph ${perSection - 1} of a long section, with <strong>bold</strong> and <em>italic</em> words in it. typed at the end</p>`,
      );
      const reopened = new Y.Doc();
      Y.applyUpdate(reopened, (await findLiveState(h.database.db, book.id))!.state);
      expect(reopened.getXmlFragment(bodyFieldOf(sections[47])).toString()).toContain('words in it. typed at the end');
      expect(reopened.getXmlFragment(bodyFieldOf(sections[0])).length).toBe(perSection);
    } finally {
      await connection.disconnect();
    }
  }, 120_000);
});
