import { NUM, ORD, parseNumber, unquote } from './words';

/**
 * How requests name chapters, sections and places: "chapter 3", "the last
 * chapter", "the Trace Trees chapter", "section 2.1", "before chapter 2".
 * Syntactic only; resolve-refs.ts matches them against the outline.
 */
export type ChapterRef = { by: 'index'; index: number } | { by: 'last' } | { by: 'title'; title: string };
export type SectionRef = {
  chapter?: ChapterRef;
  section: { by: 'index'; index: number } | { by: 'last' } | { by: 'title'; title: string };
};
export type Position =
  { kind: 'before' | 'after'; chapter: ChapterRef } | { kind: 'index'; index: number } | { kind: 'first' | 'last' | 'up' | 'down' };

export function parseChapterRef(phrase: string): ChapterRef | null {
  const p = unquote(phrase.trim().replace(/^(?:the|a)\s+/i, ''));
  if (!p) return null;
  let m = new RegExp(`^chapter\\s+(${NUM})$`, 'i').exec(p) ?? new RegExp(`^ch\\.?\\s*(\\d{1,3})$`, 'i').exec(p);
  if (m) return indexRef(m[1]);
  m = new RegExp(`^(${ORD})\\s+chapter$`, 'i').exec(p) ?? new RegExp(`^(${ORD})\\s+one$`, 'i').exec(p);
  if (m) return /^(last|final)$/i.test(m[1]) ? { by: 'last' } : indexRef(m[1]);
  m = /^chapter\s+(?:titled|called|named|entitled|on|about)\s+(.+)$/i.exec(p) ?? /^chapter\s*[:-]?\s*(["\u201c\u2018'].+)$/i.exec(p);
  if (m) return { by: 'title', title: unquote(m[1]) };
  m = /^(.+?)\s+chapter$/i.exec(p);
  if (m) return { by: 'title', title: unquote(m[1]) };
  m = /^chapter\s+(.+)$/i.exec(p);
  if (m) return { by: 'title', title: unquote(m[1]) };
  // A bare title ("remove Trace Trees"): resolved only if it matches a chapter.
  return /\bsections?\b/i.test(p) ? null : { by: 'title', title: p };
}

export function indexRef(word: string): ChapterRef | null {
  const n = parseNumber(word);
  return n === null ? null : { by: 'index', index: n - 1 };
}

export const OF = `(?:of|in|from|under|inside)`;

export function parseSectionRef(phrase: string): SectionRef | null {
  const p = phrase
    .trim()
    .replace(/^(?:the|a)\s+/i, '')
    .replace(/^sections\b/i, 'section');
  let m = /^section\s+(\d{1,3})\.(\d{1,3})$/i.exec(p);
  if (m) return { chapter: { by: 'index', index: Number(m[1]) - 1 }, section: { by: 'index', index: Number(m[2]) - 1 } };
  m = new RegExp(`^(?:section\\s+(${NUM})|(${ORD})\\s+section)(?:\\s+${OF}\\s+(.+))?$`, 'i').exec(p);
  if (m) {
    const word = m[1] ?? m[2];
    const chapter = m[3] ? parseChapterRef(m[3]) : undefined;
    if (m[3] && !chapter) return null;
    const section = /^(last|final)$/i.test(word) ? ({ by: 'last' } as const) : numberIndex(word);
    return section ? { chapter: chapter ?? undefined, section } : null;
  }
  m = new RegExp(
    `^section\\s+(?:titled|called|named|on|about)?\\s*(.+?)(?:\\s+${OF}\\s+(chapter\\s+.+|the\\s+.+\\s+chapter|(?:the\\s+)?${ORD}\\s+chapter))?$`,
    'i',
  ).exec(p);
  if (m) return withChapter(unquote(m[1]), m[2]);
  m = new RegExp(`^(.+?)\\s+section(?:\\s+${OF}\\s+(.+))?$`, 'i').exec(p);
  if (m) return withChapter(unquote(m[1]), m[2]);
  return null;
}

export function numberIndex(word: string): { by: 'index'; index: number } | null {
  const n = parseNumber(word);
  return n === null ? null : { by: 'index', index: n - 1 };
}

function withChapter(title: string, chapterPhrase: string | undefined): SectionRef | null {
  if (!title) return null;
  const chapter = chapterPhrase ? parseChapterRef(chapterPhrase) : undefined;
  if (chapterPhrase && !chapter) return null;
  return { chapter: chapter ?? undefined, section: { by: 'title', title } };
}

export const isSectionPhrase = (p: string) =>
  /\bsections?\b/i.test(p) && !/^(?:the\s+)?chapter\b/i.test(p.replace(/\s+(?:of|in|from)\s+.*$/i, ''));

export function parsePosition(words: string): Position | null {
  const w = words.trim();
  let m = /^(before|ahead of|in front of|above|after|behind|below|following)\s+(.+)$/i.exec(w);
  if (m) {
    const chapter = parseChapterRef(m[2]);
    if (!chapter) return null;
    return { kind: /^(before|ahead of|in front of|above)$/i.test(m[1]) ? 'before' : 'after', chapter };
  }
  if (
    /^(?:to|at|as|into)?\s*(?:the\s+)?(?:very\s+)?(?:beginning|start|front|top|first(?:\s+chapter)?|first position)(?:\s+of\s+the\s+\w+)?$/i.test(
      w,
    )
  )
    return { kind: 'first' };
  if (/^(?:to|at|as)?\s*(?:the\s+)?(?:very\s+)?(?:end|back|bottom|last(?:\s+chapter)?|last position)(?:\s+of\s+the\s+\w+)?$/i.test(w))
    return { kind: 'last' };
  m =
    new RegExp(`^(?:to|at|as|into)\\s+(?:the\\s+)?(?:position|place|number|slot|chapter)\\s+(${NUM})$`, 'i').exec(w) ??
    new RegExp(`^(?:to|at|as|into)\\s+(?:the\\s+)?(${ORD})\\s+(?:position|place|chapter|slot)$`, 'i').exec(w) ??
    new RegExp(`^(?:to|at)\\s+(\\d{1,3})$`, 'i').exec(w);
  if (m) {
    if (/^(last|final)$/i.test(m[1])) return { kind: 'last' };
    const n = parseNumber(m[1]);
    return n === null ? null : { kind: 'index', index: n - 1 };
  }
  if (/^up(?:\s+one)?$/i.test(w)) return { kind: 'up' };
  if (/^down(?:\s+one)?$/i.test(w)) return { kind: 'down' };
  return null;
}
