import { z } from 'zod';
import { errorCodes, type ErrorCode } from '@common/errors';
import { bookLengthSchema, referenceSchema, type TextbookContent } from '@common/textbook';
import { materialCredits } from '@server/ai/material-credits';
import { materialLanguage } from '@server/ai/material-language';
import { AppError } from '@server/core/app-error';
import type { Db } from '@server/db/client';
import type { JobRun } from '@server/db/jobs';
import type { AppDeps } from '@server/features/app-deps';
import { stampOffThread } from '../provenance/provenance-pool';
import { withChapterFiles } from '../provenance/chapter-files';
import { loadSourcesMaterial } from '../sources/sources.service';
import { createTextbook } from '../textbooks/textbooks.service';
import { insertTextbookReferences } from './generate.repo';
import * as repo from './generation-jobs.repo';
import { markDone, progressReporter } from './generation-jobs.service';

/** The durable job that composes and stores a generated textbook ("Long AI work is a durable job", docs/decisions.md). */
export const generateOutlineQueue = 'generate-outline';

/** What the request stores for the job: enough for any instance to compose the book. */
export const generationInput = z.object({
  topic: z.string(),
  username: z.string(),
  references: z.array(referenceSchema),
  sourceIds: z.array(z.number().int()),
  /** The user's choice: the whole material (absent, as in jobs stored before the choice existed) or a condensed book. */
  length: bookLengthSchema.optional(),
});
export type GenerationInput = z.infer<typeof generationInput>;

/**
 * The engine reports one percent for its whole run; its first quarter is planning against the
 * material (step 4, "Finding most relevant content"), the rest is writing (step 5).
 */
const planningShare = 25;

const waiters = new Map<string, Set<() => void>>();

function announce(jobId: string): void {
  for (const wake of waiters.get(jobId) ?? []) wake();
}

/**
 * Runs one generation job on this instance: loads its sources, composes the book with the
 * engine (in its workers), and stores the textbook and marks the job done in one transaction, so
 * a job retried after a crash either finds it done or starts over cleanly. A failure the user
 * should see is recorded on the job; a stop of this instance leaves the job to be run again.
 */
export async function runGeneration(deps: AppDeps, data: Record<string, unknown>, run: JobRun): Promise<void> {
  const db = deps.database.db;
  const jobId = typeof data.jobId === 'string' ? data.jobId : undefined;
  const row = jobId ? await repo.findJob(db, jobId) : undefined;
  if (!jobId || !row || row.status !== 'running' || row.textbookId !== null) return;
  const parsed = generationInput.safeParse(row.input);
  const progress = progressReporter(db, jobId, { stage: row.stage, percent: row.percent });
  try {
    if (!parsed.success) throw new AppError('INTERNAL', 'The textbook could not be generated: its job was incomplete. Please try again.');
    const input = parsed.data;
    await repo.updateJob(db, jobId, { worker: deps.jobs.instanceId, attempts: run.attempt });
    let { material, retriever } = await loadSourcesMaterial(deps, input.sourceIds);
    if (material.chunks.some((c) => !c.embedding) && (deps.engine.needsEmbeddings?.(material) ?? true)) {
      // The engine composes with the vectors: wait for the background embeddings (or make them here).
      progress.stage(2, 0);
      await deps.backgroundEmbeddings.ensure(row.userId, input.sourceIds, (p) => progress.stage(2, p.percent));
      ({ material, retriever } = await loadSourcesMaterial(deps, input.sourceIds));
    }
    progress.stage(3, 0);
    const composed = await deps.engine.outline(
      {
        material,
        retriever,
        signal: run.signal,
        onProgress: (percent, message) =>
          percent < planningShare
            ? progress.stage(3, (percent / planningShare) * 100, message)
            : progress.stage(4, ((percent - planningShare) / (100 - planningShare)) * 100, message),
      },
      { topic: input.topic, references: input.references, length: input.length ?? 'full' },
    );
    progress.stage(5, 0);
    await progress.flush();
    // The book declares its material's language (the reader and exports read it), whichever engine wrote it.
    const language = composed.language ?? materialLanguage(material);
    // The documents' title-page lines (course, authors, date) go to the book's title page, never into a chapter.
    const credits = materialCredits(material);
    // Each block the material holds carries its source from the start (server/features/provenance/stamp-sources.ts); with
    // several files, each chapter names the ones it comes from.
    const stamped: TextbookContent = await stampOffThread(material, {
      ...composed,
      title: composed.title || input.topic,
      references: input.references,
      ...(language ? { language } : {}),
      ...(credits.length ? { credits } : {}),
    });
    const content = withChapterFiles(material, stamped);
    await db.transaction(async (tx) => {
      const textbook = await createTextbook(tx, {
        owner: { id: row.userId, username: input.username },
        topic: input.topic,
        content,
        sourceIds: input.sourceIds,
        description: 'Generated from the uploaded material',
      });
      await insertTextbookReferences(tx, textbook.id, input.references);
      await markDone(tx, jobId, textbook.id);
    });
  } catch (err) {
    // This instance is stopping: the queue runs the job again (on another instance, or at the next start).
    if (run.signal.aborted) throw err;
    await progress.failed(err);
  } finally {
    announce(jobId);
  }
}

function isErrorCode(code: string | null): code is ErrorCode {
  return (errorCodes as readonly string[]).includes(code ?? '');
}

/**
 * Waits until the job has finished, wherever it runs: woken at once when it ran here, otherwise
 * it reads the job's row every half second (another instance may have it).
 */
export async function waitForGeneration(db: Db, jobId: string): Promise<{ textbookId: number }> {
  for (;;) {
    const row = await repo.findJob(db, jobId);
    if (row?.status === 'done' && row.textbookId !== null) return { textbookId: row.textbookId };
    if (row?.status === 'failed') {
      throw new AppError(
        isErrorCode(row.errorCode) ? row.errorCode : 'INTERNAL',
        row.message ?? 'The textbook could not be generated.',
        undefined,
        row.errorStatus ?? undefined,
      );
    }
    if (!row) throw new AppError('INTERNAL', 'The generation job disappeared. Please try again.');
    await new Promise<void>((resolve) => {
      const set = waiters.get(jobId) ?? new Set<() => void>();
      waiters.set(jobId, set);
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0) waiters.delete(jobId);
        resolve();
      };
      const timer = setTimeout(wake, 500);
      set.add(wake);
    });
  }
}
