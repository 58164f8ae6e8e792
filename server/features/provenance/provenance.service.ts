import type { ProvenanceResponse } from '@common/provenance';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import { loadTextbookMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import { matchOffThread } from './provenance-pool';
import { userNames } from './typists.repo';

/**
 * GET /api/textbooks/{id}/provenance?chapter=N for whoever may read the book (others: 404).
 * Computed on each request from the stored book and its linked sources, reading what is stored on
 * the blocks (their source keys and who typed them, common/block-provenance.ts).
 */
export async function getProvenance(ctx: RequestContext, textbookId: number, chapterIndex: number): Promise<ProvenanceResponse> {
  const { textbook } = await requireTextbookAccess(ctx.db, textbookId, ctx.user, 'read');
  const chapters = textbook.content.chapters;
  const chapter = chapters[chapterIndex];
  if (!chapter) {
    throw AppError.notFound(
      chapters.length === 0
        ? 'The textbook has no chapters yet.'
        : `There is no chapter ${chapterIndex + 1}: the textbook has ${chapters.length} chapter${chapters.length === 1 ? '' : 's'}.`,
    );
  }
  const { material } = await loadTextbookMaterial(ctx, textbookId);
  const answer = await matchOffThread(material, chapter, chapterIndex);
  const ids = [...new Set(answer.blocks.flatMap((b) => (b.typedBy ? [b.typedBy.userId] : [])))];
  const names = await userNames(ctx.db, ids);
  for (const b of answer.blocks) if (b.typedBy) b.typedBy.name = names.get(b.typedBy.userId) ?? 'a former user';
  return answer;
}
