import type { Chapter, TextbookContent } from '@common/textbook';
import { paragraphsToHtml } from '@common/textbook-ops/html';
import { keyphraseTitle, PhraseCounts } from '../compose/keyphrase-titles';
import { groupParagraphs } from '../compose/paragraphs';
import { segmentSentences } from '../compose/segment';
import { selectSentences, takeInOrder, type SourceSentence } from '../compose/select-sentences';
import { blend, centroid, type TermStats, type TermVector } from '@server/ai/shared/term-vectors';
import { UsedSentences } from '@server/ai/shared/used-sentences';
import { distinctTitles, type PlannedChapter, type PlannedSection } from './plan';

/** An invented section with fewer candidate sentences than this joins its neighbour (too thin to stand alone). */
const minSectionSentences = 3;
/** A chapter without sub-headings is cut into invented sections only above this many words. */
const segmentChapterWords = 600;
/** Up to this many candidates, a section prints them all; above, it keeps the most relevant share. */
const keepAllUpTo = 12;
const keepShare = 0.7;
const maxSectionSentences = 20;
/** A chapter's introduction is its first source paragraph, or its first two sentences when that paragraph is long. */
const introSentences = 2;
const maxIntroParagraph = 4;
/** A chapter with no sub-headings and at most this many sentences prints them all. */
const shortChapterSentences = 40;

function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function sortByOrder(sentences: SourceSentence[]): SourceSentence[] {
  return [...sentences].sort((a, b) => a.order - b.order);
}

/** How many opening sentences introduce the chapter: cut at a paragraph break when one is near. */
function introLength(opening: SourceSentence[]): number {
  const first = opening.filter((s) => s.paragraph === opening[0]?.paragraph).length;
  return first <= maxIntroParagraph ? first : introSentences;
}

function wordCount(sentences: SourceSentence[]): number {
  return sentences.reduce((n, s) => n + s.text.split(' ').length, 0);
}

/**
 * Thin invented sections join the one before them (or after, for the first),
 * keeping the fuller title. The document's own headings are never merged away.
 */
function mergeThinSections(sections: PlannedSection[]): PlannedSection[] {
  const out: PlannedSection[] = [];
  for (const s of sections) {
    const prev = out[out.length - 1];
    const thin = s.candidates.length < minSectionSentences || (prev?.candidates.length ?? 0) < minSectionSentences;
    if (prev && thin && !prev.fromHeading && !s.fromHeading) {
      const title = prev.candidates.length >= s.candidates.length ? prev.title : s.title;
      out[out.length - 1] = { title, fromHeading: false, candidates: sortByOrder([...prev.candidates, ...s.candidates]) };
    } else out.push({ ...s, candidates: [...s.candidates] });
  }
  return out.filter((s) => s.fromHeading || s.candidates.length > 0);
}

/**
 * A long chapter without sub-headings has its text (after the introduction)
 * cut into two or three sections at paragraph breaks, titled by key phrases.
 * A short one stays whole: inventing sections for it only adds noise titles.
 */
function ensureSections(chapter: PlannedChapter, taken: Set<string>): PlannedChapter {
  if (chapter.sections.length > 0) return chapter;
  if (wordCount(chapter.opening) <= segmentChapterWords) return chapter;
  const introCount = introLength(chapter.opening);
  const body = sortByOrder(chapter.opening.slice(introCount));
  const parts = body.length >= 30 ? 3 : 2;
  const pieces = segmentSentences(body, parts);
  if (pieces.length < 2) return chapter;
  const inChapter = PhraseCounts.of(body.map((s) => s.text));
  const sections = pieces.map((candidates, i): PlannedSection => {
    const title =
      keyphraseTitle(
        candidates.map((s) => s.text),
        { all: inChapter, taken },
      ) ?? (i === 0 ? chapter.title : `More on ${chapter.title}`);
    return { title, fromHeading: false, candidates };
  });
  return { ...chapter, opening: chapter.opening.slice(0, introCount), sections };
}

/**
 * The opening text of a chapter with sub-headings, beyond its introduction:
 * when it is substantial it becomes the chapter's first section (it comes
 * before the sub-headings in the source), otherwise it stays in the introduction.
 */
function openingSection(chapter: PlannedChapter, taken: Set<string>): PlannedChapter {
  const introCount = introLength(chapter.opening);
  const rest = chapter.opening.slice(introCount);
  if (chapter.sections.length === 0 || rest.length < minSectionSentences) return chapter;
  const title =
    keyphraseTitle(
      rest.map((s) => s.text),
      { all: PhraseCounts.of(chapter.opening.map((s) => s.text)), taken },
    ) ?? `About ${chapter.title}`;
  return {
    ...chapter,
    opening: chapter.opening.slice(0, introCount),
    sections: [{ title, fromHeading: false, candidates: rest }, ...chapter.sections],
  };
}

function chooseSentences(candidates: SourceSentence[], query: TermVector, used: UsedSentences): SourceSentence[] {
  if (candidates.length <= keepAllUpTo) return takeInOrder(candidates, { limit: keepAllUpTo, used });
  const limit = Math.min(maxSectionSentences, Math.max(keepAllUpTo, Math.round(candidates.length * keepShare)));
  return selectSentences(candidates, query, { limit, used });
}

export interface ComposeInput {
  title: string;
  chapters: PlannedChapter[];
  stats: TermStats;
  onProgress?: (fraction: number) => void;
}

/**
 * Writes the book from its plan. Every section's text comes from its own
 * candidates, in reading order; selection may leave sentences out but never
 * moves one to another section. A chapter opens with its own opening text
 * (the source's text before its first sub-heading) and a "This chapter
 * covers ..." line; no sentence is ever printed twice (exact or near).
 */
export function composeBook(input: ComposeInput): TextbookContent {
  const used = new UsedSentences();
  const taken = new Set(input.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)].map((t) => t.toLowerCase())));
  const plan = input.chapters.map((c) => openingSection(ensureSections({ ...c, sections: mergeThinSections(c.sections) }, taken), taken));

  const chapterTitles = distinctTitles(plan.map((c) => c.title));
  const chapters: Chapter[] = plan.map((chapter, ci) => {
    input.onProgress?.(ci / Math.max(1, plan.length));
    const sectionTitles = distinctTitles(chapter.sections.map((s) => s.title));
    if (chapter.sections.length === 0) {
      // A short chapter: its text is the chapter itself, with no sections.
      const body =
        chapter.opening.length <= shortChapterSentences
          ? takeInOrder(chapter.opening, { limit: shortChapterSentences, used })
          : chooseSentences(chapter.opening, centroid(chapter.opening.map((s) => s.vector)), used);
      return { title: chapterTitles[ci], content: paragraphsToHtml(groupParagraphs(body).map((p) => p.join(' '))), sections: [] };
    }
    const intro = takeInOrder(chapter.opening, { limit: maxIntroParagraph + minSectionSentences, used });
    const sections = chapter.sections.map((section, si) => {
      const candidates = sortByOrder(section.candidates);
      const query = blend(centroid(candidates.map((s) => s.vector)), input.stats.vectorOf(section.title), 0.5);
      const chosen = chooseSentences(candidates, query, used);
      return {
        title: sectionTitles[si],
        fromHeading: section.fromHeading,
        content: paragraphsToHtml(groupParagraphs(chosen).map((p) => p.join(' '))),
      };
    });
    // The document's own headings always stay, even when extraction left no printable text under one.
    const kept = sections.filter((s) => s.content || s.fromHeading).map(({ title, content }) => ({ title, content }));
    const introParagraphs = groupParagraphs(intro, { minParagraphs: 1 }).map((p) => p.join(' '));
    const covers = kept.length ? [`This chapter covers ${listPhrase(kept.map((s) => s.title))}.`] : [];
    return { title: chapterTitles[ci], content: paragraphsToHtml([...introParagraphs, ...covers]), sections: kept };
  });
  input.onProgress?.(1);
  return { title: input.title, chapters: chapters.filter((c) => c.content || c.sections.length), references: [] };
}
