import type { ProvenanceBlock, ProvenanceFigures, ProvenanceResponse, ProvenanceVerdict } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { sourceMap } from '@server/ai/shared/source-map';
import { matchChapter, matchIndex } from './provenance-match';

/** What the matching reads of a chapter. */
export interface ChapterText {
  title: string;
  content: string;
  sections: Array<{ title: string; content: string }>;
}

/** One chapter's matching, as sent to the worker thread: plain data only. */
export interface ProvenanceJob {
  material: Material;
  chapter: ChapterText;
  chapterIndex: number;
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
export function chapterProvenance(material: Material, chapter: ChapterText, chapterIndex: number): ProvenanceResponse {
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
