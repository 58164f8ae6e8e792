import { describe, expect, it } from 'vitest';
import { OfflineWorkerEngine } from '@server/ai/offline/worker/worker-engine';
import { useHarness } from '@server/test/harness.support';
import { createLinkedBook } from '@server/test/ai/computing-material.support';

const h = useHarness();

/** The offline engine's worker threads each hold a language model: started by the first request that needs one, not before. */
describe('the engine worker threads', () => {
  it('are not started by building the app, registering or storing material; the first expansion starts one', async () => {
    const engine = h.deps.engine;
    expect(engine).toBeInstanceOf(OfflineWorkerEngine);
    const workers = () => (engine as OfflineWorkerEngine).startedWorkers;
    expect(workers()).toBe(0);

    const alice = await h.createUser('alice');
    const book = await createLinkedBook(h, alice);
    const list = await h.app.inject({ method: 'GET', url: '/api/textbooks', headers: { cookie: alice.cookie } });
    expect(list.statusCode).toBe(200);
    expect(workers()).toBe(0);

    const expandParagraph = (paragraphContent: string, subject: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/ai/expand-paragraph',
        headers: { cookie: alice.cookie },
        payload: { paragraphContent, textbookId: book.id, subject },
      });
    const res = await expandParagraph('The transistor was invented at Bell Labs in 1947.', 'Transistors');
    expect(res.statusCode, res.body).toBe(200);
    expect(workers()).toBe(1);

    // A second request reuses the started worker rather than starting another.
    const again = await expandParagraph('Vacuum tubes were replaced slowly.', 'Vacuum tubes');
    expect(again.statusCode, again.body).toBe(200);
    expect(workers()).toBe(1);
  });
});
