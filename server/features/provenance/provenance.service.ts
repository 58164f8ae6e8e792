import type { ProvenanceBlock, ProvenanceFigures, ProvenanceResponse, ProvenanceVerdict } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/offline/expand/source-map';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/http/request-context';
import { loadTextbookMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import { matchChapter, matchIndex } from './provenance-match';

/** The chapter's figures: shares of its sentences in each verdict (a block without sentences counts as one). */
export function provenanceFigures(blocks: ProvenanceBlock[]): ProvenanceFigures {
  const counts: Record<ProvenanceVerdict, number> = { material: 0, supported: 0, unsupported: 0, unknown: 0 };
  for (const block of blocks) {
    if (block.sentences.length === 0) counts[block.verdict]++;
    for (const s of block.sentences) counts[s.verdict]++;
  }
  const sentences = counts.material + counts.supported + counts.unsupported + counts.unknown;
  const share = (n: number) => (sentences ? Math.round((n / sentences) * 1000) / 1000 : 0);
  return {
    sentences,
    counts,
    shares: {
      material: share(counts.material),
      supported: share(counts.supported),
      unsupported: share(counts.unsupported),
      unknown: share(counts.unknown),
    },
  };
}

/** The provenance of one chapter against a material: the CPU work of the route, apart for the benchmark. */
export function chapterProvenance(
  material: Material,
  chapter: { title: string; content: string; sections: Array<{ title: string; content: string }> },
  chapterIndex: number,
): ProvenanceResponse {
  const index = material.sources.length > 0 ? matchIndex(sourceMap(material)) : null;
  const pdfIds = new Set(material.sources.filter((s) => s.mime === 'application/pdf').map((s) => s.id));
  const blocks = matchChapter(index, chapter, pdfIds);
  const notes = index
    ? []
    : ['Source unknown: the files this book was made from are no longer stored, so its text cannot be traced to them.'];
  return {
    chapterIndex,
    chapterTitle: chapter.title,
    blocks,
    figures: provenanceFigures(blocks),
    documents: material.sources.length,
    notes,
  };
}

/**
 * GET /api/textbooks/{id}/provenance?chapter=N for whoever may read the book (others: 404).
 * Computed on each request from the stored book and its linked sources; nothing is stored.
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
  return chapterProvenance(material, chapter, chapterIndex);
}
