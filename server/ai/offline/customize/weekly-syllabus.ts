import { stripStructurePrefixes } from './titles';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { chapterOf, ensureUnitCount, listPhrase, unitSize, type Unit } from '@server/ai/shared/units';

/** Cutting inside a chapter costs this much (in shares of a week's length) against an even split. */
const midChapterPenalty = 0.35;

/**
 * Contiguous groups of units, `count` of them, of about equal length, cut at
 * chapter boundaries where that keeps the weeks balanced.
 */
export function partitionUnits(units: Unit[], count: number): Unit[][] {
  const n = units.length;
  const cumulative = [0];
  for (const u of units) cumulative.push(cumulative[cumulative.length - 1] + unitSize(u));
  const total = cumulative[n];
  const share = total / count;
  const cuts: number[] = [];
  let previous = 0;
  for (let k = 1; k < count; k++) {
    const ideal = k * share;
    let best = previous + 1;
    let bestCost = Infinity;
    // Each later group needs at least one unit.
    for (let i = previous + 1; i <= n - (count - k); i++) {
      const boundary = units[i].chapterIndex !== units[i - 1].chapterIndex;
      const cost = Math.abs(cumulative[i] - ideal) / share + (boundary ? 0 : midChapterPenalty);
      if (cost < bestCost) [best, bestCost] = [i, cost];
    }
    cuts.push(best);
    previous = best;
  }
  const groups: Unit[][] = [];
  let start = 0;
  for (const cut of [...cuts, n]) {
    groups.push(units.slice(start, cut));
    start = cut;
  }
  return groups;
}

/** A week's title from the chapters its units come from. */
function groupTitle(book: TextbookContent, group: Unit[], allUnits: Unit[]): string {
  const chapters = [...new Set(group.map((u) => u.chapterIndex))];
  if (chapters.length === 1) {
    const ci = chapters[0];
    const title = book.chapters[ci].title;
    const whole = allUnits.filter((u) => u.chapterIndex === ci).length === group.length;
    if (whole) return stripStructurePrefixes(title);
    // Part of one chapter: named by its first section (one phrase, never "Chapter: Section").
    const first = group[0];
    return first.title !== title && !first.title.startsWith(`${title} (Part`)
      ? stripStructurePrefixes(first.title)
      : stripStructurePrefixes(title);
  }
  const titles = chapters.map((ci) => stripStructurePrefixes(book.chapters[ci].title));
  return titles.length <= 3 ? listPhrase(titles) : `${listPhrase(titles.slice(0, 2))} and more`;
}

/** "Make a 10-week syllabus": exactly `weeks` chapters 'Week N: ...' holding all of the book, in order. */
export function weeklySyllabus(book: TextbookContent, units: Unit[], weeks: number): CustomizeResult {
  if (weeks < 1 || weeks > 52) throw new AppError('UNPROCESSABLE', 'A syllabus can have between 1 and 52 weeks.');
  const enough = ensureUnitCount(units, weeks);
  if (!enough) {
    throw new AppError(
      'UNPROCESSABLE',
      `The textbook has too little text to spread over ${weeks} weeks. Add content first, or ask for fewer weeks.`,
    );
  }
  const groups = partitionUnits(enough, weeks);
  const seen = new Map<string, number>();
  const chapters = groups.map((group, i) => {
    let title = groupTitle(book, group, enough);
    const times = seen.get(title) ?? 0;
    seen.set(title, times + 1);
    if (times > 0) title = `${title} (continued)`;
    return chapterOf(`Week ${i + 1}: ${title}`, group);
  });
  return { content: { ...book, chapters }, summary: `Arranged the textbook as a ${weeks}-week syllabus, in its original order.` };
}
