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
export function normalizeContent(raw: unknown): TextbookContent {
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
  return {
    ...content,
    title: sanitizePlainText(content.title),
    chapters: content.chapters.map((ch) => ({
      id: uniqueId(ch.id, 'c'),
      title: sanitizePlainText(ch.title),
      content: sanitizeHtml(ch.content),
      sections: ch.sections.map((s) => ({ id: uniqueId(s.id, 's'), title: sanitizePlainText(s.title), content: sanitizeHtml(s.content) })),
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
