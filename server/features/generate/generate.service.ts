import type { PublicUser } from '../../../common/auth';
import { generationJobId, type GenerateOutlineResponse } from '../../../common/generate';
import type { TextbookContent } from '../../../common/textbook';
import { AppError } from '../../core/app-error';
import type { AppDeps } from '../../http/deps';
import { ingestMaterial } from '../sources/sources.service';
import { createTextbook } from '../textbooks/textbooks.service';
import { parseApprovedReferences } from './approved-references';
import { insertTextbookReferences } from './generate.repo';
import { startJob, type Stage } from './generation-jobs.service';

export interface GenerateOutlineInput {
  files: Array<{ filename: string; mimetype: string; data: Buffer }>;
  fields: Record<string, string>;
}

const ingestStage: Record<'extract' | 'chunk' | 'embed', Stage> = { extract: 0, chunk: 1, embed: 2 };
/**
 * The engine reports one percent for its whole run; its first quarter is
 * planning against the material (step 4, "Finding most relevant content"),
 * the rest is writing (step 5).
 */
const planningShare = 25;

/**
 * POST /api/textbooks/generate-outline (): ingest the material
 * , compose the book with the configured engine, store it with
 * its sources and the approved references, and keep its first version.
 */
export async function generateOutline(deps: AppDeps, user: PublicUser, input: GenerateOutlineInput): Promise<GenerateOutlineResponse> {
  const { fields, files } = input;
  const topic = (fields.topic ?? '').trim();
  if (!topic) throw AppError.badRequest('Please enter a topic');
  const references = parseApprovedReferences(fields.approvedReferences);
  let jobId: string | undefined;
  if (fields.jobId) {
    const parsed = generationJobId.safeParse(fields.jobId);
    if (!parsed.success) throw AppError.badRequest('Invalid job id');
    jobId = parsed.data;
  }
  const db = deps.database.db;
  const progress = await startJob(db, user, jobId);
  try {
    progress.stage(0, 0);
    const directContent = fields.directContent?.trim() ? fields.directContent : undefined;
    const ingested = await ingestMaterial(
      deps,
      user,
      { files, directContent, chapterTitle: fields.chapterTitle?.trim() || undefined, topicFallback: `Topic: ${topic}` },
      (stage, percent) => progress.stage(ingestStage[stage], percent),
    );
    progress.stage(3, 0);
    const composed = await deps.engine.outline(
      {
        material: ingested.material,
        retriever: ingested.retriever,
        onProgress: (percent) =>
          percent < planningShare
            ? progress.stage(3, (percent / planningShare) * 100)
            : progress.stage(4, ((percent - planningShare) / (100 - planningShare)) * 100),
      },
      { topic, references },
    );
    progress.stage(5, 0);
    const content: TextbookContent = { ...composed, title: composed.title || topic, references };
    const textbook = await createTextbook(db, {
      owner: user,
      topic,
      content,
      sourceIds: ingested.sourceIds,
      description: 'Generated from the uploaded material',
    });
    await insertTextbookReferences(db, textbook.id, references);
    await progress.done(textbook.id);
    return {
      textbookContent: textbook.content,
      extractedText: ingested.text || `Topic: ${topic}`,
      textbookId: textbook.id,
      ...(textbook.content.notice ? { notice: textbook.content.notice } : {}),
    };
  } catch (err) {
    await progress.failed(err instanceof AppError ? err.message : 'The textbook could not be generated.');
    throw err;
  }
}
