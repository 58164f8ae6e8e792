import { stripStructurePrefixes } from './titles';
import type { Chapter, TextbookContent } from '../../../../common/textbook';
import { quickTokenize } from '../../../core/nlp';
import { AppError } from '../../../core/app-error';
import type { CustomizeResult } from '../../engine';
import { fastSentences } from '../compose/fast-sentences';
import { htmlToText } from '../compose/html';
import { PhraseCounts } from '../compose/keyphrase-titles';
import { chapterOf, type Unit } from './units';

export const levelNames = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** "X is a ...", "X refers to ...", "X is defined as ...", "... called X", "... known as X". */
const definedBefore =
  /^(?:an?\s+|the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(?:is|are)\s+(?:an?|the|defined as|known as|called)\s|^(?:an?\s+|the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)\s+(?:refers? to|means|denotes)\s/i;
const definedAfter =
  /\b(?:called|known as|termed|referred to as|we call)\s+(?:an?\s+|the\s+)?["\u201c]?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})/gi;

function termKey(phrase: string): string {
  return quickTokenize(phrase).join(' ');
}

/** The terms a text defines (normalised to their content-word stems). */
export function definedTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const sentence of fastSentences(text)) {
    const m = definedBefore.exec(sentence);
    const subject = m?.[1] ?? m?.[2];
    if (subject && !/^(?:this|that|it|there|these|those|they|which|what|here|one)\b/i.test(subject)) {
      const key = termKey(subject);
      if (key) terms.add(key);
    }
    for (const a of sentence.matchAll(definedAfter)) {
      const key = termKey(a[1]);
      if (key) terms.add(key);
    }
  }
  return terms;
}

function chapterPlainText(c: Chapter): string {
  return [`${c.title}.`, htmlToText(c.content), ...c.sections.map((s) => `${s.title}. ${htmlToText(s.content)}`)].join(' ');
}

const minUses = 2;

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) count++;
  return count;
}

/**
 * How much each text builds on terms introduced in the others: `uses` is the
 * number of distinct terms defined elsewhere (and not in the text itself)
 * that it uses at least twice; `usedBy` counts the other texts that use its own terms (the
 * more, the more foundational). When the book defines too few terms, each
 * text's most frequent key phrases stand in as the terms it introduces.
 */
export function dependencyScores(texts: string[]): Array<{ uses: number; usedBy: number }> {
  let defined = texts.map(definedTerms);
  const total = new Set(defined.flatMap((d) => [...d])).size;
  if (total < 3) {
    defined = texts.map((t) => {
      const counts = PhraseCounts.of(fastSentences(t)).counts;
      const top = [...counts.entries()]
        .filter(([k, n]) => n >= 2 && k.includes(' '))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8);
      return new Set(top.map(([k]) => termKey(k)).filter(Boolean));
    });
  }
  const tokenTexts = texts.map((t) => ` ${quickTokenize(t).join(' ')} `);
  // Building on a term means using it, not naming it once in passing (an introduction names everything).
  const usesTerm = (i: number, term: string) => !defined[i].has(term) && occurrences(tokenTexts[i], ` ${term} `) >= minUses;
  return texts.map((_, i) => {
    const foreign = new Set<string>();
    defined.forEach((terms, j) => {
      if (j !== i) for (const term of terms) if (usesTerm(i, term)) foreign.add(term);
    });
    const usedBy = texts.filter((__, j) => j !== i && [...defined[i]].some((term) => usesTerm(j, term))).length;
    return { uses: foreign.size, usedBy };
  });
}

/**
 * Net dependence: what a part builds on from elsewhere, less what elsewhere
 * builds on it. Foundations (defining what others use) come first, parts that
 * mostly use others' terms last; among equals, the book's own order.
 */
function byFoundation(
  a: { i: number; score: { uses: number; usedBy: number } },
  b: { i: number; score: { uses: number; usedBy: number } },
): number {
  return a.score.uses - a.score.usedBy - (b.score.uses - b.score.usedBy) || a.score.uses - b.score.uses || a.i - b.i;
}

/** Splits items ordered by score into three runs of near-equal size (the first levels take the remainder). */
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
 * "Split into beginner, intermediate and advanced": chapters ordered by how
 * much each builds on terms defined in other chapters, net of how much the
 * others build on its own terms (the least dependent first),
 * then divided into three parts whose chapter titles carry the level. A book
 * with fewer than three chapters is split at section level into three chapters.
 */
export function splitByLevel(book: TextbookContent, units: Unit[]): CustomizeResult {
  if (book.chapters.length >= 3) {
    const scores = dependencyScores(book.chapters.map(chapterPlainText));
    const ordered = book.chapters.map((c, i) => ({ c, i, score: scores[i] })).sort((a, b) => byFoundation(a, b));
    const parts = thirds(ordered);
    const chapters = parts.flatMap((part, level) =>
      part.map(({ c }) => ({ ...c, title: `${levelNames[level]}: ${stripStructurePrefixes(c.title)}` })),
    );
    const describe = parts.map((part, level) => `${levelNames[level]} (${part.length} chapter${part.length === 1 ? '' : 's'})`).join(', ');
    return {
      content: { ...book, chapters },
      summary: `Split the textbook into three levels, ordered by how much each chapter builds on terms defined in the others: ${describe}.`,
    };
  }
  if (units.length < 3) {
    throw new AppError(
      'UNPROCESSABLE',
      'The textbook has too few parts to split into beginner, intermediate and advanced levels. Add chapters or sections first.',
    );
  }
  const scores = dependencyScores(units.map((u) => `${u.title}. ${u.text}`));
  const ordered = units.map((u, i) => ({ u, i, score: scores[i] })).sort((a, b) => byFoundation(a, b));
  const parts = thirds(ordered).map((part) => part.sort((a, b) => a.i - b.i).map((p) => p.u));
  const chapters = parts.map((part, level) => chapterOf(levelNames[level], part));
  return {
    content: { ...book, chapters },
    summary:
      'Split the textbook into three chapters, Beginner, Intermediate and Advanced, ordered by how much each part builds on terms defined in the others.',
  };
}
