import { stripStructurePrefixes } from './titles';
import type { Chapter, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { htmlToText } from '@common/textbook-ops/html';
import { conceptGraph, conceptOrder } from './concept-order';
import { chapterOf, type Unit } from './units';

export const levelNames = ['Beginner', 'Intermediate', 'Advanced'] as const;

function chapterPlainText(c: Chapter): string {
  return [htmlToText(c.content), ...c.sections.map((s) => `${s.title}. ${htmlToText(s.content)}`)].join(' ');
}

/** Splits items in teaching order into three runs of near-equal size (the first levels take the remainder). */
function thirds<T>(items: T[]): T[][] {
  const base = Math.floor(items.length / 3);
  const extra = items.length % 3;
  const sizes = [base + (extra > 0 ? 1 : 0), base + (extra > 1 ? 1 : 0), base];
  const out: T[][] = [];
  let start = 0;
  for (const size of sizes) {
    out.push(items.slice(start, start + size));
    start += size;
  }
  return out;
}

/**
 * "Split into beginner, intermediate and advanced": chapters in the order
 * their concepts build on each other (a chapter that uses another's terms
 * comes after it: see conceptGraph), then divided into three parts whose
 * chapter titles carry the level, so a chapter is never at a lower level than
 * one it builds on. A book with fewer than three chapters is split at section
 * level into three chapters the same way.
 */
export function splitByLevel(book: TextbookContent, units: Unit[]): CustomizeResult {
  if (book.chapters.length >= 3) {
    const order = conceptOrder(
      conceptGraph(
        book.chapters.map((c) => c.title),
        book.chapters.map(chapterPlainText),
      ),
    );
    const parts = thirds(order.map((i) => book.chapters[i]));
    const chapters = parts.flatMap((part, level) =>
      part.map((c) => ({ ...c, title: `${levelNames[level]}: ${stripStructurePrefixes(c.title)}` })),
    );
    const describe = parts.map((part, level) => `${levelNames[level]} (${part.length} chapter${part.length === 1 ? '' : 's'})`).join(', ');
    return {
      content: { ...book, chapters },
      summary: `Split the textbook into three levels, each chapter after the chapters whose terms it builds on: ${describe}.`,
    };
  }
  if (units.length < 3) {
    throw new AppError(
      'UNPROCESSABLE',
      'The textbook has too few parts to split into beginner, intermediate and advanced levels. Add chapters or sections first.',
    );
  }
  const order = conceptOrder(
    conceptGraph(
      units.map((u) => u.title),
      units.map((u) => u.text),
    ),
  );
  const parts = thirds(order.map((i) => units[i]));
  const chapters = parts.map((part, level) => chapterOf(levelNames[level], part));
  return {
    content: { ...book, chapters },
    summary:
      'Split the textbook into three chapters, Beginner, Intermediate and Advanced, each part after the parts whose terms it builds on.',
  };
}
