import type { Chapter, TextbookContent } from '@common/textbook';
import { newChapterId, newSectionId } from '@common/textbook-ops';
import { escapeHtml, htmlToText } from '@common/textbook-ops/html';
import { quickTokenize } from '@server/core/nlp';
import { AppError } from '@server/core/app-error';
import type { CustomizeResult } from '@server/ai/engine';
import { parseNumber } from '../chat/words';
import { sparseCosine, TermStats } from '@server/ai/shared/term-vectors';
import { alignInOrder } from './order-alignment';
import { listPhrase } from '@server/ai/shared/units';

/**
 * Grouping chapters into parts ("Group the chapters into three parts: sentential logic,
 * quantified logic, and proofs"; "Group chapters 1-3 into a part called Foundations"). The book
 * model has two levels, so a part becomes a chapter and each chapter it takes becomes one of its
 * sections; that chapter's own sections follow inside it under their titles as sub-headings.
 * Nothing is cut or reworded, and the chapters stay in their order.
 */
export type PartsRequest = { kind: 'named'; names: string[] } | { kind: 'range'; from: number; to: number; name: string };

const numberWord = '(\\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)';
const namedParts = new RegExp(
  `^\\s*(?:please\\s+)?(?:group|organi[sz]e|divide|split|arrange|sort)\\s+(?:the\\s+|all\\s+)?(?:chapters|book|textbook)?\\s*(?:into|in)\\s+${numberWord}?\\s*parts?\\b[^:]*:\\s*(.+)$`,
  'i',
);
const rangePart =
  /^\s*(?:please\s+)?(?:group|put|combine|make)\s+chapters?\s+(\d{1,3})\s*(?:-|\u2013|to|through|and)\s*(\d{1,3})\s+(?:into|in|as)\s+(?:a|one|the)?\s*part\s+(?:called|named|titled|entitled)?\s*["'\u201c\u2018]?([^"'\u201d\u2019]+?)["'\u201d\u2019]?\s*[.!]?\s*$/i;

/** The request in the guidance, or null when it asks for something else. */
export function parsePartsRequest(guidance: string): PartsRequest | null {
  const text = guidance.replace(/\s+/g, ' ').trim();
  const range = rangePart.exec(text);
  if (range) return { kind: 'range', from: Number(range[1]), to: Number(range[2]), name: range[3].trim() };
  const named = namedParts.exec(text);
  if (!named) return null;
  const names = named[2]
    .replace(/[.!]\s*$/, '')
    .split(/\s*(?:,|;|\band\b|\bthen\b)\s*/i)
    .map((n) => n.replace(/^["'\u201c\u2018]|["'\u201d\u2019]$/g, '').trim())
    .filter(Boolean);
  const count = named[1] ? parseNumber(named[1]) : null;
  if (names.length < 2 || (count !== null && count !== names.length)) return null;
  return { kind: 'named', names };
}

/** A chapter as one section of a part: its text, then its sections under their titles. */
function chapterAsSection(c: Chapter) {
  const body = [c.content, ...c.sections.map((s) => `<h3>${escapeHtml(s.title)}</h3>${s.content}`)].join('');
  return { id: c.sections.length === 0 && c.id ? c.id : newSectionId(), title: c.title, content: body };
}

function partChapter(name: string, index: number, chapters: Chapter[]): Chapter {
  return { id: newChapterId(), title: `Part ${index + 1}: ${name}`, content: '', sections: chapters.map(chapterAsSection) };
}

function chapterText(c: Chapter): string {
  return `${c.title} ${c.title} ${htmlToText(c.content)} ${c.sections.map((s) => `${s.title} ${s.title} ${htmlToText(s.content)}`).join(' ')}`;
}

export function groupIntoParts(book: TextbookContent, request: PartsRequest): CustomizeResult {
  const n = book.chapters.length;
  if (request.kind === 'range') {
    const { from, to, name } = request;
    if (from < 1 || to > n || from > to) {
      throw new AppError(
        'UNPROCESSABLE',
        `There are chapters 1 to ${n}, so chapters ${from}-${to} cannot be grouped. Nothing was changed.`,
      );
    }
    const taken = book.chapters.slice(from - 1, to);
    const part = { ...partChapter(name, 0, taken), title: name };
    return {
      content: { ...book, chapters: [...book.chapters.slice(0, from - 1), part, ...book.chapters.slice(to)] },
      summary: `Grouped chapters ${from}-${to} into the part "${name}"; each is now one of its sections.`,
    };
  }
  const names = request.names.slice(0, 20);
  if (n < names.length) {
    throw new AppError(
      'UNPROCESSABLE',
      `The textbook has ${n} chapter${n === 1 ? '' : 's'}, too few for ${names.length} parts. Nothing was changed.`,
    );
  }
  const chapterTokens = book.chapters.map((c) => quickTokenize(chapterText(c)));
  const nameTokens = names.map((name) => quickTokenize(`${name} ${name}`));
  // A part is found by the words that tell it from the other parts ("modal" in "modal logic" beside "quantified logic").
  const inBook = new Set(chapterTokens.flat());
  const unknown = names.filter((_, p) => {
    const own = nameTokens[p].filter((t) => !nameTokens.some((other, q) => q !== p && other.includes(t)));
    return (own.length ? own : nameTokens[p]).every((t) => !inBook.has(t));
  });
  if (unknown.length) {
    throw new AppError(
      'UNPROCESSABLE',
      `No chapter is about ${listPhrase(unknown.map((e) => `"${e}"`))}, so the parts could not be made. Nothing was changed. Try naming the chapters: "Group chapters 1-3 into a part called Foundations".`,
    );
  }
  const stats = new TermStats([...chapterTokens, ...nameTokens]);
  const nameVectors = nameTokens.map((t) => stats.vector(t));
  const similarity = chapterTokens.map((t) => {
    const v = stats.vector(t);
    return nameVectors.map((w) => sparseCosine(v, w));
  });
  // Chapters stay in order: each part is a run of chapters, found by the in-order alignment the class outline uses.
  const assignment = alignInOrder(similarity, names.length);
  for (let i = 1; i < assignment.length; i++) if (assignment[i] < assignment[i - 1]) assignment[i] = assignment[i - 1];
  const groups = names.map((_, p) => book.chapters.filter((__, i) => assignment[i] === p));
  const empty = names.filter((_, p) => groups[p].length === 0);
  if (empty.length) {
    throw new AppError(
      'UNPROCESSABLE',
      `No chapter is about ${listPhrase(empty.map((e) => `"${e}"`))}, so the parts could not be made. Nothing was changed. Try naming the chapters: "Group chapters 1-3 into a part called Foundations".`,
    );
  }
  const chapters = groups.map((g, p) => partChapter(names[p], p, g));
  let at = 0;
  const ranges = groups.map((g) => {
    const first = at + 1;
    at += g.length;
    return g.length === 1 ? `chapter ${first}` : `chapters ${first}-${at}`;
  });
  return {
    content: { ...book, chapters },
    summary: `Grouped the ${n} chapters into ${names.length} parts: ${names.map((name, p) => `"${name}" (${ranges[p]})`).join(', ')}.`,
  };
}
