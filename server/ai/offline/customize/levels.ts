import { stripStructurePrefixes } from './titles';
import type { Chapter, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { htmlToText } from '@common/textbook-ops/html';
import { conceptGraph, conceptOrder } from './concept-order';
import { bookUnits, chapterOf } from '@server/ai/shared/units';
import { bookFrame, isLogisticsChapter } from './book-matter';

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

/** A teaching chapter with the course-logistics chapters that follow it ("For Next Time"), which travel with it unlabelled. */
interface Group {
  lead: Chapter;
  riders: Chapter[];
}

function teachingGroups(body: Chapter[]): Group[] {
  const groups: Group[] = [];
  const leading: Chapter[] = [];
  for (const c of body) {
    if (isLogisticsChapter(c)) (groups.at(-1)?.riders ?? leading).push(c);
    else groups.push({ lead: c, riders: [] });
  }
  if (groups.length) groups[0].riders.unshift(...leading);
  return groups;
}

/**
 * "Split into beginner, intermediate and advanced": the body's chapters in the
 * order their concepts build on each other (a chapter that uses another's terms
 * comes after it: see conceptGraph; the author's order wherever nothing forces
 * a move), then divided into three runs whose chapter titles carry the level,
 * so a chapter is never at a lower level than one it builds on. The opening
 * chapters (preface, introduction, notation) stay first and the closing ones
 * (exercises, further reading, references) last, without a level; a chapter
 * about the course rather than its subject stays after the chapter it followed.
 * A book with fewer than three teaching chapters is split at section level
 * into three chapters the same way.
 */
export function splitByLevel(book: TextbookContent): CustomizeResult {
  const { first, end } = bookFrame(book.chapters);
  const groups = teachingGroups(book.chapters.slice(first, end));
  if (groups.length >= 3) {
    const order = conceptOrder(
      conceptGraph(
        groups.map((g) => g.lead.title),
        groups.map((g) => chapterPlainText(g.lead)),
      ),
    );
    const parts = thirds(order.map((i) => groups[i]));
    const body = parts.flatMap((part, level) =>
      part.flatMap((g) => [{ ...g.lead, title: `${levelNames[level]}: ${stripStructurePrefixes(g.lead.title)}` }, ...g.riders]),
    );
    const chapters = [...book.chapters.slice(0, first), ...body, ...book.chapters.slice(end)];
    const describe = parts.map((part, level) => `${levelNames[level]} (${part.length} chapter${part.length === 1 ? '' : 's'})`).join(', ');
    const kept = first + (book.chapters.length - end);
    return {
      content: { ...book, chapters },
      summary:
        `Split the textbook into three levels, each chapter after the chapters whose terms it builds on: ${describe}.` +
        (kept ? ` The opening and closing chapters (${kept}) keep their places.` : ''),
    };
  }
  // Too few teaching chapters: the body's sections are split into three chapters the same way.
  const body = bookUnits({ ...book, chapters: book.chapters.slice(first, end) });
  if (body.length < 3) {
    throw new AppError(
      'UNPROCESSABLE',
      'The textbook has too few parts to split into beginner, intermediate and advanced levels. Add chapters or sections first.',
    );
  }
  const order = conceptOrder(
    conceptGraph(
      body.map((u) => u.title),
      body.map((u) => u.text),
    ),
  );
  const parts = thirds(order.map((i) => body[i]));
  const chapters = [
    ...book.chapters.slice(0, first),
    ...parts.map((part, level) => chapterOf(levelNames[level], part)),
    ...book.chapters.slice(end),
  ];
  return {
    content: { ...book, chapters },
    summary:
      'Split the textbook into three chapters, Beginner, Intermediate and Advanced, each part after the parts whose terms it builds on' +
      (first + book.chapters.length - end ? '; the opening and closing chapters keep their places.' : '.'),
  };
}
