import type { ProvenanceResponse } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/http/request-context';
import * as sourcesRepo from '../sources/sources.repo';
import { loadTextbookMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import { materialKey } from './chapter-provenance';
import { Lru } from './lru';
import { matchOffThread } from './provenance-pool';
import { userNames } from './typists.repo';

/**
 * What the verify view reuses between requests, per database: a book's material as read (by its set of
 * sources; stored sources never change, so only pictures added since could be missed, for a few minutes at
 * most), and each chapter's answer by book revision and material. Both bounded: a 100,000-word material
 * read is a few megabytes, a 100-section chapter's answer under one.
 */
interface Held {
  materials: Lru<string, { material: Material; key: string }>;
  answers: Lru<string, ProvenanceResponse>;
}
const heldByDatabase = new WeakMap<object, Held>();
const materialMaxAgeMs = 10 * 60_000;

function heldFor(db: object): Held {
  let held = heldByDatabase.get(db);
  if (!held) heldByDatabase.set(db, (held = { materials: new Lru(4, materialMaxAgeMs), answers: new Lru(16) }));
  return held;
}

/**
 * GET /api/textbooks/{id}/provenance?chapter=N for whoever may read the book (others: 404).
 * Computed from the stored book and its linked sources, reading what is stored on the blocks (their
 * source keys and who typed them, common/block-provenance.ts); the same revision of a chapter against the
 * same sources is answered again from memory.
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
  const held = heldFor(ctx.database.db);
  const sources = (await sourcesRepo.listTextbookSourceIds(ctx.db, textbookId)).join(',');
  const answerKey = `${textbookId}:${textbook.revision}:${chapterIndex}:${sources}`;
  let answer = held.answers.get(answerKey);
  if (!answer) {
    let read = held.materials.get(sources);
    if (!read) {
      const { material } = await loadTextbookMaterial(ctx, textbookId);
      // What matching reads: the documents' blocks and pictures, not the chunks and their vectors.
      const kept: Material = { sources: material.sources, chunks: [], imageUrls: material.imageUrls };
      read = { material: kept, key: materialKey(kept) };
      held.materials.set(sources, read);
    }
    answer = await matchOffThread(read.material, chapter, chapterIndex, { key: read.key });
    held.answers.set(answerKey, answer);
  }
  // A copy for this request: the names are the typists' as they are now.
  const copy: ProvenanceResponse = { ...answer, blocks: answer.blocks.map((b) => (b.typedBy ? { ...b, typedBy: { ...b.typedBy } } : b)) };
  const ids = [...new Set(copy.blocks.flatMap((b) => (b.typedBy ? [b.typedBy.userId] : [])))];
  const names = await userNames(ctx.db, ids);
  for (const b of copy.blocks) if (b.typedBy) b.typedBy.name = names.get(b.typedBy.userId) ?? 'a former user';
  return copy;
}
