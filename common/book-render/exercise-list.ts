import type { Block, BookDocument, Inline } from './book-model';
import { walkChapters, type BookNumbering, type XrefTarget } from './numbering';

/**
 * The "Exercises" part at the end of a chapter whose exercises stand in its text ("Exercise 2.4. Show
 * that ..." after the paragraph it practises), built when the book is rendered, like the glossary. A
 * textbook gathers its exercises at the chapter's end; these stay where the author put them, beside
 * the material they practise and in the editor's document, and the part lists each by its number,
 * linked to where it stands and to its solution when the book has one. No exercise's text is
 * printed twice. Exercises already in an "Exercises" part are gathered there and are not listed.
 */
export const exercisesPartTitle = 'Exercises';

/** One exercise listed: its chapter, its number, the unit it stands in (a section's or chapter's anchor, "ch3s2"). */
export interface GatheredExercise {
  chapter: number;
  label: string;
  unitTitle: string;
  unitAnchor: string;
  hasSolution: boolean;
}

/** Appends the part to each chapter with exercises in its text; returns the exercises listed. */
export function gatherExercises(
  doc: BookDocument,
  numbering: BookNumbering,
  anchorOf: (t: XrefTarget) => string,
  solutionOf: ReadonlyMap<Block, string>,
): GatheredExercise[] {
  const inText = new Set<Block>();
  const unitOf = new Map<Block, { title: string; anchor: string }>();
  walkChapters(doc, ({ block, part, chapter }) => {
    if (part === 'text') inText.add(block);
    const c = doc.chapters[chapter];
    const section = c.sections.find((s) => s.blocks.includes(block));
    unitOf.set(block, section ?? c);
  });
  const listed: GatheredExercise[] = [];
  doc.chapters.forEach((chapter, c) => {
    const standing = numbering.targets.filter((t) => t.kind === 'exercise' && t.chapter === c && inText.has(t.block));
    if (!standing.length) return;
    const items: Block[][] = standing.map((t) => {
      const content: Inline[] = [
        { kind: 'text', text: `Exercise ${t.label}`, href: `#${anchorOf(t)}` },
        { kind: 'text', text: ` (${unitOf.get(t.block)?.title ?? chapter.title})` },
      ];
      const solution = solutionOf.get(t.block);
      if (solution) content.push({ kind: 'text', text: ' · ' }, { kind: 'text', text: 'Solution', href: `#${solution}` });
      return [{ kind: 'paragraph', content }];
    });
    const last = chapter.sections.length ? chapter.sections[chapter.sections.length - 1].blocks : chapter.blocks;
    last.push(
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: exercisesPartTitle }] },
      { kind: 'list', ordered: false, start: 1, items },
    );
    for (const t of standing) {
      const unit = unitOf.get(t.block) ?? chapter;
      listed.push({ chapter: c, label: t.label, unitTitle: unit.title, unitAnchor: unit.anchor, hasSolution: solutionOf.has(t.block) });
    }
  });
  return listed;
}
