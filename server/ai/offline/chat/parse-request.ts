import {
  indexRef,
  isSectionPhrase,
  numberIndex,
  OF,
  parseChapterRef,
  parsePosition,
  parseSectionRef,
  type ChapterRef,
  type Position,
  type SectionRef,
} from './parse-refs';
import { CARD, NUM, ORD, parseNumber, toTitle, unquote } from './words';

export type { ChapterRef, Position, SectionRef } from './parse-refs';
export { parseChapterRef, parseSectionRef } from './parse-refs';

/**
 * Reads a plain English structural request into a command. Parsing is
 * syntactic only: references ("chapter 3", "the last chapter", "the Trace
 * Trees chapter") are resolved against the outline later, in resolve-refs.ts.
 */
export type Command =
  | { op: 'addChapter'; title: string; position?: Position }
  | { op: 'removeChapters'; chapters: ChapterRef[] }
  | { op: 'renameChapter'; chapter: ChapterRef; title: string }
  | { op: 'moveChapter'; chapter: ChapterRef; to: Position }
  | { op: 'swapChapters'; a: ChapterRef; b: ChapterRef }
  | { op: 'splitChapter'; chapter: ChapterRef; parts: number }
  | { op: 'mergeChapters'; a: ChapterRef; b: ChapterRef }
  | { op: 'resizeChapters'; count: number }
  | { op: 'addSection'; chapter?: ChapterRef; title: string }
  | { op: 'removeSection'; section: SectionRef }
  | { op: 'renameSection'; section: SectionRef; title: string }
  | { op: 'moveSection'; section: SectionRef; toChapter?: ChapterRef; before?: SectionRef; after?: SectionRef; to?: 'first' | 'last' }
  | { op: 'splitSection'; section: SectionRef; parts: number }
  | { op: 'mergeSections'; a: SectionRef; b: SectionRef };

export type ParseResult = { kind: 'command'; command: Command } | { kind: 'unsupported'; verb: string } | { kind: 'question' };

const politeness =
  /^(?:(?:please|pls|ok(?:ay)?|hey|hi|now|then|also|and|so|kindly)[\s,]+|(?:can|could|would|will)\s+you(?:\s+please)?\s+|i\s+(?:want|would like|'d like|need)\s+(?:you\s+)?to\s+|let'?s\s+|go ahead and\s+|i\s+think\s+you\s+should\s+|you\s+should\s+)+/i;

function clean(message: string): string {
  return message
    .trim()
    .replace(politeness, '')
    .replace(/[\s,]*(?:please|thanks|thank you)[.!]*$/i, '')
    .replace(/[.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A new title keeps its own question or exclamation mark ("rename chapter 2 to Why logic?"), which
 * `clean` took off as the end of the request; a request asked as a question ("can you rename
 * chapter 2 to Sets?") does not give the title one.
 */
function keepTitleMark(command: Command, message: string): Command {
  if (command.op !== 'renameChapter' && command.op !== 'renameSection') return command;
  const mark = /([?!])["'\u201d\u2019]?\s*$/.exec(message.trim());
  if (!mark || /^\s*(?:(?:please|hey|hi|ok|okay)[\s,]+)?(?:can|could|would|will)\s+you\b/i.test(message)) return command;
  return command.title.endsWith(mark[1]) ? command : { ...command, title: command.title + mark[1] };
}

function partsOf(words: string | undefined): number {
  if (!words) return 2;
  const n = parseNumber(words);
  return n ?? 2;
}

const structuralVerbs =
  /^(?:add|insert|create|append|include|put|place|remove|delete|drop|erase|cut|eliminate|get rid of|take out|rename|retitle|call|name|title|move|shift|relocate|swap|switch|reorder|reorgani[sz]e|restructure|rearrange|sort|reverse|split|divide|break|merge|combine|join|fuse|make|turn|change|set|reduce|increase|expand|shorten|shrink|condense|trim|rewrite|translate|replace|convert|generate|write|fill|delete|undo|redo|renumber|duplicate|copy)\b/i;

/** Parses one request; never throws. */
export function parseRequest(message: string): ParseResult {
  const text = clean(message);
  if (!text) return { kind: 'question' };
  const command = parseCommand(text);
  if (command) return { kind: 'command', command: keepTitleMark(command, message) };
  const verb = structuralVerbs.exec(text);
  if (verb && !/\?\s*$/.test(message.trim())) return { kind: 'unsupported', verb: verb[0].toLowerCase() };
  return { kind: 'question' };
}

function parseCommand(t: string): Command | null {
  return (
    parseResize(t) ??
    parseAddSection(t) ??
    parseAddChapter(t) ??
    parseRemove(t) ??
    parseRename(t) ??
    parseSwap(t) ??
    parseMove(t) ??
    parseSplit(t) ??
    parseMerge(t)
  );
}

function parseResize(t: string): Command | null {
  if (/^(?:add|insert|remove|delete|drop|split|merge|combine|move)\b/i.test(t)) return null;
  const m =
    new RegExp(
      `^(?:make|turn|restructure|reorgani[sz]e|rearrange|change|reduce|cut|trim|condense|shorten|shrink|expand|grow|increase|split|limit|keep|we\\s+want|i\\s+want|i'?d\\s+like|have|use|give\\s+me|there\\s+should\\s+be|it\\s+should\\s+have|only)\\b.*?\\b(${CARD})\\s+chapters?\\b(?:\\s+(?:total|in total|instead|only|long))?$`,
      'i',
    ).exec(t) ?? new RegExp(`^(${CARD})\\s+chapters(?:\\s+(?:total|in total|instead|only))?$`, 'i').exec(t);
  if (!m) return null;
  const n = parseNumber(m[1]);
  return n === null ? null : { op: 'resizeChapters', count: n };
}

function parseAddSection(t: string): Command | null {
  const lead = `(?:add|insert|create|include|append|write|put|we\\s+need|i\\s+need|there\\s+should\\s+be)\\s+(?:in\\s+)?(?:a\\s+|an\\s+|another\\s+|one\\s+more\\s+)?(?:new\\s+|short\\s+|brief\\s+)?section`;
  const named = `(?:\\s+(?:titled|called|named|entitled)\\s+|\\s+(?:on|about|covering|regarding|for|discussing|explaining|describing)\\s+|\\s*:\\s*|\\s+)`;
  let m = new RegExp(
    `^${lead}${named}(.+?)\\s+(?:to|in|into|under|inside|within|for)\\s+((?:the\\s+)?(?:chapter\\s+.+|.+\\s+chapter|${ORD}\\s+chapter))$`,
    'i',
  ).exec(t);
  if (m) {
    const chapter = parseChapterRef(m[2]);
    return chapter ? { op: 'addSection', chapter, title: toTitle(m[1]) } : null;
  }
  m = new RegExp(
    `^(?:in|to|for)\\s+((?:the\\s+)?(?:chapter\\s+\\S+|${ORD}\\s+chapter|last\\s+chapter))\\s*,?\\s*${lead}${named}(.+)$`,
    'i',
  ).exec(t);
  if (m) {
    const chapter = parseChapterRef(m[1]);
    return chapter ? { op: 'addSection', chapter, title: toTitle(m[2]) } : null;
  }
  m = new RegExp(`^${lead}${named}(.+)$`, 'i').exec(t);
  if (m) return { op: 'addSection', title: toTitle(m[1]) };
  return null;
}

function parseAddChapter(t: string): Command | null {
  const m =
    /^(?:add|insert|create|include|append|write|we\s+need|i\s+need|there\s+should\s+be)\s+(?:a\s+|an\s+|another\s+|one\s+more\s+)?(?:new\s+)?chapter(?:\s+(?:titled|called|named|entitled)\s+|\s+(?:on|about|covering|regarding|for|discussing|explaining|describing)\s+|\s*:\s*|\s+)(.+)$/i.exec(
      t,
    );
  if (!m) return null;
  let rest = m[1];
  let position: Position | undefined;
  const pos = /^(.+?)\s+((?:before|ahead of|in front of|after|following|at|as|to)\s+.+)$/i.exec(rest);
  if (pos) {
    const parsed = parsePosition(pos[2]);
    if (parsed) {
      rest = pos[1];
      position = parsed;
    }
  }
  const title = toTitle(rest);
  return title ? { op: 'addChapter', title, position } : null;
}

function parseRemove(t: string): Command | null {
  const m = /^(?:remove|delete|drop|erase|eliminate|get rid of|take out|cut out|cut)\s+(.+)$/i.exec(t);
  if (!m) return null;
  const phrase = m[1].trim();
  if (isSectionPhrase(phrase)) {
    const section = parseSectionRef(phrase);
    return section ? { op: 'removeSection', section } : null;
  }
  const plural = new RegExp(`^(?:the\\s+)?chapters\\s+(${NUM}(?:\\s*(?:,|and|&)\\s*${NUM})+)$`, 'i').exec(phrase);
  if (plural) {
    const indexes = plural[1].split(/\s*(?:,|and|&)\s*/i).map(parseNumber);
    if (indexes.some((n) => n === null)) return null;
    return { op: 'removeChapters', chapters: indexes.map((n) => ({ by: 'index', index: (n as number) - 1 })) };
  }
  const chapter = parseChapterRef(phrase);
  return chapter ? { op: 'removeChapters', chapters: [chapter] } : null;
}

function parseRename(t: string): Command | null {
  const m =
    /^(?:rename|retitle|re-title|re-name)\s+(.+?)\s+(?:to|as|into)\s+(.+)$/i.exec(t) ??
    /^(?:change|set|update|make)\s+(?:the\s+)?(?:title|name|heading)\s+of\s+(.+?)\s+(?:to|into|as)\s+(.+)$/i.exec(t) ??
    /^(?:change|set|update)\s+(.+?)(?:'s)?\s+(?:title|name|heading)\s+(?:to|into|as)\s+(.+)$/i.exec(t) ??
    /^(?:call|name|title)\s+(.+?)\s+((?:["\u201c\u2018']).+)$/i.exec(t);
  if (!m) return null;
  const title = unquote(m[2]);
  if (!title) return null;
  if (isSectionPhrase(m[1])) {
    const section = parseSectionRef(m[1]);
    return section ? { op: 'renameSection', section, title } : null;
  }
  const chapter = parseChapterRef(m[1]);
  return chapter ? { op: 'renameChapter', chapter, title } : null;
}

function parseSwap(t: string): Command | null {
  const m =
    new RegExp(`^(?:swap|switch|exchange)\\s+(?:the\\s+)?chapters\\s+(${NUM})\\s+(?:and|with|&)\\s+(${NUM})$`, 'i').exec(t) ??
    /^(?:swap|switch|exchange)\s+(.+?)\s+(?:and|with|&)\s+(.+)$/i.exec(t);
  if (!m) return null;
  const a = /^\w+$/.test(m[1]) ? indexRef(m[1]) : parseChapterRef(m[1]);
  const b = /^\w+$/.test(m[2]) ? indexRef(m[2]) : parseChapterRef(m[2]);
  return a && b ? { op: 'swapChapters', a, b } : null;
}

function parseMove(t: string): Command | null {
  let m =
    /^(?:move|put|place|shift|relocate|bring)\s+(.+?)\s+((?:before|ahead of|in front of|above|after|behind|below|following|to|at|into|up|down)\b.*)$/i.exec(
      t,
    );
  if (m) {
    if (isSectionPhrase(m[1])) return parseSectionMove(m[1], m[2]);
    const chapter = parseChapterRef(m[1]);
    const to = parsePosition(m[2]);
    return chapter && to ? { op: 'moveChapter', chapter, to } : null;
  }
  // "make chapter 4 the first chapter", "make chapter 4 chapter 2"
  m = new RegExp(
    `^make\\s+(chapter\\s+\\S+|the\\s+.+?\\s+chapter)\\s+((?:the\\s+)?(?:${ORD})(?:\\s+(?:one|chapter))?|chapter\\s+${NUM})$`,
    'i',
  ).exec(t);
  if (m) {
    const chapter = parseChapterRef(m[1]);
    const target = parseChapterRef(m[2]);
    if (!chapter || !target) return null;
    const to: Position =
      target.by === 'last' ? { kind: 'last' } : target.by === 'index' ? { kind: 'index', index: target.index } : { kind: 'first' };
    return target.by === 'title' ? null : { op: 'moveChapter', chapter, to };
  }
  return null;
}

function parseSectionMove(sectionPhrase: string, rest: string): Command | null {
  const section = parseSectionRef(sectionPhrase);
  if (!section) return null;
  let m = /^(before|ahead of|above|after|below|following)\s+(.+)$/i.exec(rest);
  if (m) {
    const other = parseSectionRef(m[2]);
    if (!other) return null;
    return /^(before|ahead of|above)$/i.test(m[1])
      ? { op: 'moveSection', section, before: other }
      : { op: 'moveSection', section, after: other };
  }
  m = /^(?:to|into|in)\s+(?:the\s+)?(beginning|start|top|end|bottom)\s+of\s+(.+)$/i.exec(rest);
  if (m) {
    const toChapter = parseChapterRef(m[2]);
    return toChapter ? { op: 'moveSection', section, toChapter, to: /^(beginning|start|top)$/i.test(m[1]) ? 'first' : 'last' } : null;
  }
  m = /^(?:to|into|in)\s+(.+)$/i.exec(rest);
  if (m) {
    if (/^(?:the\s+)?(beginning|start|top|first position)$/i.test(m[1])) return { op: 'moveSection', section, to: 'first' };
    if (/^(?:the\s+)?(end|bottom|last position)$/i.test(m[1])) return { op: 'moveSection', section, to: 'last' };
    const toChapter = parseChapterRef(m[1]);
    return toChapter ? { op: 'moveSection', section, toChapter, to: 'last' } : null;
  }
  return null;
}

function parseSplit(t: string): Command | null {
  const m = new RegExp(
    `^(?:split|divide|break)\\s+(?:up\\s+)?(.+?)(?:\\s+(?:up\\s+)?(?:in|into)\\s+(?:two\\s+|2\\s+)?(${NUM})(?:\\s+(?:parts|pieces|chapters|sections|halves))?|\\s+in\\s+(?:half|two))?$`,
    'i',
  ).exec(t);
  if (!m) return null;
  const parts = partsOf(m[2]);
  if (isSectionPhrase(m[1])) {
    const section = parseSectionRef(m[1]);
    return section ? { op: 'splitSection', section, parts } : null;
  }
  const chapter = parseChapterRef(m[1]);
  return chapter ? { op: 'splitChapter', chapter, parts } : null;
}

function parseMerge(t: string): Command | null {
  let m = new RegExp(
    `^(?:merge|combine|join|fuse|unite)\\s+(?:the\\s+)?chapters\\s+(${NUM})\\s*(?:,|and|&|with|\\+)\\s*(${NUM})$`,
    'i',
  ).exec(t);
  if (m) {
    const a = indexRef(m[1]);
    const b = indexRef(m[2]);
    return a && b ? { op: 'mergeChapters', a, b } : null;
  }
  m = new RegExp(
    `^(?:merge|combine|join|fuse|unite)\\s+(?:the\\s+)?sections\\s+(${NUM})\\s*(?:,|and|&|with|\\+)\\s*(${NUM})\\s+${OF}\\s+(.+)$`,
    'i',
  ).exec(t);
  if (m) {
    const chapter = parseChapterRef(m[3]);
    const a = numberIndex(m[1]);
    const b = numberIndex(m[2]);
    return chapter && a && b ? { op: 'mergeSections', a: { chapter, section: a }, b: { chapter, section: b } } : null;
  }
  m = /^(?:merge|combine|join|fuse|unite)\s+(.+?)\s+(?:with|and|into|&|\+)\s+(.+)$/i.exec(t);
  if (!m) return null;
  if (isSectionPhrase(m[1])) {
    const a = parseSectionRef(m[1]);
    const b = parseSectionRef(/\bsection\b/i.test(m[2]) ? m[2] : `section ${m[2]}`);
    if (!a || !b) return null;
    return { op: 'mergeSections', a, b: b.chapter ? b : { ...b, chapter: a.chapter } };
  }
  const a = parseChapterRef(m[1]);
  const b = /^\d+$/.test(m[2].trim()) ? indexRef(m[2].trim()) : parseChapterRef(m[2]);
  return a && b ? { op: 'mergeChapters', a, b } : null;
}
