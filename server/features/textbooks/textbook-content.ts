import { randomUUID } from 'node:crypto';
import { textbookContentSchema, type Chapter, type TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { sanitizeHtml, sanitizePlainText } from './sanitize';

function newId(prefix: 'c' | 's'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/**
 * Validates a textbook's content shape, gives every chapter and section a
 * stable id (kept when present and unique), and sanitizes every HTML field.
 * Every write path goes through here (sanitized on every write).
 */
export function normalizeContent(raw: unknown, opts: { previous?: TextbookContent } = {}): TextbookContent {
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
export function normalizeContentReport(raw: unknown, opts: { previous?: TextbookContent } = {}): NormalizedContent {
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
  const plain = (text: string) => {
    const clean = sanitizePlainText(text);
    if (clean !== text) altered = true;
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
  const html = (id: string | undefined, value: string) => {
    const known = id ? stored.get(id) : undefined;
    if (known === value) return known;
    const clean = sanitizeHtml(value);
    if (clean !== value) altered = true;
    return clean;
  };
  const chapter = (ch: Chapter): Chapter => {
    const next: Chapter = {
      id: uniqueId(ch.id, 'c'),
      title: plain(ch.title),
      content: html(ch.id, ch.content),
      sections: ch.sections.map((s) => ({ id: uniqueId(s.id, 's'), title: plain(s.title), content: html(s.id, s.content) })),
    };
    const old = storedChapters.get(next.id ?? '');
    return old && sameChapter(old, next) ? old : next;
  };
  const normalized: TextbookContent = {
    ...content,
    title: plain(content.title),
    chapters: content.chapters.map(chapter),
    references: content.references.map((r) => {
      const url = /^(https?|ftp|ftps):\/\//i.test(r.url ?? '') ? (r.url ?? '') : '';
      if (url !== (r.url ?? '')) altered = true;
      return {
        ...r,
        title: plain(r.title),
        description: plain(r.description ?? ''),
        authors: plain(r.authors ?? ''),
        publisher: plain(r.publisher ?? ''),
        url,
      };
    }),
  };
  return { content: normalized, altered };
}

/** Strings first compared by identity: unchanged HTML is the stored string itself (see html above). */
function sameChapter(a: Chapter, b: Chapter): boolean {
  if (a.id !== b.id || a.title !== b.title || a.content !== b.content || a.sections.length !== b.sections.length) return false;
  return a.sections.every((s, i) => s.id === b.sections[i].id && s.title === b.sections[i].title && s.content === b.sections[i].content);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest('Invalid textbook content: not valid JSON');
  }
}
