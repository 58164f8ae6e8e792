import { afterEach, describe, expect, it } from 'vitest';
import { parseTextbookContent, type TextbookContent } from '../../../common/textbook';
import { AppError } from '../../core/app-error';
import { emptyMaterial } from '../material';
import type { EngineContext } from '../engine';
import { OfflineMaterialsRunner } from './materials-runner';

const ctx = { material: emptyMaterial() } as EngineContext;
function bookOf(raw: unknown): TextbookContent {
  const parsed = parseTextbookContent(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.content;
}
const emptyBook = bookOf({ title: 'Empty', chapters: [{ title: 'Nothing yet', sections: [] }] });

describe('offline materials in a worker thread', () => {
  let runner: OfflineMaterialsRunner | undefined;
  afterEach(async () => {
    await runner?.close();
  });

  it('stops a job over its time limit with a clear 503', async () => {
    runner = new OfflineMaterialsRunner(1);
    const err = await runner.generate(ctx, { book: emptyBook, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).toMatch(/^Generating this material took longer than \d+ seconds and was stopped\./);
  });

  it("passes the builders' own refusals through unchanged (422 with their message)", async () => {
    runner = new OfflineMaterialsRunner();
    const err = await runner.generate(ctx, { book: emptyBook, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).code).toBe('UNPROCESSABLE');
    expect((err as AppError).message).toBe(
      'The chapter "Nothing yet" has no text to build a quiz from yet. Add or expand its content first.',
    );
  });
});
