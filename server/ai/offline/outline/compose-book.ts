import type { Chapter, TextbookContent } from '../../../../common/textbook';
import { paragraphsToHtml } from '../compose/html';
import { keyphraseTitle, PhraseCounts } from '../compose/keyphrase-titles';
import { groupParagraphs } from '../compose/paragraphs';
import { segmentSentences } from '../compose/segment';
import { selectSentences, takeInOrder, type SourceSentence } from '../compose/select-sentences';
import { blend, centroid, sparseCosine, type TermStats, type TermVector } from '../compose/term-vectors';
import { UsedSentences } from '../compose/used-sentences';
import { distinctTitles, type PlannedChapter, type PlannedSection } from './plan';

/** A section with fewer candidate sentences than this joins its neighbour (too thin to stand alone). */
const minSectionSentences = 3;
/** A chapter without sub-headings but at least this much text is cut into sections. */
const segmentChapterAt = 8;
/** Up to this many candidates, a section prints them all; above, it keeps the most relevant share. */
const keepAllUpTo = 8;
const keepShare = 0.7;
const maxSectionSentences = 20;
const introSentences = 2;

function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function sortByOrder(sentences: SourceSentence[]): SourceSentence[] {
  return [...sentences].sort((a, b) => a.order - b.order);
}

/** Thin sections join the section before them (or after, for the first), keeping the fuller title. */
function mergeThinSections(sections: PlannedSection[]): PlannedSection[] {
  const out: PlannedSection[] = [];
  for (const s of sections) {
    const prev = out[out.length - 1];
    if (prev && (s.candidates.length < minSectionSentences || prev.candidates.length < minSectionSentences)) {
      const title = prev.candidates.length >= s.candidates.length ? prev.title : s.title;
      out[out.length - 1] = { title, fromHeading: prev.fromHeading && s.fromHeading, candidates: sortByOrder([...prev.candidates, ...s.candidates]) };
    } else out.push({ ...s, candidates: [...s.candidates] });
  }
  return out.filter((s) => s.candidates.length > 0);
}

/** A chapter without enough sections has its text cut into two or three, titled by key phrases. */
function ensureSections(chapter: PlannedChapter, taken: Set<string>): PlannedChapter {
  if (chapter.sections.length >= 2) return chapter;
  const body = sortByOrder([...chapter.opening.slice(introSentences), ...chapter.sections.flatMap((s) => s.candidates)]);
  if (body.length < segmentChapterAt) return chapter;
  const parts = body.length >= 30 ? 3 : 2;
  const pieces = segmentSentences(body, parts);
  if (pieces.length < 2) return chapter;
  const inChapter = PhraseCounts.of(body.map((s) => s.text));
  const existing = chapter.sections[0];
  const sections = pieces.map((candidates, i): PlannedSection => {
    // The document's own sub-heading names the part it starts in.
    if (existing && existing.candidates[0] && candidates.includes(existing.candidates[0])) return { title: existing.title, fromHeading: true, candidates };
    const title = keyphraseTitle(candidates.map((s) => s.text), { all: inChapter, taken }) ?? (i === 0 ? chapter.title : `More on ${chapter.title}`);
    return { title, fromHeading: false, candidates };
  });
  return { ...chapter, opening: chapter.opening.slice(0, introSentences), sections };
}

function chooseSentences(candidates: SourceSentence[], query: TermVector, used: UsedSentences): SourceSentence[] {
  if (candidates.length <= keepAllUpTo) return takeInOrder(candidates, { limit: keepAllUpTo, used });
  const limit = Math.min(maxSectionSentences, Math.max(keepAllUpTo, Math.round(candidates.length * keepShare)));
  return selectSentences(candidates, query, { limit, used });
}

export interface ComposeInput {
  title: string;
  chapters: PlannedChapter[];
  /** Material that fits no chapter: it goes to the nearest section, never silently dropped. */
  orphans?: SourceSentence[];
  stats: TermStats;
  onProgress?: (fraction: number) => void;
}

/**
 * Writes the book from its plan: each section from its most relevant source
 * sentences in reading order, each chapter with a short introduction drawn
 * from its material, and no sentence ever printed twice (exact or near).
 */
export function composeBook(input: ComposeInput): TextbookContent {
  const used = new UsedSentences();
  const taken = new Set(input.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)].map((t) => t.toLowerCase())));
  const plan = input.chapters.map((c) => ensureSections({ ...c, sections: mergeThinSections(c.sections) }, taken));

  // Orphans join the section whose text they are most like.
  const targets = plan.flatMap((c) => c.sections.map((s) => ({ s, vector: centroid(s.candidates.map((x) => x.vector)) })));
  for (const orphan of input.orphans ?? []) {
    let best: (typeof targets)[number] | undefined;
    let bestScore = -1;
    for (const t of targets) {
      const score = sparseCosine(orphan.vector, t.vector);
      if (score > bestScore) [best, bestScore] = [t, score];
    }
    if (best) best.s.candidates.push(orphan);
  }

  const chapterTitles = distinctTitles(plan.map((c) => c.title));
  const chapters: Chapter[] = plan.map((chapter, ci) => {
    input.onProgress?.(ci / Math.max(1, plan.length));
    const sectionTitles = distinctTitles(chapter.sections.map((s) => s.title));
    const allCandidates = [...chapter.opening, ...chapter.sections.flatMap((s) => s.candidates)];
    const chapterVector = centroid(allCandidates.map((s) => s.vector));

    // Introduction: the chapter's own opening sentences, else its most central paragraph opener.
    let intro = takeInOrder(chapter.opening, { limit: introSentences, used });
    if (intro.length === 0 && chapter.sections.length > 0) {
      intro = selectSentences(allCandidates.filter((s) => s.isParagraphStart), chapterVector, { limit: 1, used });
    }
    const leftover = chapter.opening.filter((s) => !intro.includes(s));
    const sections = chapter.sections.map((section, si) => {
      const candidates = si === 0 ? sortByOrder([...leftover, ...section.candidates]) : sortByOrder(section.candidates);
      const query = blend(centroid(candidates.map((s) => s.vector)), input.stats.vectorOf(section.title), 0.5);
      const chosen = chooseSentences(candidates, query, used);
      return { title: sectionTitles[si], content: paragraphsToHtml(groupParagraphs(chosen).map((p) => p.join(' '))) };
    });
    const kept = sections.filter((s) => s.content);
    const introParagraphs = groupParagraphs(intro, { minParagraphs: 1 }).map((p) => p.join(' '));
    if (kept.length === 0) {
      // A short chapter: its text is the chapter itself, with no sections.
      const body = chooseSentences(leftover.length ? leftover : allCandidates, chapterVector, used);
      return { title: chapterTitles[ci], content: paragraphsToHtml([...introParagraphs, ...groupParagraphs(body).map((p) => p.join(' '))]), sections: [] };
    }
    const covers = `This chapter covers ${listPhrase(kept.map((s) => s.title))}.`;
    return {
      title: chapterTitles[ci],
      content: paragraphsToHtml([...introParagraphs, covers]),
      sections: kept,
    };
  });
  input.onProgress?.(1);
  return { title: input.title, chapters: chapters.filter((c) => c.content || c.sections.length), references: [] };
}
