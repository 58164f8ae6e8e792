import type { Material, MaterialChunk } from '@server/ai/material';
import { keyphraseTitle, PhraseCounts } from '../compose/keyphrase-titles';
import { denseOps, kmeans, type VectorOps } from '../compose/kmeans';
import type { SourceSentence } from '../compose/select-sentences';
import { segmentSentences } from '../compose/segment';
import { buildSourceSentences, type SourceParagraph } from '../compose/source-sentences';
import { centroid, sparseCosine, type TermStats, type TermVector } from '@server/ai/shared/term-vectors';
import type { PlannedChapter, PlannedSection } from './plan';

/** Chapter count bounds for clustered material. */
const minChapters = 4;
const maxChapters = 12;
const maxSections = 6;
/** About this many usable sentences make one chapter. */
const sentencesPerChapter = 60;
/** A cluster smaller than this is not a chapter: its text joins the most similar cluster. */
const minChapterSentences = 8;

interface Unit {
  index: number;
  embedding?: number[];
  sentences: SourceSentence[];
}

function unitsOf(material: Material): { units: Unit[]; sentences: SourceSentence[]; stats: TermStats } {
  const order = new Map(material.sources.map((s, i) => [s.id, i]));
  const chunks: Array<Pick<MaterialChunk, 'text' | 'embedding' | 'sourceId'>> = material.chunks.length
    ? [...material.chunks].sort((a, b) => (order.get(a.sourceId) ?? 0) - (order.get(b.sourceId) ?? 0) || a.ordinal - b.ordinal)
    : material.sources.flatMap((s) => s.text.split(/\n\s*\n/).map((text) => ({ text, sourceId: s.id })));
  const paragraphs: SourceParagraph[] = [];
  const unitOfParagraph: number[] = [];
  chunks.forEach((chunk, unit) => {
    for (const text of chunk.text.split(/\n\s*\n/)) {
      if (!text.trim()) continue;
      paragraphs.push({ text, sourceId: chunk.sourceId });
      unitOfParagraph.push(unit);
    }
  });
  const { sentences, stats } = buildSourceSentences(paragraphs);
  const units: Unit[] = chunks.map((c, index) => ({ index, embedding: c.embedding, sentences: [] }));
  for (const s of sentences) units[unitOfParagraph[s.paragraph]].sentences.push(s);
  return { units: units.filter((u) => u.sentences.length > 0), sentences, stats };
}

/** Clusters units by embedding when every unit has one, otherwise by their term vectors. */
function clusterUnits(units: Unit[], k: number): Unit[][] {
  const dense = units.every((u) => u.embedding && u.embedding.length > 0);
  let assignment: number[];
  if (dense) {
    assignment = kmeans(
      units.map((u) => u.embedding as number[]),
      k,
      denseOps(),
    );
  } else {
    const ops: VectorOps<TermVector> = { similarity: sparseCosine, mean: (ps) => centroid(ps) };
    assignment = kmeans(
      units.map((u) => centroid(u.sentences.map((s) => s.vector))),
      k,
      ops,
    );
  }
  const groups = new Map<number, Unit[]>();
  units.forEach((u, i) => groups.set(assignment[i], [...(groups.get(assignment[i]) ?? []), u]));
  const merged = mergeSmallGroups([...groups.values()]);
  // Chapters follow the material: ordered by where their text sits on average.
  const mean = (g: Unit[]) => g.reduce((n, u) => n + u.index, 0) / g.length;
  return merged.sort((a, b) => mean(a) - mean(b));
}

/** Material too thin to stand alone is not dropped: it joins the group whose text it is most like. */
function mergeSmallGroups(groups: Unit[][]): Unit[][] {
  const size = (g: Unit[]) => g.reduce((n, u) => n + u.sentences.length, 0);
  const vector = (g: Unit[]) => centroid(g.flatMap((u) => u.sentences.map((s) => s.vector)));
  let list = groups;
  for (;;) {
    if (list.length <= 1) return list;
    const smallest = list.reduce((best, g, i) => (size(g) < size(list[best]) ? i : best), 0);
    if (size(list[smallest]) >= minChapterSentences) return list;
    const small = vector(list[smallest]);
    let target = -1;
    let best = -Infinity;
    list.forEach((g, i) => {
      if (i === smallest) return;
      const score = sparseCosine(small, vector(g));
      if (score > best) [best, target] = [score, i];
    });
    const joined = [...list[target], ...list[smallest]].sort((a, b) => a.index - b.index);
    list = list.filter((_, i) => i !== smallest && i !== target).concat([joined]);
  }
}

function sectionGroups(units: Unit[]): SourceSentence[][] {
  const sentences = units.flatMap((u) => u.sentences).sort((a, b) => a.order - b.order);
  if (units.length >= 4) {
    const k = Math.min(maxSections, Math.max(2, Math.round(units.length / 2)));
    return clusterUnits(units, k).map((g) => g.flatMap((u) => u.sentences).sort((a, b) => a.order - b.order));
  }
  const parts = sentences.length >= 24 ? 3 : sentences.length >= 8 ? 2 : 1;
  return segmentSentences(sentences, parts);
}

/**
 * An outline for material without headings: chunks clustered by embedding
 * into chapters, each clustered again (or cut) into sections, all titled by
 * their distinctive key phrases.
 */
export function planByClustering(material: Material): { chapters: PlannedChapter[]; sentences: SourceSentence[]; stats: TermStats } {
  const { units, sentences, stats } = unitsOf(material);
  if (sentences.length === 0) return { chapters: [], sentences, stats };
  const wanted = Math.round(sentences.length / sentencesPerChapter);
  const k = Math.max(1, Math.min(maxChapters, Math.max(minChapters, wanted), Math.floor(units.length / 2) || 1));
  const all = PhraseCounts.of(sentences.map((s) => s.text));
  const taken = new Set<string>();
  const chapters = clusterUnits(units, k).map((group, ci): PlannedChapter => {
    const texts = group.flatMap((u) => u.sentences.map((s) => s.text));
    const title = keyphraseTitle(texts, { all, taken }) ?? `Part ${ci + 1}`;
    const more = `More on ${title}`;
    const inChapter = PhraseCounts.of(texts);
    const sections: PlannedSection[] = sectionGroups(group).map((candidates, si) => ({
      title:
        keyphraseTitle(
          candidates.map((s) => s.text),
          { all: inChapter, taken },
        ) ?? (si === 0 ? title : more),
      fromHeading: false,
      candidates,
    }));
    return { title, fromHeading: false, opening: [], sections };
  });
  return { chapters, sentences, stats };
}
