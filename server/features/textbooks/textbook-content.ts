import { randomUUID } from 'node:crypto';
import { textbookContentSchema, type TextbookContent } from '../../../common/textbook';
import { AppError } from '../../http/app-error';
import { sanitizeHtml, sanitizePlainText } from './sanitize';

function newId(prefix: 'c' | 's'): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/**
 * Validates a textbook's content shape, gives every chapter and section a
 * stable id (kept when present and unique), and sanitizes every HTML field.
 * Every write path goes through here (DESIGN.md: sanitized on every write).
 */
export function normalizeContent(raw: unknown, opts: { previous?: TextbookContent } = {}): TextbookContent {
  const parsed = textbookContentSchema.safeParse(typeof raw === 'string' ? safeJson(raw) : raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path?.length ? ` at ${issue.path.join('.')}` : '';
    throw AppError.badRequest(`Invalid textbook content${where}: ${issue?.message ?? 'wrong shape'}`);
  }
  const seen = new Set<string>();
  const uniqueId = (id: string | undefined, prefix: 'c' | 's') => {
    const ok = id && /^[A-Za-z0-9_-]{1,64}$/.test(id) && !seen.has(id) ? id : newId(prefix);
    seen.add(ok);
    return ok;
  };
  const content = parsed.data;
  // HTML already stored under the same id passed the sanitizer when it was written; a
  // 5 MB book re-sanitized on every keystroke's save would blow the PATCH budget.
  const stored = new Map<string, string>();
  for (const ch of opts.previous?.chapters ?? []) {
    stored.set(ch.id ?? '', ch.content);
    for (const sec of ch.sections) stored.set(sec.id ?? '', sec.content);
  }
  const html = (id: string | undefined, value: string) => (id && stored.get(id) === value ? value : sanitizeHtml(value));
  return {
    ...content,
    title: sanitizePlainText(content.title),
    chapters: content.chapters.map((ch) => ({
      id: uniqueId(ch.id, 'c'),
      title: sanitizePlainText(ch.title),
      content: html(ch.id, ch.content),
      sections: ch.sections.map((s) => ({ id: uniqueId(s.id, 's'), title: sanitizePlainText(s.title), content: html(s.id, s.content) })),
    })),
    references: content.references.map((r) => ({
      ...r,
      title: sanitizePlainText(r.title),
      description: sanitizePlainText(r.description ?? ''),
      authors: sanitizePlainText(r.authors ?? ''),
      publisher: sanitizePlainText(r.publisher ?? ''),
      url: /^(https?|ftp|ftps):\/\//i.test(r.url ?? '') ? (r.url ?? '') : '',
    })),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest('Invalid textbook content: not valid JSON');
  }
}
