import type { MaterialFields } from '@common/extract';
import type { GenerateOutlineResponse } from '@common/generate';
import type { BookLength, Reference } from '@common/textbook';
import type { RequestContext } from '@server/features/request-context';
import { listSources } from '../sources/sources.repo';
import { ingestMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import * as repo from './generation-jobs.repo';
import { startJob, whileReading, type Stage } from './generation-jobs.service';
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
  const started = await startJob(ctx, jobId);
  if (started.kind === 'existing') return answerOfJob(ctx, started.row.id, started.row.input as GenerationInput | null, topic);
  const progress = started.progress;
  let text: string;
  try {
    progress.stage(0, 0);
    const directContent = fields.directContent?.trim() ? fields.directContent : undefined;
    const ingested = await whileReading(db, progress.jobId, () =>
      ingestMaterial(
        ctx,
        { files, directContent, chapterTitle: fields.chapterTitle?.trim() || undefined, topicFallback: `Topic: ${topic}` },
        (stage, percent, message) => progress.stage(ingestStage[stage], percent, message),
      ),
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
  return bookOfJob(ctx, progress.jobId, text || `Topic: ${topic}`);
}

/** The answer once the job has stored its book, wherever it ran. */
async function bookOfJob(ctx: RequestContext, jobId: string, extractedText: string): Promise<GenerateOutlineResponse> {
  const { textbookId } = await waitForGeneration(ctx.db, jobId);
  const { textbook } = await requireTextbookAccess(ctx.db, textbookId, ctx.user, 'read');
  return {
    textbookContent: textbook.content,
    extractedText,
    textbookId,
    ...(textbook.content.notice ? { notice: textbook.content.notice } : {}),
  };
}

/** A re-sent generation: the book of the job its id names (done, or once done), with the text of the job's own sources. */
async function answerOfJob(
  ctx: RequestContext,
  jobId: string,
  input: GenerationInput | null,
  topic: string,
): Promise<GenerateOutlineResponse> {
  const ids = input?.sourceIds ?? [];
  const byId = new Map((await listSources(ctx.db, ids)).map((s) => [s.id, s.text]));
  const text = ids
    .map((id) => byId.get(id) ?? '')
    .filter(Boolean)
    .join('\n\n');
  return bookOfJob(ctx, jobId, text || `Topic: ${input?.topic ?? topic}`);
}
