import type { DocBlock, DocSection } from '@server/core/document-model';
import { quickTokenize } from '@server/core/nlp';
import { keyphraseTitle, PhraseCounts } from '../compose/keyphrase-titles';
import { centroid, sparseCosine, TermStats, type TermVector } from '@server/ai/shared/term-vectors';

/** About this many words make a chapter, and a section, of a document without headings. */
const wordsPerChapter = 1500;
const wordsPerSection = 450;
const maxChapters = 12;
const maxSections = 6;
const window = 3;

const wordCount = (b: DocBlock) => b.text.split(/\s+/).filter(Boolean).length;

/**
 * Cuts blocks (in reading order) into `parts` contiguous runs, TextTiling-style: each cut
 * falls before a paragraph, near the even split by words, where the text before and after
 * it have least in common. Lists, tables, figures and equations stay with the paragraph
 * before them; nothing is moved or left out.
 */
function cut(blocks: DocBlock[], vectors: TermVector[], parts: number): DocBlock[][] {
  const total = blocks.reduce((n, b) => n + wordCount(b), 0);
  if (parts <= 1 || blocks.length < parts * 2) return [blocks];
  const before: number[] = [];
  let running = 0;
  for (const b of blocks) {
    before.push(running);
    running += wordCount(b);
  }
  const cuts: number[] = [];
  let previous = 0;
  for (let k = 1; k < parts; k++) {
    const ideal = (k * total) / parts;
    let best = -1;
    let bestScore = Infinity;
    for (let i = previous + 2; i <= blocks.length - 2 * (parts - k); i++) {
      if (blocks[i].kind !== 'paragraph') continue;
      const left = centroid(vectors.slice(Math.max(previous, i - window), i));
      const right = centroid(vectors.slice(i, i + window));
      const score = sparseCosine(left, right) + (Math.abs(before[i] - ideal) / total) * 3;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break;
    cuts.push(best);
    previous = best;
  }
  return [0, ...cuts].map((at, i, all) => blocks.slice(at, all[i + 1] ?? blocks.length));
}

/**
 * A document without headings as units in its own reading order: chapters of about 1,500
 * words, each cut into sections of about 450 when it is long enough, every block kept. Titles
 * are the distinctive noun phrases of each part (the document's own words), never "Part 2".
 */
export function segmentDocument(blocks: DocBlock[], opts: { title?: string; taken?: Set<string> } = {}): DocSection[] {
  const taken = opts.taken ?? new Set<string>();
  const total = blocks.reduce((n, b) => n + wordCount(b), 0);
  const stats = new TermStats(blocks.map((b) => quickTokenize(b.text)));
  const vectorOf = new Map(blocks.map((b) => [b, stats.vectorOf(b.text)]));
  const texts = (part: DocBlock[]) => part.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item').map((b) => b.text);
  const all = PhraseCounts.of(texts(blocks));
  const chapters = cut(
    blocks,
    blocks.map((b) => vectorOf.get(b)!),
    Math.min(maxChapters, Math.max(1, Math.round(total / wordsPerChapter))),
  );
  return chapters.map((chapter, ci) => {
    const words = chapter.reduce((n, b) => n + wordCount(b), 0);
    const sectionCount = words >= 2 * wordsPerSection ? Math.min(maxSections, Math.round(words / wordsPerSection)) : 1;
    const title =
      (chapters.length === 1 && opts.title) || keyphraseTitle(texts(chapter), { all, taken }) || opts.title || `Untitled ${ci + 1}`;
    const inChapter = PhraseCounts.of(texts(chapter));
    const sections =
      sectionCount > 1
        ? cut(
            chapter,
            chapter.map((b) => vectorOf.get(b)!),
            sectionCount,
          )
        : [];
    // A part that could not be cut (no paragraph to cut before: a program) stays whole, never one section named like its chapter.
    const children: DocSection[] = (sections.length > 1 ? sections : []).map((part) => ({
      title: keyphraseTitle(texts(part), { all: inChapter, taken }) ?? title,
      level: 2,
      depth: 2,
      pos: { page: part[0]?.page, index: part[0]?.index },
      blocks: part,
      children: [],
    }));
    return {
      title,
      level: 1,
      depth: 1,
      pos: { page: chapter[0]?.page, index: chapter[0]?.index },
      blocks: children.length ? [] : chapter,
      children,
    };
  });
}
