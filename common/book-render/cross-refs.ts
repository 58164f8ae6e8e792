import type { Block, BookDocument, Inline } from './book-model';
import { linkSolutions } from './exercise-solutions';
import { gatherExercises, type GatheredExercise } from './exercise-list';
import { anchorMaker, numberBook, paragraphText, walkChapters, type XrefTarget } from './numbering';
import { equationLabels, findReferences, numberedKinds, type TargetKind } from './xref-rules';

/**
 * References in the text ("Figure 2.3", "(2.17)", "Eq. (3)", "Example 2.13", "Exercise 4", "Sentence 16") made
 * internal links (`#anchor` hrefs) to what numbering.ts numbered, exercises linked to their solutions and
 * back, and the exercises standing in a chapter's text listed at its end (exercise-list.ts). A reference whose target is not in the book stays plain text; code, formulas and existing links are never
 * touched. The same chapter's target wins; another chapter's only when it is the one in the book.
 */

export interface CrossRefStats {
  /** Numbered items per kind (figures, tables, equations, examples, exercises; the source's and assigned ones). */
  numbered: Partial<Record<TargetKind, number>>;
  /** References found in the running text. */
  references: number;
  /** Of those, linked to their target. */
  linked: number;
  /** Exercises linked to a solution (and each solution back). */
  solutionsLinked: number;
  /** Exercises standing in a chapter's text, listed in the "Exercises" part at its end (exercise-list.ts). */
  exercisesGathered: number;
  /** Those exercises, for a list of them outside the book (the workspace's navigator). */
  exercises: GatheredExercise[];
}

/** Splits text runs at the references they hold, the referring words becoming links. */
function linkRuns(content: Inline[], resolve: (kind: TargetKind, label: string, offset: number) => string | null | undefined): Inline[] {
  const out: Inline[] = [];
  let offset = 0;
  for (const run of content) {
    const length = run.kind === 'text' ? run.text.length : run.kind === 'math' ? run.latex.length : 1;
    if (run.kind !== 'text' || run.code || run.href) {
      out.push(run);
      offset += length;
      continue;
    }
    let last = 0;
    for (const ref of findReferences(run.text)) {
      const anchor = resolve(ref.kind, ref.label, offset + ref.start);
      if (!anchor) continue;
      if (ref.start > last) out.push({ ...run, text: run.text.slice(last, ref.start) });
      out.push({ ...run, text: run.text.slice(ref.start, ref.end), href: `#${anchor}` });
      last = ref.end;
    }
    if (last === 0) out.push(run);
    else if (last < run.text.length) out.push({ ...run, text: run.text.slice(last) });
    offset += length;
  }
  return out;
}

/** The book with its numbers and cross-reference links, and what was found (a new book; the given one is untouched). */
export function crossReferenceBook(input: BookDocument): { doc: BookDocument; stats: CrossRefStats } {
  const doc = structuredClone(input);
  const numbering = numberBook(doc);
  const makeAnchor = anchorMaker(doc);
  const anchorOf = (t: { kind: TargetKind | 'solution'; label: string; chapter: number; block: Block }) =>
    (t.block.anchor ??= makeAnchor(t));
  const index = new Map<string, XrefTarget[]>();
  for (const t of numbering.targets) {
    anchorOf(t);
    const key = `${t.kind}:${t.label}`;
    index.set(key, [...(index.get(key) ?? []), t]);
  }

  // Reading order of every block, for "Sentence 16": the numbered item nearest before the reference.
  const order = new Map<Block, number>();
  walkChapters(doc, ({ block }) => order.set(block, order.size));

  const stats: CrossRefStats = { numbered: {}, references: 0, linked: 0, solutionsLinked: 0, exercisesGathered: 0, exercises: [] };
  for (const t of numbering.targets) if (numberedKinds.includes(t.kind)) stats.numbered[t.kind] = (stats.numbered[t.kind] ?? 0) + 1;

  const targetFor = (kind: TargetKind, label: string, chapter: number, at: number): XrefTarget | undefined => {
    if (kind === 'sentence') {
      const items = numbering.sentences.filter((s) => s.chapter === chapter && s.label === label);
      const before = items.filter((s) => (order.get(s.block) ?? 0) < at);
      return before[before.length - 1] ?? items[0];
    }
    const all = index.get(`${kind}:${label}`) ?? [];
    return all.find((t) => t.chapter === chapter) ?? (all.length === 1 ? all[0] : undefined);
  };

  walkChapters(doc, ({ block, chapter }) => {
    if (block.kind !== 'paragraph' || block.role) return;
    const text = paragraphText(block);
    if (equationLabels(text).length) return;
    const own = numbering.labelled.get(block) ?? [];
    const lead = text.length - text.trimStart().length;
    block.content = linkRuns(block.content, (kind, label, offset) => {
      // The caption's or unit's own label opens it: no reference.
      if (offset <= lead && own.some((o) => o.kind === kind && o.label === label)) return null;
      stats.references++;
      const target = targetFor(kind, label, chapter, order.get(block) ?? 0);
      if (!target || target.block === block) return null;
      stats.linked++;
      return anchorOf(target);
    });
  });

  const solutionOf = new Map<Block, string>();
  stats.solutionsLinked = linkSolutions(doc, numbering, anchorOf, solutionOf);
  stats.exercises = gatherExercises(doc, numbering, anchorOf, solutionOf);
  stats.exercisesGathered = stats.exercises.length;
  return { doc, stats };
}
