import type { FoundReference } from './found-reference';

/** "The  Structure of Ordinary Water." and "the structure of ordinary water" are one title. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "A. Aho" -> "aho", "Gal, A." -> "gal", "Seven Johannes Sam Aghdassi" -> "aghdassi". */
export function firstAuthorSurname(authors: string[]): string {
  const first = authors[0]?.trim();
  if (!first) return '';
  const name = first.includes(',') ? first.split(',')[0] : (first.split(/\s+/).pop() ?? '');
  return normalizeTitle(name);
}

function normalizeUrl(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/[/#?]+$/, '');
}

/**
 * The keys under which two records are the same work: the DOI (and arXiv id,
 * ISBN), then title + year + first author, then the URL for
 * records that have nothing else.
 */
export function identityKeys(ref: FoundReference): string[] {
  const keys: string[] = [];
  if (ref.doi) keys.push(`doi:${ref.doi.toLowerCase()}`);
  if (ref.arxivId) keys.push(`arxiv:${ref.arxivId.toLowerCase()}`);
  if (ref.isbn) keys.push(`isbn:${ref.isbn}`);
  const title = normalizeTitle(ref.title);
  if (title) keys.push(`work:${title}|${ref.year ?? ''}|${firstAuthorSurname(ref.authors)}`);
  if (!keys.length && ref.url) keys.push(`url:${normalizeUrl(ref.url)}`);
  return keys;
}

function isNumericYear(year: FoundReference['year']): boolean {
  return typeof year === 'number' || (typeof year === 'string' && /^\d{4}$/.test(year));
}

/**
 * Fills `base` from `other` without ever replacing a field with less: empty
 * fields are filled, a longer description or author list replaces a shorter
 * one, a numeric year replaces a textual one.
 */
export function mergeInto(base: FoundReference, other: FoundReference): FoundReference {
  const merged: FoundReference = { ...base, authors: [...base.authors] };
  if (!merged.title && other.title) merged.title = other.title;
  if (other.authors.length > merged.authors.length) {
    const sameFirst = !merged.authors.length || firstAuthorSurname(merged.authors) === firstAuthorSurname(other.authors);
    if (sameFirst) merged.authors = [...other.authors];
  }
  if ((merged.year === undefined || merged.year === '') && other.year !== undefined) merged.year = other.year;
  else if (!isNumericYear(merged.year) && isNumericYear(other.year)) merged.year = other.year;
  if (!merged.publisher && other.publisher) merged.publisher = other.publisher;
  if (!merged.url && other.url) merged.url = other.url;
  if (other.description.length > merged.description.length) merged.description = other.description;
  merged.doi ??= other.doi;
  merged.arxivId ??= other.arxivId;
  merged.isbn ??= other.isbn;
  merged.externalId ??= other.externalId;
  const sources = new Set([...merged.source.split(', '), ...other.source.split(', ')].filter(Boolean));
  merged.source = [...sources].join(', ');
  return merged;
}

/** Nothing tells the two apart: years equal where both have one, first authors equal where both name one. */
function compatible(a: FoundReference, b: FoundReference): boolean {
  if (a.doi && b.doi && a.doi !== b.doi) return false;
  if (a.year !== undefined && a.year !== '' && b.year !== undefined && b.year !== '' && String(a.year) !== String(b.year)) return false;
  const sa = firstAuthorSurname(a.authors);
  const sb = firstAuthorSurname(b.authors);
  return !sa || !sb || sa === sb;
}

export interface DuplicateGroup {
  ref: FoundReference;
  /** Positions of the input records merged into `ref`. */
  members: number[];
}

/**
 * Groups records sharing any identity key (union-find), keeping first-seen
 * order and the first record as the base. The first `pinned` records (the
 * user's approved ones) are never merged with each other: each one stays.
 */
export function dedupeGroups(refs: FoundReference[], pinned = 0): DuplicateGroup[] {
  const parent = refs.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const owner = new Map<string, number>();
  refs.forEach((ref, i) => {
    for (const key of identityKeys(ref)) {
      const j = owner.get(key);
      if (j === undefined) owner.set(key, i);
      else {
        const [a, b] = [find(i), find(j)].sort((x, y) => x - y);
        // A group's root is its smallest index, so both roots below `pinned` means two approved references.
        if (a !== b && !(a < pinned && b < pinned)) parent[b] = a;
      }
    }
  });
  // A record without a year or first author cannot have the full title+year+author key; it joins
  // a record with the same title whose year and author do not contradict it.
  const byTitle = new Map<string, number[]>();
  refs.forEach((ref, i) => {
    const title = normalizeTitle(ref.title);
    if (title) byTitle.set(title, [...(byTitle.get(title) ?? []), i]);
  });
  const membersOf = (root: number) => refs.map((_, k) => k).filter((k) => find(k) === root);
  refs.forEach((ref, i) => {
    if (ref.year !== undefined && ref.year !== '' && ref.authors.length) return;
    for (const j of byTitle.get(normalizeTitle(ref.title)) ?? []) {
      const [a, b] = [find(i), find(j)].sort((x, y) => x - y);
      if (a === b || (a < pinned && b < pinned)) continue;
      // Every pair across the two groups must agree, so an incomplete record never bridges two different works.
      const left = membersOf(a);
      const right = membersOf(b);
      if (left.every((x) => right.every((y) => compatible(refs[x], refs[y])))) {
        parent[b] = a;
        break;
      }
    }
  });
  const groups = new Map<number, DuplicateGroup>();
  refs.forEach((ref, i) => {
    const root = find(i);
    const current = groups.get(root);
    if (current) {
      current.ref = mergeInto(current.ref, ref);
      current.members.push(i);
    } else groups.set(root, { ref, members: [i] });
  });
  return [...groups.values()].sort((a, b) => a.members[0] - b.members[0]);
}

export function dedupeReferences(refs: FoundReference[]): FoundReference[] {
  return dedupeGroups(refs).map((g) => g.ref);
}
