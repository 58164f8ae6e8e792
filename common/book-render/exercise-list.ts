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

/** Appends the part to each chapter with exercises in its text; returns how many exercises were listed. */
export function gatherExercises(
  doc: BookDocument,
  numbering: BookNumbering,
  anchorOf: (t: XrefTarget) => string,
  solutionOf: ReadonlyMap<Block, string>,
): number {
  const inText = new Set<Block>();
  const unitTitle = new Map<Block, string>();
  walkChapters(doc, ({ block, part, chapter }) => {
    if (part === 'text') inText.add(block);
    const c = doc.chapters[chapter];
    const section = c.sections.find((s) => s.blocks.includes(block));
    unitTitle.set(block, section?.title ?? c.title);
  });
  let listed = 0;
  doc.chapters.forEach((chapter, c) => {
    const standing = numbering.targets.filter((t) => t.kind === 'exercise' && t.chapter === c && inText.has(t.block));
    if (!standing.length) return;
    const items: Block[][] = standing.map((t) => {
      const content: Inline[] = [
        { kind: 'text', text: `Exercise ${t.label}`, href: `#${anchorOf(t)}` },
        { kind: 'text', text: ` (${unitTitle.get(t.block) ?? chapter.title})` },
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
    listed += standing.length;
  });
  return listed;
}
