import JSZip from 'jszip';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { WorkerPool } from '@server/core/worker-pool';
import { useHarness, type TestUser } from '@server/test/harness.support';
import { createBook } from '@server/test/books.support';
import { exportUrl } from '@server/test/export/full-book.support';
import { closeExportPool, exportWorkersStarted, setExportIdleTimeout } from './export-pool';

/**
 * What the export leaves in memory: its worker ends once unused for its idle limit and the next export
 * starts one again; and an export ends the idle workers other pools keep for their next task (a
 * book's making leaves the embedding and language models), which start again when needed.
 */
const h = useHarness();

afterAll(async () => {
  await closeExportPool();
  setExportIdleTimeout(20_000);
});

async function exportWord(user: TestUser, id: number): Promise<string> {
  const res = await h.app.inject({ method: 'GET', url: exportUrl(id, 'docx'), headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  const zip = await JSZip.loadAsync(res.rawPayload);
  return (await zip.file('word/document.xml')?.async('string')) ?? '';
}

describe('export workers and memory', () => {
  it('an export worker unused for its idle limit ends, and the next export starts one again', async () => {
    await closeExportPool();
    setExportIdleTimeout(200);
    const owner = await h.createUser('idle');
    const book = await createBook(h, owner, { topic: 'Idle Workers' });
    const first = await exportWord(owner, book.id);
    expect(first).toContain('Idle Workers');
    await vi.waitFor(() => expect(exportWorkersStarted()).toBe(0), { timeout: 15_000, interval: 50 });
    const again = await exportWord(owner, book.id);
    expect(again).toContain('Idle Workers');
    expect(again.length).toBe(first.length);
  }, 120_000);

  it("an export ends other pools' idle workers, and those pools start one again for their next task", async () => {
    await closeExportPool();
    setExportIdleTimeout(20_000);
    const owner = await h.createUser('other');
    const book = await createBook(h, owner, { topic: 'Shared Memory' });
    type Reply = { ok: true; output: string } | { ok: false; detail: string };
    const other = new WorkerPool<TextbookContent, Reply>(new URL('../share/reader-prepare-worker.ts', import.meta.url), 1, undefined, {
      idleTimeoutMs: 60_000,
    });
    // A pool that keeps nothing when idle is left alone.
    const keeper = new WorkerPool<TextbookContent, Reply>(new URL('../share/reader-prepare-worker.ts', import.meta.url), 1);
    try {
      const content = book.content as TextbookContent;
      const before = await other.run(content, { timeoutMs: 60_000 });
      await keeper.run(content, { timeoutMs: 60_000 });
      expect(before.ok).toBe(true);
      expect(other.started).toBe(1);
      expect(await exportWord(owner, book.id)).toContain('Shared Memory');
      expect(other.started).toBe(0);
      expect(keeper.started).toBe(1);
      const after = await other.run(content, { timeoutMs: 60_000 });
      expect(after.ok && before.ok && after.output === before.output).toBe(true);
      expect(other.started).toBe(1);
    } finally {
      await other.close();
      await keeper.close();
    }
  }, 120_000);
});
