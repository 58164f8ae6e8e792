import type { Chapter, Section, TextbookContent } from '../../../common/textbook';

/**
 * Three-way merge of textbook content by chapter and section id (docs/decisions.md "Saving, versions
 * and conflicts"): a field changed only on one side takes that side; changed on both sides to
 * different values is a conflict. The structure (order, additions, deletions) comes from
 * `theirs`: in this workspace the local side only edits text, while structural edits go
 * through the toolkit, which saves at once. A section the local side edited but the other
 * side deleted is kept (re-inserted) and reported, so nothing typed is lost.
 */
export interface ContentConflict {
  /** Stable key of the field: `${chapterKey}` or `${chapterKey}/${sectionKey}`, plus the field. */
  key: string;
  chapterId: string;
  sectionId: string | null;
  field: 'title' | 'content';
  /** Where to find it in the merged content. */
  label: string;
  mine: string;
  /** Null when the other side deleted it. */
  theirs: string | null;
}

export interface MergeResult {
  content: TextbookContent;
  conflicts: ContentConflict[];
}

const chapterKeyOf = (c: Chapter, i: number) => c.id ?? `#c${i}`;
const sectionKeyOf = (s: Section, i: number) => s.id ?? `#s${i}`;

function byKey<T>(items: readonly T[], keyOf: (t: T, i: number) => string): Map<string, T> {
  return new Map(items.map((t, i) => [keyOf(t, i), t]));
}

function mergeField(base: string | undefined, mine: string, theirs: string): { value: string; conflict: boolean } {
  if (mine === theirs) return { value: mine, conflict: false };
  if (base !== undefined && mine === base) return { value: theirs, conflict: false };
  if (base !== undefined && theirs === base) return { value: mine, conflict: false };
  // Both changed (or no common ancestor): keep ours visible and report it.
  return { value: mine, conflict: true };
}

export function mergeContent(base: TextbookContent, mine: TextbookContent, theirs: TextbookContent): MergeResult {
  const conflicts: ContentConflict[] = [];
  const baseChapters = byKey(base.chapters, chapterKeyOf);
  const mineChapters = byKey(mine.chapters, chapterKeyOf);
  const theirKeys = new Set(theirs.chapters.map(chapterKeyOf));

  const chapters: Chapter[] = theirs.chapters.map((tc, ci) => {
    const key = chapterKeyOf(tc, ci);
    const mc = mineChapters.get(key);
    const bc = baseChapters.get(key);
    if (!mc) return tc;
    const chapterLabel = tc.title;
    const merged: Chapter = { ...tc };
    for (const field of ['title', 'content'] as const) {
      const r = mergeField(bc?.[field], mc[field], tc[field]);
      merged[field] = r.value;
      if (r.conflict)
        conflicts.push({
          key: `${key}:${field}`,
          chapterId: key,
          sectionId: null,
          field,
          label: chapterLabel,
          mine: mc[field],
          theirs: tc[field],
        });
    }
    merged.sections = mergeSections(key, chapterLabel, bc?.sections ?? [], mc.sections ?? [], tc.sections ?? [], conflicts);
    return merged;
  });

  // Chapters that exist only on our side: new ones (append), or deleted by them after we edited.
  mine.chapters.forEach((mc, i) => {
    const key = chapterKeyOf(mc, i);
    if (theirKeys.has(key)) return;
    const bc = baseChapters.get(key);
    const isEditedByUs = !bc || JSON.stringify(bc) !== JSON.stringify(mc);
    if (!isEditedByUs) return;
    chapters.splice(Math.min(i, chapters.length), 0, mc);
    if (bc)
      conflicts.push({
        key: `${key}:content`,
        chapterId: key,
        sectionId: null,
        field: 'content',
        label: mc.title,
        mine: mc.content,
        theirs: null,
      });
  });

  return { content: { ...theirs, chapters }, conflicts };
}

function mergeSections(
  chapterKey: string,
  chapterLabel: string,
  base: readonly Section[],
  mine: readonly Section[],
  theirs: readonly Section[],
  conflicts: ContentConflict[],
): Section[] {
  const baseMap = byKey(base, sectionKeyOf);
  const mineMap = byKey(mine, sectionKeyOf);
  const theirKeys = new Set(theirs.map(sectionKeyOf));
  const sections: Section[] = theirs.map((ts, si) => {
    const key = sectionKeyOf(ts, si);
    const ms = mineMap.get(key);
    if (!ms) return ts;
    const bs = baseMap.get(key);
    const merged: Section = { ...ts };
    for (const field of ['title', 'content'] as const) {
      const r = mergeField(bs?.[field], ms[field], ts[field]);
      merged[field] = r.value;
      if (r.conflict) {
        conflicts.push({
          key: `${chapterKey}/${key}:${field}`,
          chapterId: chapterKey,
          sectionId: key,
          field,
          label: `${chapterLabel} - ${ts.title}`,
          mine: ms[field],
          theirs: ts[field],
        });
      }
    }
    return merged;
  });
  mine.forEach((ms, i) => {
    const key = sectionKeyOf(ms, i);
    if (theirKeys.has(key)) return;
    const bs = baseMap.get(key);
    const isEditedByUs = !bs || bs.title !== ms.title || bs.content !== ms.content;
    if (!isEditedByUs) return;
    sections.splice(Math.min(i, sections.length), 0, ms);
    if (bs)
      conflicts.push({
        key: `${chapterKey}/${key}:content`,
        chapterId: chapterKey,
        sectionId: key,
        field: 'content',
        label: `${chapterLabel} - ${ms.title}`,
        mine: ms.content,
        theirs: null,
      });
  });
  return sections;
}

export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** Applies the user's choice for one conflict; 'both' keeps our text followed by theirs. */
export function resolveConflict(content: TextbookContent, conflict: ContentConflict, choice: ConflictChoice): TextbookContent {
  const chapters = content.chapters.map((c, ci) => {
    if (chapterKeyOf(c, ci) !== conflict.chapterId) return c;
    if (conflict.sectionId === null) {
      if (conflict.theirs === null) return choice === 'theirs' ? null : c;
      return { ...c, [conflict.field]: pick(conflict, choice) };
    }
    const sections = (c.sections ?? []).flatMap((s, si) => {
      if (sectionKeyOf(s, si) !== conflict.sectionId) return [s];
      if (conflict.theirs === null) return choice === 'theirs' ? [] : [s];
      return [{ ...s, [conflict.field]: pick(conflict, choice) }];
    });
    return { ...c, sections };
  });
  return { ...content, chapters: chapters.filter((c): c is Chapter => c !== null) };
}

function pick(conflict: ContentConflict, choice: ConflictChoice): string {
  const theirs = conflict.theirs ?? '';
  if (choice === 'mine') return conflict.mine;
  if (choice === 'theirs') return theirs;
  return conflict.field === 'title' ? `${conflict.mine} / ${theirs}` : `${conflict.mine}${theirs}`;
}

/**
 * `next` with every chapter and section that equals its counterpart in `prev` replaced by
 * the `prev` object: after a save round-trip, unchanged parts keep their identity, so memoized
 * navigator rows and the search index cache are not rebuilt for a 5 MB book.
 */
export function reuseUnchanged(prev: TextbookContent, next: TextbookContent): TextbookContent {
  const prevChapters = byKey(prev.chapters, chapterKeyOf);
  let isSame = prev.chapters.length === next.chapters.length && prev.title === next.title;
  const chapters = next.chapters.map((nc, ci) => {
    const pc = prevChapters.get(chapterKeyOf(nc, ci));
    if (!pc) {
      isSame = false;
      return nc;
    }
    const prevSections = byKey(pc.sections ?? [], sectionKeyOf);
    let sectionsSame = (pc.sections ?? []).length === (nc.sections ?? []).length;
    const sections = (nc.sections ?? []).map((ns, si) => {
      const ps = prevSections.get(sectionKeyOf(ns, si));
      if (ps && ps.id === ns.id && ps.title === ns.title && ps.content === ns.content) {
        if ((pc.sections ?? [])[si] !== ps) sectionsSame = false;
        return ps;
      }
      sectionsSame = false;
      return ns;
    });
    if (sectionsSame && pc.id === nc.id && pc.title === nc.title && pc.content === nc.content && prev.chapters[ci] === pc) return pc;
    isSame = false;
    return { ...nc, sections };
  });
  if (isSame && JSON.stringify(prev.references) === JSON.stringify(next.references) && prev.notice === next.notice) return prev;
  return { ...next, chapters };
}
