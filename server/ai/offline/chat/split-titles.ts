import type { TextbookContent } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import { groupTitle } from '../expand/chapter-parts';
import { sectionTitles } from '../expand/section-titles';
import { titleKey } from '@server/ai/shared/source-map';

/**
 * Real titles for the chapters a split made ("Introduction (Part 1)" and "(Part 2)"):
 * the first part keeps the chapter's title, each later one is named by its sections' titles, or
 * by a noun phrase of its own text; a part nothing can name keeps the numbered title.
 */
export function titleSplitParts(content: TextbookContent, index: number, parts: number, originalTitle: string): TextbookContent {
  const pieces = content.chapters.slice(index, index + parts);
  const taken = new Set(
    content.chapters.flatMap((c, i) => (i >= index && i < index + parts ? [] : [c.title, ...c.sections.map((s) => s.title)])).map(titleKey),
  );
  const fromText = sectionTitles(
    pieces.map((c) => [htmlToText(c.content), ...c.sections.map((s) => htmlToText(s.content))].join(' ')),
    { chapterTitle: originalTitle, taken },
  );
  const titles = pieces.map((c, k) => {
    if (k === 0) return originalTitle;
    if (c.sections.length > 0) return groupTitle(c.sections.map((s) => s.title));
    return fromText[k] ?? c.title;
  });
  return {
    ...content,
    chapters: content.chapters.map((c, i) => (i >= index && i < index + parts ? { ...c, title: titles[i - index] } : c)),
  };
}
