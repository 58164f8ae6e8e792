import type { Block, BookDocument } from './book-model';
import type { BookNumbering, SolutionEntry, XrefTarget } from './numbering';
import { chapterOfTitle, type TargetKind } from './xref-rules';

/**
 * Exercises linked to their solutions and back. A solution in a chapter's own "Solutions" part answers that
 * chapter's exercise of the same number; one in back matter (a "Solutions" or "Answers" chapter) answers the
 * chapter its "Chapter N" heading names, or the exercise its "N.M" label names, or the one exercise in the book
 * with its number. The exercise gets a "Solution" link, the solution a "Back to exercise" link.
 */

type AnchorOf = (t: { kind: TargetKind | 'solution'; label: string; chapter: number; block: Block }) => string;

/** The chapter's own number: "Chapter 3 ..." or "3 ..." in its title, else its place in the book. */
const chapterNumber = (doc: BookDocument, c: number) => chapterOfTitle(doc.chapters[c].title) ?? c + 1;

function exerciseFor(doc: BookDocument, exercises: readonly XrefTarget[], s: SolutionEntry): XrefTarget | undefined {
  const labelled = (label: string, chapter?: number) =>
    exercises.filter((e) => e.label === label && (chapter === undefined || chapterNumber(doc, e.chapter) === chapter));
  if (s.answers === null) {
    const own = exercises.find((e) => e.chapter === s.chapter && e.label === s.label);
    if (own) return own;
  } else {
    const named = labelled(s.label, s.answers);
    if (named.length === 1) return named[0];
  }
  const dotted = /^(\d+)\.(\d+[a-z]?)$/.exec(s.label);
  if (dotted) {
    const exact = labelled(s.label);
    if (exact.length === 1) return exact[0];
    const inChapter = labelled(dotted[2], Number(dotted[1]));
    if (inChapter.length === 1) return inChapter[0];
  }
  const anywhere = labelled(s.label);
  return anywhere.length === 1 ? anywhere[0] : undefined;
}

const appendLink = (block: Block, text: string, anchor: string) => {
  if (block.kind !== 'paragraph') return false;
  block.content = [...block.content, { kind: 'text', text: ' ' }, { kind: 'text', text, href: `#${anchor}` }];
  return true;
};

/** Links each exercise with a solution both ways; returns how many were linked. */
export function linkSolutions(
  doc: BookDocument,
  numbering: BookNumbering,
  anchorOf: AnchorOf,
  /** Filled with each linked exercise's block and its solution's anchor (for the chapter's exercise list). */
  solutionOf?: Map<Block, string>,
): number {
  const exercises = numbering.targets.filter((t) => t.kind === 'exercise');
  const linked = new Set<XrefTarget>();
  let count = 0;
  for (const s of numbering.solutions) {
    const exercise = exerciseFor(doc, exercises, s);
    if (!exercise || linked.has(exercise) || exercise.block.kind !== 'paragraph' || s.block.kind !== 'paragraph') continue;
    linked.add(exercise);
    const solution = anchorOf({ kind: 'solution', label: s.label, chapter: s.chapter, block: s.block });
    appendLink(exercise.block, 'Solution', solution);
    solutionOf?.set(exercise.block, solution);
    appendLink(s.block, 'Back to exercise', anchorOf(exercise));
    count++;
  }
  return count;
}
