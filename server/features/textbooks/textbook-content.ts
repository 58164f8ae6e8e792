import { randomUUID } from 'node:crypto';
import { textbookContentSchema, type Chapter, type TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { limits } from '@common/limits';
import { nestingOf, nestingProblem } from './html-nesting';
import { sanitizeHtml, sanitizePlainText } from './sanitize';

function newId(prefix: 'c' | 's'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/**
 * Validates a textbook's content shape, gives every chapter and section a
 * stable id (kept when present and unique), and sanitizes every HTML field.
 * Every write path goes through here (sanitized on every write).
 */
export interface NormalizeOptions {
  previous?: TextbookContent;
  /**
   * Content the server made itself (a generated book): a plain field over its limit is cut, not
   * refused, so a long heading in someone's course file cannot fail a generation.
   */
  cutLongFields?: boolean;
}

export function normalizeContent(raw: unknown, opts: NormalizeOptions = {}): TextbookContent {
  return normalizeContentReport(raw, opts).content;
}

export interface NormalizedContent {
  content: TextbookContent;
  /** True when an id was given or replaced, or sanitizing changed some text: the caller's copy is not what is stored. */
  altered: boolean;
}

/**
 * normalizeContent, and whether it changed what the caller sent. With `previous` (the stored
 * state), a chapter equal to its stored self is returned as that very object, and unchanged
 * HTML as the stored string: an autosave of a 5 MB book then shares all but one chapter with
 * the state before it, which the save path compares, hashes and serializes by identity.
 */
export function normalizeContentReport(raw: unknown, opts: NormalizeOptions = {}): NormalizedContent {
  const parsed = textbookContentSchema.safeParse(typeof raw === 'string' ? safeJson(raw) : raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path?.length ? ` at ${issue.path.join('.')}` : '';
    throw AppError.badRequest(`Invalid textbook content${where}: ${issue?.message ?? 'wrong shape'}`);
  }
  let altered = false;
  const seen = new Set<string>();
  const uniqueId = (id: string | undefined, prefix: 'c' | 's') => {
    const ok = id && /^[A-Za-z0-9_-]{1,64}$/.test(id) && !seen.has(id) ? id : newId(prefix);
    if (ok !== id) altered = true;
    seen.add(ok);
    return ok;
  };
  // Long plain values already stored (written before the limits) stay saveable as they are: a live store must never fail on them.
  const storedLong = new Set<string>();
  const keepIfLong = (value: string | undefined) => {
    if (value && value.length > limits.titleMaxChars) storedLong.add(value);
  };
  if (opts.previous) {
    keepIfLong(opts.previous.title);
    keepIfLong(opts.previous.notice);
    for (const ch of opts.previous.chapters) {
      keepIfLong(ch.title);
      for (const s of ch.sections) keepIfLong(s.title);
    }
    for (const r of opts.previous.references) for (const v of [r.title, r.description, r.authors, r.publisher]) keepIfLong(v);
  }
  const plain = (raw: string, where: string, max: number = limits.titleMaxChars) => {
    let text = raw;
    if (text.length > max && !storedLong.has(text)) {
      if (!opts.cutLongFields) throw AppError.badRequest(`Invalid textbook content at ${where}: at most ${max} characters`);
      text = `${text.slice(0, max - 1).trimEnd()}…`;
    }
    const clean = sanitizePlainText(text);
    if (clean !== raw) altered = true;
    return clean;
  };
  const content = parsed.data;
  // HTML already stored under the same id passed the sanitizer when it was written; a
  // 5 MB book re-sanitized on every keystroke's save would blow the PATCH budget.
  const stored = new Map<string, string>();
  const storedChapters = new Map<string, Chapter>();
  for (const ch of opts.previous?.chapters ?? []) {
    stored.set(ch.id ?? '', ch.content);
    storedChapters.set(ch.id ?? '', ch);
    for (const sec of ch.sections) stored.set(sec.id ?? '', sec.content);
  }
  const html = (id: string | undefined, value: string, title: string) => {
    const known = id ? stored.get(id) : undefined;
    if (known === value) return known;
    const clean = sanitizeHtml(value);
    if (clean !== value) altered = true;
    // The live editor and the exports must be able to open whatever is stored. A body stored that deep
    // before the limit may still be edited, as long as the edit does not nest it deeper.
    const nesting = nestingProblem(clean);
    if (nesting && !notDeeperThan(clean, known))
      throw AppError.badRequest(`In "${title.slice(0, 80)}" ${nesting}. Flatten it and save again.`);
    return clean;
  };
  const chapter = (ch: Chapter, i: number): Chapter => {
    const id = uniqueId(ch.id, 'c');
    const files = ch.sourceFiles ?? storedChapters.get(id)?.sourceFiles;
    if (files && !ch.sourceFiles) altered = true;
    const next: Chapter = {
      id,
      title: plain(ch.title, `chapters.${i}.title`),
      content: html(ch.id, ch.content, ch.title),
      sections: ch.sections.map((s, j) => ({
        id: uniqueId(s.id, 's'),
        title: plain(s.title, `chapters.${i}.sections.${j}.title`),
        content: html(s.id, s.content, s.title),
      })),
      // The files the chapter came from stay with it when it is renamed, moved, edited or restored from a version (a
      // client that leaves them out keeps the stored ones); a chapter the user adds has none.
      ...(files?.length ? { sourceFiles: files.map((f, k) => plain(f, `chapters.${i}.sourceFiles.${k}`)) } : {}),
    };
    const old = storedChapters.get(next.id ?? '');
    return old && sameChapter(old, next) ? old : next;
  };
  const normalized: TextbookContent = {
    ...content,
    title: plain(content.title, 'title'),
    chapters: content.chapters.map(chapter),
    references: content.references.map((r, i) => {
      const url = /^(https?|ftp|ftps):\/\//i.test(r.url ?? '') ? (r.url ?? '') : '';
      if (url !== (r.url ?? '')) altered = true;
      const field = (value: string | undefined, name: string) =>
        plain(value ?? '', `references.${i}.${name}`, limits.referenceFieldMaxChars);
      for (const [name, value] of [
        ['url', r.url],
        ['doi', r.doi],
        ['source', r.source],
        ['key', r.key],
        ['year', String(r.year ?? '')],
      ] as const)
        if ((value ?? '').length > limits.referenceFieldMaxChars)
          throw AppError.badRequest(
            `Invalid textbook content at references.${i}.${name}: at most ${limits.referenceFieldMaxChars} characters`,
          );
      return {
        ...r,
        title: field(r.title, 'title'),
        description: field(r.description, 'description'),
        authors: field(r.authors, 'authors'),
        publisher: field(r.publisher, 'publisher'),
        url,
      };
    }),
    // A remark the offline engine makes to the author: plain text, bounded, whoever sends it.
    ...(content.notice !== undefined ? { notice: plain(content.notice, 'notice', limits.noticeMaxChars) } : {}),
  };
  return { content: normalized, altered };
}

/** Whether HTML nests no deeper than the stored body it replaces (none: false). */
function notDeeperThan(html: string, stored: string | undefined): boolean {
  if (stored === undefined) return false;
  const next = nestingOf(html);
  const before = nestingOf(stored);
  return next.depth <= before.depth && next.lists <= before.lists;
}

/** Strings first compared by identity: unchanged HTML is the stored string itself (see html above). */
function sameChapter(a: Chapter, b: Chapter): boolean {
  if (a.id !== b.id || a.title !== b.title || a.content !== b.content || a.sections.length !== b.sections.length) return false;
  if ((a.sourceFiles ?? []).join('\n') !== (b.sourceFiles ?? []).join('\n')) return false;
  return a.sections.every((s, i) => s.id === b.sections[i].id && s.title === b.sections[i].title && s.content === b.sections[i].content);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest('Invalid textbook content: not valid JSON');
  }
}
