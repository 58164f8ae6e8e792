import type { RawReference, Reference, ReferenceSourceReport } from './create.types';

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
}

/** Authors may arrive as a string, a list of names, or a list of {name} / {given, family} records. */
function authorsText(value: unknown): string {
  if (!Array.isArray(value)) return text(value);
  return value
    .map((a) => {
      if (typeof a === 'string') return a.trim();
      if (a && typeof a === 'object') {
        const r = a as Record<string, unknown>;
        return text(r.name) || [text(r.given), text(r.family)].filter(Boolean).join(' ');
      }
      return '';
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * docs/product.md, Reference: title defaults to 'Reference {n}', a plain string becomes
 * the description, year stays a number or a string, approved starts false.
 */
export function normalizeReferences(raw: readonly RawReference[] | undefined | null): Reference[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item, i): Reference => {
    const fallbackTitle = `Reference ${i + 1}`;
    if (typeof item === 'string') {
      return { title: fallbackTitle, description: item, authors: '', year: '', publisher: '', url: '', approved: false };
    }
    const r = (item ?? {}) as Record<string, unknown>;
    const year = typeof r.year === 'number' ? r.year : text(r.year);
    const ref: Reference = {
      title: text(r.title) || fallbackTitle,
      description: text(r.description),
      authors: authorsText(r.authors),
      year,
      publisher: text(r.publisher),
      url: text(r.url),
      approved: r.approved === true,
    };
    if (text(r.doi)) ref.doi = text(r.doi);
    if (text(r.source)) ref.source = text(r.source);
    if (text(r.key)) ref.key = text(r.key);
    return ref;
  });
}

/** What makes two references the same work: the DOI, else the title. */
export function referenceIdentity(ref: Reference): string {
  return ref.doi ? `doi:${ref.doi.toLowerCase()}` : `title:${ref.title.toLowerCase().replace(/\W+/g, ' ').trim()}`;
}

/** Keeps the user's approvals when a refreshed list comes back (Get New References). */
export function keepApprovals(previous: readonly Reference[], next: Reference[]): Reference[] {
  const approved = new Set(previous.filter((r) => r.approved).map(referenceIdentity));
  return next.map((r) => (approved.has(referenceIdentity(r)) ? { ...r, approved: true } : r));
}

/** Only http(s) links are rendered as links; anything else (javascript:, data:) stays plain text. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function sourceName(r: Record<string, unknown>): string {
  return text(r.name) || text(r.source) || text(r.provider) || text(r.id);
}

/**
 * The preview response's `sources` (our addition) in any of the shapes a
 * provider layer may reasonably send: [{name, ok|status, error}] or
 * {used: [...], failed: [{name, reason}]}. Unknown shapes show nothing.
 */
export function normalizeSources(raw: unknown): ReferenceSourceReport[] {
  if (Array.isArray(raw)) {
    return raw.flatMap((s): ReferenceSourceReport[] => {
      if (typeof s === 'string') return [{ name: s, isOk: true }];
      if (!s || typeof s !== 'object') return [];
      const r = s as Record<string, unknown>;
      const name = sourceName(r);
      if (!name) return [];
      const status = text(r.status).toLowerCase();
      const isOk = r.ok === false || r.isOk === false || ['failed', 'error', 'unavailable', 'timeout'].includes(status) ? false : true;
      const detail = text(r.error) || text(r.reason) || text(r.message) || undefined;
      return [{ name, isOk, detail }];
    });
  }
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>;
    const used = Array.isArray(r.used) ? r.used : [];
    const failed = Array.isArray(r.failed) ? r.failed : [];
    return [...normalizeSources(used), ...normalizeSources(failed).map((s) => ({ ...s, isOk: false }))];
  }
  return [];
}
