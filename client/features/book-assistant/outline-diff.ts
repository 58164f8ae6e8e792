import type { TextbookContent } from '@common/textbook';

export type OutlineChange = 'same' | 'added' | 'renamed' | 'moved' | 'removed';

export interface OutlineEntry {
  key: string;
  title: string;
  /** The title before, when renamed. */
  was?: string;
  change: OutlineChange;
  sections: Array<{ key: string; title: string; was?: string; change: OutlineChange }>;
}

interface Item {
  id?: string;
  title: string;
}

/** Ids when both sides have them (the server gives every chapter and section one), else titles. */
function keyOf(item: Item, index: number): string {
  return item.id ? `id:${item.id}` : `t:${item.title.trim().toLowerCase()}#${index}`;
}

function diffList<T extends Item>(
  before: T[],
  after: T[],
): Array<{ item: T; key: string; was?: string; change: OutlineChange; beforeItem?: T }> {
  const beforeKeys = before.map(keyOf);
  const byKey = new Map(before.map((b, i) => [beforeKeys[i], { item: b, index: i }]));
  const afterKeys = after.map(keyOf);
  const out: Array<{ item: T; key: string; was?: string; change: OutlineChange; beforeItem?: T }> = [];
  // Items present on both sides, in the after order: their relative order says whether they moved.
  const kept = afterKeys.filter((k) => byKey.has(k));
  const keptBeforeOrder = beforeKeys.filter((k) => afterKeys.includes(k));
  after.forEach((item, i) => {
    const key = afterKeys[i];
    const prior = byKey.get(key);
    if (!prior) {
      out.push({ item, key, change: 'added' });
      return;
    }
    const renamed = prior.item.title.trim() !== item.title.trim();
    const moved = kept.indexOf(key) !== keptBeforeOrder.indexOf(key);
    out.push({
      item,
      key,
      beforeItem: prior.item,
      change: renamed ? 'renamed' : moved ? 'moved' : 'same',
      ...(renamed ? { was: prior.item.title } : {}),
    });
  });
  before.forEach((item, i) => {
    if (!afterKeys.includes(beforeKeys[i])) out.push({ item, key: beforeKeys[i], change: 'removed' });
  });
  return out;
}

/**
 * The table of contents after an assistant's change, each chapter and section marked
 * as kept, added, renamed (with its old title), moved or removed, so the user sees
 * what will change before applying it.
 */
export function diffOutline(before: TextbookContent, after: TextbookContent): OutlineEntry[] {
  return diffList(before.chapters, after.chapters).map(({ item, key, was, change, beforeItem }) => {
    const sectionsBefore = change === 'added' ? [] : (beforeItem?.sections ?? []);
    const sectionsAfter = change === 'removed' ? [] : item.sections;
    const sections =
      change === 'removed'
        ? item.sections.map((s, i) => ({ key: keyOf(s, i), title: s.title, change: 'removed' as const }))
        : diffList(sectionsBefore, sectionsAfter).map((s) => ({
            key: s.key,
            title: s.item.title,
            change: s.change,
            ...(s.was ? { was: s.was } : {}),
          }));
    return { key, title: item.title, change, sections, ...(was ? { was } : {}) };
  });
}

/** True when anything in the outline differs. */
export function outlineChanged(entries: OutlineEntry[]): boolean {
  return entries.some((e) => e.change !== 'same' || e.sections.some((s) => s.change !== 'same'));
}
