import { firstAuthorSurname, normalizeTitle } from '../dedupe';
import type { FoundReference } from '../found-reference';

function words(title: string): Set<string> {
  return new Set(normalizeTitle(title).split(' ').filter(Boolean));
}

/**
 * Whether an index record is the work a citation names: titles (nearly)
 * equal, years within one (preprint vs print), and the same first author
 * when both name one. Only then may the record fill in the citation's fields.
 */
export function isSameWork(known: FoundReference, record: FoundReference): boolean {
  if (known.doi && record.doi) return known.doi === record.doi;
  const a = normalizeTitle(known.title);
  const b = normalizeTitle(record.title);
  if (!a || !b) return false;
  let titlesMatch = a === b;
  if (!titlesMatch) {
    const wa = words(a);
    const wb = words(b);
    const shared = [...wa].filter((w) => wb.has(w)).length;
    titlesMatch = shared / Math.max(wa.size, wb.size) >= 0.85;
  }
  if (!titlesMatch) return false;
  const ya = Number(known.year);
  const yb = Number(record.year);
  if (ya && yb && Math.abs(ya - yb) > 1) return false;
  const sa = firstAuthorSurname(known.authors);
  const sb = firstAuthorSurname(record.authors);
  return !sa || !sb || sa === sb;
}
