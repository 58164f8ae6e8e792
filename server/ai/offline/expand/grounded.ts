import type { TextbookContent } from '../../../../common/textbook';
import type { EngineContext } from '../../engine';
import { fastSentences } from '../compose/fast-sentences';
import { htmlToText } from '../compose/html';
import { sentenceKey } from '../compose/sentence-filter';
import { blend, sparseCosine } from '../compose/term-vectors';
import { UsedSentences } from '../compose/used-sentences';
import { indexMaterial, type IndexedSentence } from './material-index';

/** Every HTML fragment of a book: chapter introductions and sections. */
export function bookHtml(book: TextbookContent): string[] {
  return book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]);
}

export interface FindInput {
  /** What the new text should be about (titles, subject, the text being expanded). */
  query: string;
  /** Words that matter most (a section or chapter title): weighted up in the query. */
  focus?: string;
  /** The text being expanded: new sentences are placed around where it sits in the sources. */
  anchorText?: string;
  /** Everything already written: nothing here is printed again. */
  book: TextbookContent;
  extraUsedHtml?: string[];
  limit: number;
  /** Least word overlap with the query for a sentence to count as on the subject. */
  minScore?: number;
}

export interface FindResult {
  /** New sentences, in reading order. */
  sentences: IndexedSentence[];
  /** Where the anchor text sits in the sources (reading-order positions), when found. */
  anchor: { first: number; last: number; orders: number[] } | null;
  hasMaterial: boolean;
}

/** Sentences this far (in reading order) from the anchor count as its neighbourhood. */
const neighbourhood = 12;
const chunksRetrieved = 10;

/**
 * The most relevant sentences of the textbook's sources that the book does
 * not hold yet (exact or near repeats refused), found through retrieval and
 * favouring the passage around the anchor text. Fewer than asked, or none,
 * when the sources have nothing more on the subject: never padding.
 */
export async function findNewSentences(ctx: EngineContext, input: FindInput): Promise<FindResult> {
  const index = indexMaterial(ctx.material);
  if (index.sentences.length === 0) return { sentences: [], anchor: null, hasMaterial: false };

  const anchor = locateAnchor(index.sentences, input.anchorText ?? '');
  const retrieved = await ctx.retriever.search(input.query.slice(0, 4000), { limit: chunksRetrieved });
  const chunkScore = new Map(retrieved.map((c) => [c.id, c.score]));

  const candidates = new Set<IndexedSentence>();
  for (const c of retrieved) for (const s of index.byChunk.get(c.id) ?? []) candidates.add(s);
  if (anchor) {
    const from = Math.max(0, anchor.first - neighbourhood);
    const to = Math.min(index.sentences.length - 1, anchor.last + neighbourhood);
    for (let i = from; i <= to; i++) candidates.add(index.sentences[i]);
  }

  const queryVector = input.focus
    ? blend(index.stats.vectorOf(input.query), index.stats.vectorOf(input.focus), 0.8)
    : index.stats.vectorOf(input.query);
  const minScore = input.minScore ?? 0.06;
  // The passage the anchor sits in (its chunk, bounded by the document's headings) is on the subject as a whole.
  const anchorChunks = new Set(anchor ? anchor.orders.map((o) => index.sentences[o].chunkId) : []);
  const ranked = [...candidates]
    .map((s) => {
      const relevance = sparseCosine(s.vector, queryVector);
      const distance = anchor ? Math.min(Math.abs(s.order - anchor.first), Math.abs(s.order - anchor.last)) : Infinity;
      // Closeness to the anchor and the retriever's (meaning + wording) score break ties between equally worded sentences.
      const near = anchor ? 0.12 * Math.max(0, 1 - distance / neighbourhood) : 0;
      return { s, relevance, score: relevance + near + 0.1 * (chunkScore.get(s.chunkId) ?? 0) + (s.isParagraphStart ? 0.02 : 0) };
    })
    .filter((x) => x.relevance >= minScore || anchorChunks.has(x.s.chunkId))
    .sort((a, b) => b.score - a.score || a.s.order - b.s.order);

  const used = UsedSentences.fromHtml([...bookHtml(input.book), ...(input.extraUsedHtml ?? [])], fastSentences);
  const chosen: IndexedSentence[] = [];
  for (const { s } of ranked) {
    if (chosen.length >= input.limit) break;
    if (used.tryAdd(s.text)) chosen.push(s);
  }
  return { sentences: chosen.sort((a, b) => a.order - b.order), anchor, hasMaterial: true };
}

/** Where a passage of the book sits in the sources: the positions of its sentences found there. */
export function locateAnchor(sentences: IndexedSentence[], text: string): FindResult['anchor'] {
  const own = fastSentences(htmlToText(text));
  if (own.length === 0) return null;
  const keys = new Set(own.map(sentenceKey));
  const near = new UsedSentences();
  for (const s of own) near.add(s);
  const orders: number[] = [];
  for (const s of sentences) if (keys.has(sentenceKey(s.text)) || near.isRepeat(s.text)) orders.push(s.order);
  if (orders.length === 0) return null;
  return { first: orders[0], last: orders[orders.length - 1], orders };
}
