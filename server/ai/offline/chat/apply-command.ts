import type { TextbookContent } from '@common/textbook';
import type { Command, Position } from './parse-request';
import { resolveChapter, resolveSection } from './resolve-refs';
import * as ops from '@common/textbook-ops';
import { titleSplitParts } from './split-titles';
import { titleWords } from './words';

/**
 * Writes the text of a new section from the material, or returns null when
 * the material has nothing on it (the section is then added empty).
 */
export type SectionWriter = (input: { title: string; chapterTitle: string; book: TextbookContent }) => Promise<string | null>;

const fail = (reason: string): ops.OpResult => ({ ok: false, reason });

/** Final 0-based index of a moved chapter, given where it starts. */
function moveTarget(content: TextbookContent, from: number, to: Position): number | string {
  const n = content.chapters.length;
  switch (to.kind) {
    case 'first':
      return 0;
    case 'last':
      return n - 1;
    case 'up':
      return from === 0 ? `Chapter ${from + 1} is already the first chapter.` : from - 1;
    case 'down':
      return from === n - 1 ? `Chapter ${from + 1} is already the last chapter.` : from + 1;
    case 'index':
      return to.index < 0 || to.index >= n ? `There is no position ${to.index + 1}: the outline has ${n} chapters.` : to.index;
    default: {
      const other = resolveChapter(content, to.chapter);
      if (!other.ok) return other.reason;
      if (other.value === from) return 'A chapter cannot be moved relative to itself.';
      const b = other.value;
      // Removing the chapter first shifts everything after it one place up.
      if (to.kind === 'before') return from < b ? b - 1 : b;
      return from < b ? b : b + 1;
    }
  }
}

function insertAt(content: TextbookContent, to: Position | undefined): number | string {
  const n = content.chapters.length;
  if (!to || to.kind === 'last' || to.kind === 'down') return n;
  if (to.kind === 'first' || to.kind === 'up') return 0;
  if (to.kind === 'index') return Math.max(0, Math.min(n, to.index));
  if (to.kind !== 'before' && to.kind !== 'after') return n;
  const other = resolveChapter(content, to.chapter);
  if (!other.ok) return other.reason;
  return to.kind === 'before' ? other.value : other.value + 1;
}

function bestChapterFor(content: TextbookContent, title: string): number {
  const wanted = new Set(titleWords(title));
  let best = content.chapters.length - 1;
  let bestScore = 0;
  content.chapters.forEach((c, i) => {
    const words = titleWords(`${c.title} ${c.sections.map((s) => s.title).join(' ')}`);
    const score = words.filter((w) => wanted.has(w)).length / Math.sqrt(words.length + 1);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

export async function applyCommand(content: TextbookContent, command: Command, writeSection?: SectionWriter): Promise<ops.OpResult> {
  switch (command.op) {
    case 'addChapter': {
      const at = insertAt(content, command.position);
      if (typeof at === 'string') return fail(at);
      return ops.addChapter(content, { title: command.title, position: at });
    }
    case 'removeChapters': {
      const indexes: number[] = [];
      for (const ref of command.chapters) {
        const r = resolveChapter(content, ref);
        if (!r.ok) return fail(r.reason);
        indexes.push(r.value);
      }
      const unique = [...new Set(indexes)].sort((a, b) => b - a);
      let current = content;
      const removed: string[] = [];
      for (const i of unique) {
        const result = ops.removeChapter(current, i);
        if (!result.ok) return result;
        removed.unshift(`"${current.chapters[i].title}"`);
        current = result.content;
      }
      return { ok: true, content: current, summary: `Removed ${unique.length === 1 ? 'chapter' : 'chapters'} ${removed.join(' and ')}.` };
    }
    case 'renameChapter': {
      const r = resolveChapter(content, command.chapter);
      return r.ok ? ops.renameChapter(content, r.value, command.title) : fail(r.reason);
    }
    case 'moveChapter': {
      const r = resolveChapter(content, command.chapter);
      if (!r.ok) return fail(r.reason);
      const target = moveTarget(content, r.value, command.to);
      return typeof target === 'string' ? fail(target) : ops.moveChapter(content, r.value, target);
    }
    case 'swapChapters': {
      const a = resolveChapter(content, command.a);
      const b = resolveChapter(content, command.b);
      if (!a.ok) return fail(a.reason);
      if (!b.ok) return fail(b.reason);
      if (a.value === b.value) return fail('Swapping needs two different chapters.');
      const [lo, hi] = a.value < b.value ? [a.value, b.value] : [b.value, a.value];
      const chapters = content.chapters.slice();
      [chapters[lo], chapters[hi]] = [chapters[hi], chapters[lo]];
      return { ok: true, content: { ...content, chapters }, summary: `Swapped chapters ${lo + 1} and ${hi + 1}.` };
    }
    case 'splitChapter': {
      const r = resolveChapter(content, command.chapter);
      if (!r.ok) return fail(r.reason);
      const split = ops.splitChapter(content, r.value, command.parts);
      if (!split.ok) return split;
      const titled = titleSplitParts(split.content, r.value, command.parts, content.chapters[r.value].title);
      const names = titled.chapters.slice(r.value, r.value + command.parts).map((c) => `"${c.title}"`);
      return { ...split, content: titled, summary: `Split chapter ${r.value + 1} into ${names.join(', ')}.` };
    }
    case 'mergeChapters': {
      const a = resolveChapter(content, command.a);
      const b = resolveChapter(content, command.b);
      if (!a.ok) return fail(a.reason);
      if (!b.ok) return fail(b.reason);
      return ops.mergeChapters(content, a.value, b.value);
    }
    case 'resizeChapters':
      return ops.resizeChapters(content, command.count);
    case 'addSection': {
      if (content.chapters.length === 0) return fail('The outline has no chapters to add a section to.');
      let chapterIndex: number;
      if (command.chapter) {
        const r = resolveChapter(content, command.chapter);
        if (!r.ok) return fail(r.reason);
        chapterIndex = r.value;
      } else {
        chapterIndex = bestChapterFor(content, command.title);
      }
      const chapterTitle = content.chapters[chapterIndex].title;
      const html = writeSection ? await writeSection({ title: command.title, chapterTitle, book: content }) : null;
      const result = ops.addSection(content, chapterIndex, { title: command.title, content: html ?? '' });
      if (!result.ok) return result;
      const note = html
        ? ' I drafted it from the passages of your material on that subject.'
        : ' Your material has nothing on that subject that is not already in the book, so the section is empty for you to write.';
      return { ...result, summary: result.summary + note };
    }
    case 'removeSection': {
      const r = resolveSection(content, command.section);
      return r.ok ? ops.removeSection(content, r.value.chapter, r.value.section) : fail(r.reason);
    }
    case 'renameSection': {
      const r = resolveSection(content, command.section);
      return r.ok ? ops.renameSection(content, r.value.chapter, r.value.section, command.title) : fail(r.reason);
    }
    case 'moveSection':
      return moveSectionCommand(content, command);
    case 'splitSection': {
      const r = resolveSection(content, command.section);
      return r.ok ? ops.splitSection(content, r.value.chapter, r.value.section, command.parts) : fail(r.reason);
    }
    case 'mergeSections': {
      const a = resolveSection(content, command.a);
      if (!a.ok) return fail(a.reason);
      const b = resolveSection(content, command.b.chapter ? command.b : { ...command.b, chapter: { by: 'index', index: a.value.chapter } });
      if (!b.ok) return fail(b.reason);
      if (a.value.chapter !== b.value.chapter) return fail('I can only merge two sections of the same chapter. Move one of them first.');
      return ops.mergeSections(content, a.value.chapter, a.value.section, b.value.section);
    }
  }
}

function moveSectionCommand(content: TextbookContent, command: Extract<Command, { op: 'moveSection' }>): ops.OpResult {
  const from = resolveSection(content, command.section);
  if (!from.ok) return fail(from.reason);
  const anchorRef = command.before ?? command.after;
  if (anchorRef) {
    const anchor = resolveSection(
      content,
      anchorRef.chapter ? anchorRef : { ...anchorRef, chapter: { by: 'index', index: from.value.chapter } },
    );
    if (!anchor.ok) return fail(anchor.reason);
    const sameChapter = anchor.value.chapter === from.value.chapter;
    let index = anchor.value.section + (command.after ? 1 : 0);
    if (sameChapter && from.value.section < index) index -= 1;
    return ops.moveSection(content, from.value, { chapter: anchor.value.chapter, index });
  }
  let toChapter = from.value.chapter;
  if (command.toChapter) {
    const r = resolveChapter(content, command.toChapter);
    if (!r.ok) return fail(r.reason);
    toChapter = r.value;
  }
  const length = content.chapters[toChapter].sections.length;
  const index = command.to === 'first' ? 0 : toChapter === from.value.chapter ? length - 1 : length;
  return ops.moveSection(content, from.value, { chapter: toChapter, index });
}
