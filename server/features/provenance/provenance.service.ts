import type { ProvenanceResponse } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { AppError } from '@server/core/app-error';
import type { RequestContext } from '@server/features/request-context';
import * as sourcesRepo from '../sources/sources.repo';
import { loadTextbookMaterial } from '../sources/sources.service';
import { requireTextbookAccess } from '../textbooks/textbooks.policy';
import { materialKey, type ChapterText } from './chapter-provenance';
import { Lru } from './lru';
import { similaritiesOf } from './meaning';
import { judgeOffThread } from './provenance-pool';
import { userNames } from './typists.repo';

/**
 * What the verify view reuses between requests, per database: a book's material as read (by its set of
 * sources; stored sources never change, so only pictures added since could be missed, for a few minutes at
 * most), and each chapter's answer by book revision and material. Both bounded: a 100,000-word material
 * read is a few megabytes, a 100-section chapter's answer under one.
 */
interface HeldMaterial {
  material: Material;
  key: string;
  /** Every chunk of the material has a vector of the embedder's model: the embedder works for it. */
  embedded: boolean;
}
interface Held {
  materials: Lru<string, HeldMaterial>;
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
  const sourceIds = await sourcesRepo.listTextbookSourceIds(ctx.db, textbookId);
  const sources = sourceIds.join(',');
  const answerKey = `${textbookId}:${textbook.revision}:${chapterIndex}:${sources}`;
  let answer = held.answers.get(answerKey);
  if (!answer) {
    let read = held.materials.get(sources);
    if (!read) {
      const { material } = await loadTextbookMaterial(ctx, textbookId);
      // What matching reads: the documents' blocks and pictures, not the chunks and their vectors.
      const kept: Material = { sources: material.sources, chunks: [], imageUrls: material.imageUrls };
      const embedded = material.chunks.length > 0 && material.chunks.every((c) => c.embedding && c.embedding.length > 0);
      read = { material: kept, key: materialKey(kept), embedded };
      held.materials.set(sources, read);
    } else if (!read.embedded && sourceIds.length > 0) {
      const count = await sourcesRepo.countEmbedded(ctx.db, textbook.ownerId, sourceIds, ctx.embedder.model);
      read.embedded = count.total > 0 && count.embedded >= count.total;
    }
    const judged = await judgeChapter(ctx, read, chapter, chapterIndex);
    answer = judged.answer;
    // An answer by words only while the embedder is not ready for this material is worked out again next time.
    if (judged.final) held.answers.set(answerKey, answer);
  }
  // A copy for this request: the names are the typists' as they are now.
  const copy: ProvenanceResponse = { ...answer, blocks: answer.blocks.map((b) => (b.typedBy ? { ...b, typedBy: { ...b.typedBy } } : b)) };
  const ids = [...new Set(copy.blocks.flatMap((b) => (b.typedBy ? [b.typedBy.userId] : [])))];
  const names = await userNames(ctx.db, ids);
  for (const b of copy.blocks) if (b.typedBy) b.typedBy.name = names.get(b.typedBy.userId) ?? 'a former user';
  return copy;
}

/**
 * Embeddings for one chapter's support by meaning are waited for this long at most: past it the answer by words
 * is given (and not held), while the embedding goes on; the embedder keeps the vectors it made, so the next
 * request ("Check again") has them.
 */
const meaningWaitMs = 2_000;

const wordsOnly = (reason: string) => `Support was judged by words only: ${reason}. Numbers and named terms must agree either way.`;

/**
 * A chapter judged by words, then by meaning where words do not settle it: the pairs the first run asks about
 * (a sentence and its best passages that hold its numbers and named terms) are embedded, and the chapter is
 * judged again with their similarities. Without the embedder (the material not embedded yet, or the model not
 * answering in time) the answer by words stands, and says so.
 */
async function judgeChapter(
  ctx: RequestContext,
  read: HeldMaterial,
  chapter: ChapterText,
  chapterIndex: number,
): Promise<{ answer: ProvenanceResponse; final: boolean }> {
  if (read.material.sources.length === 0 || !read.embedded) {
    const { answer } = await judgeOffThread(read.material, chapter, chapterIndex, { key: read.key });
    if (read.material.sources.length > 0) answer.notes.push(wordsOnly('the sentence vectors of the material are not ready yet'));
    return { answer, final: read.material.sources.length === 0 };
  }
  const first = await judgeOffThread(read.material, chapter, chapterIndex, { key: read.key, meaning: 'ask' });
  if (first.questions.length === 0) {
    first.answer.supportBy = 'words-and-meaning';
    return { answer: first.answer, final: true };
  }
  const embedding = similaritiesOf(ctx.embedder, first.questions);
  // Whatever happens to this request, a failure later is only logged.
  embedding.catch((err: unknown) => ctx.log.warn({ err }, 'provenance: embedding for support by meaning failed'));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), meaningWaitMs)));
  try {
    const similarities = await Promise.race([embedding, late]);
    if (similarities === 'late') {
      first.answer.notes.push(wordsOnly('the sentence encoder is still at work on this chapter (check again in a moment)'));
      return { answer: first.answer, final: false };
    }
    const second = await judgeOffThread(read.material, chapter, chapterIndex, { key: read.key, meaning: similarities });
    if (first.capped) second.answer.notes.push('Support by meaning was checked for the first sentences only; the others by words.');
    return { answer: second.answer, final: true };
  } catch {
    first.answer.notes.push(wordsOnly('the embedding model did not answer'));
    return { answer: first.answer, final: false };
  } finally {
    clearTimeout(timer);
  }
}
