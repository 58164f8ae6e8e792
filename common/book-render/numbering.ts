import { inlineText, listLabel, type Block, type BookDocument, type Inline } from './book-model';
import {
  altEquationLabel,
  chapterOfTitle,
  equationLabels,
  isExercisesTitle,
  isSolutionsTitle,
  labelAtStart,
  numberedKinds,
  solutionLabelAtStart,
  tagOf,
  unnumberedAtStart,
  type TargetKind,
} from './xref-rules';

/**
 * Numbers per chapter, read from the book's blocks at render time (so an edit or a reorder renumbers coherently):
 * figures, tables, display equations, examples and exercises keep the number the source gave them ("Figure 2.3",
 * a "(2.17)" line beside a formula, `\tag{}`, "Example 2.13"); in a chapter where the source numbered none of a
 * kind, they get "chapter.n" in reading order (a caption line "Table 2.1" before a table, "(2.1)" after a
 * formula, "Example 2.1" in an example's title). Definitions, theorems and the like are targets only where the
 * source numbered them; the items of numbered lists are targets of "Sentence 16". A chapter's "Exercises" part
 * numbers its exercises by their list numbers; "Solutions" / "Answers" parts (in the chapter or at the back) hold
 * the solutions exercise-solutions.ts links.
 */

export interface XrefTarget {
  kind: TargetKind;
  label: string;
  /** Index of the chapter in the book. */
  chapter: number;
  block: Block;
  /** The number was the source's (not assigned here). */
  source: boolean;
}

export interface SolutionEntry {
  chapter: number;
  /** The chapter the solution answers when it sits in back matter under "Chapter 2" (or is labelled "2.4"). */
  answers: number | null;
  label: string;
  block: Block;
}

export interface BookNumbering {
  targets: XrefTarget[];
  /** Items of numbered lists outside exercises and solutions: what "Sentence 16" can name. */
  sentences: XrefTarget[];
  solutions: SolutionEntry[];
  /** Blocks that open with their own label (captions, unit titles, "(2.3)" lines): their opening is no reference. */
  labelled: Map<Block, { kind: TargetKind; label: string }[]>;
}

type Part = 'text' | 'exercises' | 'solutions';

/** One block met in reading order, with where it sits. */
export interface BlockVisit {
  block: Block;
  siblings: Block[];
  chapter: number;
  part: Part;
  /** The chapter number named by the last "Chapter N" heading or section of back-matter solutions. */
  answers: number | null;
  inTable: boolean;
  /** Set on the first block of an ordered list's item: the item's label. */
  item?: string;
}

export const paragraphText = (b: Block) => (b.kind === 'paragraph' || b.kind === 'heading' ? inlineText(b.content) : '');

/** Every block of the book's chapters in reading order (lists, quotes and table cells included). */
export function walkChapters(doc: BookDocument, visit: (v: BlockVisit) => void): void {
  doc.chapters.forEach((chapter, c) => {
    const chapterPart: Part = isSolutionsTitle(chapter.title) ? 'solutions' : isExercisesTitle(chapter.title) ? 'exercises' : 'text';
    const units = [{ title: '', blocks: chapter.blocks }, ...chapter.sections.map((s) => ({ title: s.title, blocks: s.blocks }))];
    for (const unit of units) {
      let base: Part = chapterPart;
      if (isSolutionsTitle(unit.title)) base = 'solutions';
      else if (isExercisesTitle(unit.title)) base = 'exercises';
      let part = base;
      let partLevel = 99;
      let answers = chapterPart === 'solutions' ? chapterOfTitle(unit.title) : null;
      const one = (block: Block, siblings: Block[], inTable: boolean, item?: string) => {
        if (block.kind === 'heading' && !inTable) {
          const title = inlineText(block.content);
          if (isSolutionsTitle(title) || isExercisesTitle(title)) {
            part = isSolutionsTitle(title) ? 'solutions' : 'exercises';
            partLevel = block.level;
          } else if (block.level <= partLevel) {
            part = base;
            partLevel = 99;
          }
          if (part === 'solutions') answers = chapterOfTitle(title) ?? answers;
        }
        visit({ block, siblings, chapter: c, part, answers, inTable, ...(item ? { item } : {}) });
        if (block.kind === 'quote') walk(block.blocks, inTable);
        else if (block.kind === 'table') for (const row of block.rows) for (const cell of row) walk(cell.blocks, true);
        else if (block.kind === 'list')
          block.items.forEach((blocks, i) => {
            const label = block.ordered && !block.marker ? listLabel(block.start + i) : undefined;
            blocks.forEach((b, k) => one(b, blocks, inTable, k === 0 ? label : undefined));
          });
      };
      const walk = (blocks: Block[], inTable: boolean) => {
        for (const block of [...blocks]) one(block, blocks, inTable);
      };
      walk(unit.blocks, false);
    }
  });
}

const shortKind: Record<TargetKind | 'solution', string> = {
  solution: 'sol',
  figure: 'fig',
  table: 'tab',
  equation: 'eq',
  example: 'ex',
  exercise: 'exercise',
  sentence: 'item',
  definition: 'def',
  theorem: 'thm',
  lemma: 'lem',
  proposition: 'prop',
  corollary: 'cor',
  remark: 'rem',
};

/** The chapter anchor a target's anchor starts with ("ch2" of "ch2-fig-2-3"): the file or page it lives in. */
export const anchorChapter = (anchor: string): string => /^ch\d+(?=-)/.exec(anchor)?.[0] ?? anchor;

/** Gives targets their anchors: `ch2-fig-2-3`, unique in the book, usable as an XML id. */
export function anchorMaker(doc: BookDocument) {
  const taken = new Set<string>();
  return (target: { kind: TargetKind | 'solution'; label: string; chapter: number }) => {
    const base = `${doc.chapters[target.chapter].anchor}-${shortKind[target.kind]}-${target.label.replace(/[^A-Za-z0-9]+/g, '-')}`;
    let anchor = base;
    for (let n = 2; taken.has(anchor); n++) anchor = `${base}-${n}`;
    taken.add(anchor);
    return anchor;
  };
}

/** Puts `text` after the first `at` characters of a run of inline content (an assigned number into a title). */
function insertText(content: Inline[], at: number, text: string): Inline[] {
  const out: Inline[] = [];
  let seen = 0;
  let done = false;
  for (const run of content) {
    const length = run.kind === 'text' ? run.text.length : run.kind === 'math' ? run.latex.length : 1;
    if (!done && run.kind === 'text' && seen + length >= at) {
      const cut = at - seen;
      out.push({ ...run, text: run.text.slice(0, cut) + text + run.text.slice(cut) });
      done = true;
    } else out.push(run);
    seen += length;
  }
  return out;
}

const isCaptionOf = (b: Block | undefined, kind: TargetKind) => {
  if (!b || b.kind !== 'paragraph') return false;
  const text = inlineText(b.content);
  return labelAtStart(text)?.kind === kind || unnumberedAtStart(text)?.kind === kind;
};

/**
 * Numbers the book's chapters in place (the book must be the caller's own copy): assigned numbers are written
 * into the blocks, targets are returned for cross-refs.ts to give anchors and link.
 */
export function numberBook(doc: BookDocument): BookNumbering {
  const targets: XrefTarget[] = [];
  const sentences: XrefTarget[] = [];
  const solutions: SolutionEntry[] = [];
  const labelled = new Map<Block, { kind: TargetKind; label: string }[]>();
  const seen = new Set<string>();
  const sourceKinds = new Set<string>();
  const unnumbered: Array<{ kind: TargetKind; chapter: number; apply: (label: string) => Block }> = [];

  const addTarget = (t: XrefTarget) => {
    const key = `${t.chapter}:${t.kind}:${t.label}`;
    if (seen.has(key)) return;
    seen.add(key);
    targets.push(t);
    if (t.source) sourceKinds.add(`${t.chapter}:${t.kind}`);
  };
  const markLabelled = (b: Block, kind: TargetKind, label: string) => labelled.set(b, [...(labelled.get(b) ?? []), { kind, label }]);

  walkChapters(doc, ({ block, siblings, chapter, part, answers, inTable, item }) => {
    const at = siblings.indexOf(block);
    const before = siblings[at - 1];
    const after = siblings[at + 1];
    const text = paragraphText(block);
    if (part === 'solutions') {
      const label = item ?? (block.kind === 'paragraph' ? solutionLabelAtStart(text) : null);
      if (label) solutions.push({ chapter, answers, label, block });
      return;
    }
    if (item) {
      if (part === 'exercises') addTarget({ kind: 'exercise', label: item, chapter, block, source: true });
      else sentences.push({ kind: 'sentence', label: item, chapter, block, source: true });
    }
    if (block.kind === 'paragraph') {
      const own = labelAtStart(text);
      if (own) {
        markLabelled(block, own.kind, own.label);
        // A caption under its picture anchors the picture, so a link shows it.
        const anchored = own.kind === 'figure' && before?.kind === 'image' ? before : block;
        addTarget({ kind: own.kind, label: own.label, chapter, block: anchored, source: true });
        return;
      }
      const labels = equationLabels(text);
      if (labels.length) {
        for (const label of labels) {
          markLabelled(block, 'equation', label);
          const anchored = before && (before.kind === 'math' || before.kind === 'image') ? before : block;
          addTarget({ kind: 'equation', label, chapter, block: anchored, source: true });
        }
        return;
      }
      if (part === 'exercises' && !item) {
        const label = solutionLabelAtStart(text);
        if (label) addTarget({ kind: 'exercise', label, chapter, block, source: true });
      }
      const bare = unnumberedAtStart(text);
      if (bare && !inTable) {
        unnumbered.push({
          kind: bare.kind,
          chapter,
          apply: (label) => {
            const numbered: Block = { ...block, content: insertText(block.content, bare.end, ` ${label}`) };
            siblings[siblings.indexOf(block)] = numbered;
            markLabelled(numbered, bare.kind, label);
            return bare.kind === 'figure' && before?.kind === 'image' ? before : numbered;
          },
        });
      }
      return;
    }
    if (block.kind === 'image' && !inTable) {
      const own = labelAtStart(block.alt);
      if (own?.kind === 'figure') addTarget({ kind: 'figure', label: own.label, chapter, block, source: true });
      // A formula drawn as a picture (a PDF's equation) whose text carries its number: "(5.34) h'(x) = ...".
      const number = altEquationLabel(block.alt);
      if (!own && number) addTarget({ kind: 'equation', label: number, chapter, block, source: true });
      return;
    }
    if (block.kind === 'math' && !inTable) {
      const tag = tagOf(block.latex);
      if (tag) addTarget({ kind: 'equation', label: tag, chapter, block, source: true });
      else if (!(after?.kind === 'paragraph' && equationLabels(inlineText(after.content)).length))
        unnumbered.push({
          kind: 'equation',
          chapter,
          apply: (label) => {
            const line: Block = { kind: 'paragraph', role: 'equation-number', content: [{ kind: 'text', text: `(${label})` }] };
            siblings.splice(siblings.indexOf(block) + 1, 0, line);
            markLabelled(line, 'equation', label);
            return block;
          },
        });
      return;
    }
    if (block.kind === 'table' && !inTable && !isCaptionOf(before, 'table') && !isCaptionOf(after, 'table')) {
      unnumbered.push({
        kind: 'table',
        chapter,
        apply: (label) => {
          const caption: Block = { kind: 'paragraph', content: [{ kind: 'text', text: `Table ${label}`, italic: true }] };
          siblings.splice(siblings.indexOf(block), 0, caption);
          markLabelled(caption, 'table', label);
          return caption;
        },
      });
    }
  });

  // Kinds the source numbered in a chapter keep only the source's numbers there; the others are numbered in order,
  // under the chapter's number as the source gives it (its labels' "5." in "Figure 5.3", or "Chapter 5" in its
  // title), else its place in the book, never taking a number the source gave.
  const prefixes = doc.chapters.map((chapter, c) => {
    const votes = new Map<string, number>();
    for (const t of targets) {
      const m = /^(\d+)\.\d/.exec(t.label);
      if (t.chapter === c && m) votes.set(m[1], (votes.get(m[1]) ?? 0) + 1);
    }
    const best = [...votes].sort((a, b) => b[1] - a[1])[0];
    return best ? best[0] : String(chapterOfTitle(chapter.title) ?? c + 1);
  });
  const taken = new Set(targets.map((t) => `${t.kind}:${t.label}`));
  const counters = new Map<string, number>();
  for (const u of unnumbered) {
    if (sourceKinds.has(`${u.chapter}:${u.kind}`) || !numberedKinds.includes(u.kind)) continue;
    const key = `${prefixes[u.chapter]}:${u.kind}`;
    let n = counters.get(key) ?? 0;
    do n++;
    while (taken.has(`${u.kind}:${prefixes[u.chapter]}.${n}`));
    counters.set(key, n);
    const label = `${prefixes[u.chapter]}.${n}`;
    taken.add(`${u.kind}:${label}`);
    addTarget({ kind: u.kind, label, chapter: u.chapter, block: u.apply(label), source: false });
  }
  return { targets, sentences, solutions, labelled };
}
