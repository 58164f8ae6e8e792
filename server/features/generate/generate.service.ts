import type { MaterialFields } from '@common/extract';
import type { GenerateOutlineResponse } from '@common/generate';
import type { BookLength, Reference } from '@common/textbook';
import type { RequestContext } from '@server/http/request-context';
import { ingestMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import * as repo from './generation-jobs.repo';
import { startJob, type Stage } from './generation-jobs.service';
import { generateOutlineQueue, waitForGeneration, type GenerationInput } from './generation-runner';

export interface GenerateOutlineInput {
  files: Array<{ filename: string; mimetype: string; data: Buffer }>;
  /** Parsed by the route: the topic trimmed and non-empty, the approved references with their keys, the client's job id. */
  fields: MaterialFields & { topic: string; approvedReferences: Reference[]; jobId?: string; length?: BookLength };
}

const ingestStage: Record<'extract' | 'chunk' | 'embed', Stage> = { extract: 0, chunk: 1, embed: 2 };

/**
 * POST /api/textbooks/generate-outline: reads and stores the material here (the files arrive
 * with this request), then hands the composition to a durable job (generation-runner.ts) and
 * answers with the book once the job has stored it, wherever it ran. The job goes on if this
 * request's client leaves or a proxy gives up on it: the book then appears in My Textbooks and
 * GET /api/generation-jobs/{jobId} says so.
 */
export async function generateOutline(ctx: RequestContext, input: GenerateOutlineInput): Promise<GenerateOutlineResponse> {
  const { fields, files } = input;
  const { topic, approvedReferences: references, jobId } = fields;
  const { db, user } = ctx;
  const progress = await startJob(ctx, jobId);
  let text: string;
  try {
    progress.stage(0, 0);
    const directContent = fields.directContent?.trim() ? fields.directContent : undefined;
    const ingested = await ingestMaterial(
      ctx,
      { files, directContent, chapterTitle: fields.chapterTitle?.trim() || undefined, topicFallback: `Topic: ${topic}` },
      (stage, percent, message) => progress.stage(ingestStage[stage], percent, message),
    );
    text = ingested.text;
    await progress.flush();
    const job: GenerationInput = {
      topic,
      username: user.username,
      references,
      sourceIds: ingested.sourceIds,
      length: fields.length ?? 'full',
    };
    await repo.updateJob(db, progress.jobId, { input: job });
    await ctx.jobs.send(generateOutlineQueue, { jobId: progress.jobId });
  } catch (err) {
    await progress.failed(err);
    throw err;
  }
  const { textbookId } = await waitForGeneration(db, progress.jobId);
  const { textbook } = await requireTextbookAccess(db, textbookId, user, 'read');
  return {
    textbookContent: textbook.content,
    extractedText: text || `Topic: ${topic}`,
    textbookId,
    ...(textbook.content.notice ? { notice: textbook.content.notice } : {}),
  };
}
