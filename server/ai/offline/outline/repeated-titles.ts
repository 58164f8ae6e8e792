import { titleKey } from './merge-units';

/**
 * Titles told apart where one repeats an earlier one that is not next to it (a deck's slides of one title with other
 * slides between; those side by side are merged before): the later ones read "<title>, continued", then "<title>,
 * continued (2)" (the word in the book's language), so the contents never list two entries of one name and the material keeps its order.
 */
export function continuedTitles<T extends { title: string }>(items: T[], label?: (key: string) => boolean, continued = 'continued'): T[] {
  const taken = new Set(items.map((item) => titleKey(item.title)));
  const counts = new Map<string, number>();
  return items.map((item) => {
    const key = titleKey(item.title);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    // A label every task has ("Solution") names a new one each time, never the continuation of the last.
    if (n === 1 || !key || label?.(key)) return item;
    let k = n - 1;
    const named = () => (k === 1 ? `${item.title}, ${continued}` : `${item.title}, ${continued} (${k})`);
    while (taken.has(titleKey(named()))) k++;
    taken.add(titleKey(named()));
    return { ...item, title: named() };
  });
}
