import { createHash } from 'node:crypto';
import type { ProvenanceBlock, ProvenanceFigures, ProvenanceResponse, ProvenanceVerdict } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/shared/source-map';
import { Lru } from './lru';
import { askingMeaning, knownMeaning, type MeaningQuestion, type Similarity } from './meaning';
import { matchChapter, matchIndex, type MatchIndex, type Meaning } from './provenance-match';

/** What the matching reads of a chapter. */
export interface ChapterText {
  title: string;
  content: string;
  sections: Array<{ title: string; content: string }>;
}

/** One chapter's matching, as sent to the worker thread: plain data only. */
export interface ProvenanceJob {
  /** Null when the worker is expected to hold the match index of `key` already (it answers `missing` if not). */
  material: Material | null;
  chapter: ChapterText;
  chapterIndex: number;
  /** The material's key (materialKey): its match index is built once and reused. */
  key?: string;
  /** Support by meaning: 'ask' to learn which pairs to embed, or their similarities (meaning.ts). */
  meaning?: MeaningInput;
}

export type MeaningInput = 'ask' | Similarity[];

/** A chapter judged, with the pairs a run asked to have embedded (none unless asked). */
export interface Judged {
  answer: ProvenanceResponse;
  questions: MeaningQuestion[];
  /** More sentences asked about than are embedded for one chapter: the rest were judged by words only. */
  capped: boolean;
}

/**
 * A material's identity for the match index: a digest of its sources in order (their ids, names and blocks' text) and
 * its pictures, so two databases in one process (tests) never share an index by a source id.
 */
export function materialKey(material: Material): string {
  const hash = createHash('sha1');
  for (const s of material.sources) {
    hash.update(`${s.id}\0${s.filename}\0${s.document.blocks?.length ?? 0}\0`);
    // What matching reads is the blocks: their text, not the document's.
    for (const b of s.document.blocks ?? []) hash.update(b.text).update('\0');
  }
  for (const [sha, url] of Object.entries(material.imageUrls ?? {}).sort()) hash.update(`${sha}=${url}\0`);
  return hash.digest('base64url');
}

/** What matching reads of a material, built once per material. */
export interface MaterialIndex {
  index: MatchIndex | null;
  pdfIds: Set<number>;
  documents: number;
}

/**
 * Match indexes by material key, in whichever thread matches (the worker for a large material): building one
 * (the source map and its postings) is most of a request's work, and every chapter of every revision of a book
 * reads the same one. Two at most (tens of megabytes each for a 100,000-word material).
 */
const indexes = new Lru<string, MaterialIndex>(2);

function buildIndex(material: Material): MaterialIndex {
  return {
    index: material.sources.length > 0 ? matchIndex(sourceMap(material)) : null,
    pdfIds: new Set(material.sources.filter((s) => s.mime === 'application/pdf').map((s) => s.id)),
    documents: material.sources.length,
  };
}

/** The match index of a material: the one held for its key, else built (and held when a key is given). */
export function indexOf(material: Material, key?: string): MaterialIndex {
  const held = key ? indexes.get(key) : undefined;
  if (held) return held;
  const built = buildIndex(material);
  if (key) indexes.set(key, built);
  return built;
}

/** The held match index of a key, if any. */
export function heldIndex(key: string): MaterialIndex | undefined {
  return indexes.get(key);
}

/** Forgets every held match index (benchmarks measure a first request with it). */
export function clearMatchIndexes(): void {
  indexes.clear();
}

/** The chapter's figures: shares of its sentences in each verdict (a block without sentences counts as one). */
export function provenanceFigures(blocks: ProvenanceBlock[]): ProvenanceFigures {
  const counts: Record<ProvenanceVerdict, number> = { material: 0, supported: 0, unsupported: 0, unknown: 0, typed: 0 };
  for (const block of blocks) {
    if (block.sentences.length === 0) counts[block.verdict]++;
    for (const s of block.sentences) counts[s.verdict]++;
  }
  const sentences = counts.material + counts.supported + counts.unsupported + counts.unknown + counts.typed;
  const share = (n: number) => (sentences ? Math.round((n / sentences) * 1000) / 1000 : 0);
  return {
    sentences,
    counts,
    shares: {
      material: share(counts.material),
      supported: share(counts.supported),
      unsupported: share(counts.unsupported),
      unknown: share(counts.unknown),
      typed: share(counts.typed),
    },
  };
}

/** The provenance of one chapter against a material: the CPU work of the route, apart for the benchmark. */
export function chapterProvenance(material: Material, chapter: ChapterText, chapterIndex: number, key?: string): ProvenanceResponse {
  return provenanceWith(indexOf(material, key), chapter, chapterIndex);
}

/** The provenance of one chapter against a material's index. */
export function provenanceWith(held: MaterialIndex, chapter: ChapterText, chapterIndex: number, meaning?: Meaning): ProvenanceResponse {
  const { index } = held;
  const blocks = matchChapter(index, chapter, held.pdfIds, meaning);
  const notes = index
    ? []
    : ['Source unknown: the files this book was made from are no longer stored, so its text cannot be traced to them.'];
  return {
    chapterIndex,
    chapterTitle: chapter.title,
    blocks,
    figures: provenanceFigures(blocks),
    documents: held.documents,
    notes,
    supportBy: 'words',
  };
}

/** One chapter judged by words, asking which pairs to judge by meaning too, or with their similarities known. */
export function judgeWith(held: MaterialIndex, chapter: ChapterText, chapterIndex: number, meaning?: MeaningInput): Judged {
  if (meaning === 'ask' && held.index) {
    const asking = askingMeaning(held.index);
    const answer = provenanceWith(held, chapter, chapterIndex, asking.meaning);
    return { answer, questions: asking.questions(), capped: asking.capped() };
  }
  const known = Array.isArray(meaning) ? knownMeaning(meaning) : undefined;
  const answer = provenanceWith(held, chapter, chapterIndex, known);
  if (known) answer.supportBy = 'words-and-meaning';
  return { answer, questions: [], capped: false };
}
