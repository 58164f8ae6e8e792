import type { SharedMaterial } from '@common/share';
import type { TextbookContent } from '@common/textbook';
import type { ReaderPlace } from './reader-place';

/** One searchable part of the book: a chapter's opening text or a section. */
export interface SearchEntry {
  place: ReaderPlace;
  /** "Chapter title" or "Chapter title › Section title". */
  label: string;
  title: string;
  text: string;
  lowerTitle: string;
  lowerText: string;
}

export interface SearchHit {
  place: ReaderPlace;
  label: string;
  /** The text around the first match, split so the match can be marked. */
  before: string;
  match: string;
  after: string;
  count: number;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/** Readable text of sanitized HTML: tags become spaces, entities their characters, runs of space one. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function entry(place: ReaderPlace, label: string, title: string, html: string): SearchEntry {
  const text = plainText(html);
  return { place, label, title, text, lowerTitle: title.toLowerCase(), lowerText: text.toLowerCase() };
}

/** Built once per book: every chapter's opening text and every section, in reading order. */
export function buildReaderIndex(content: TextbookContent): SearchEntry[] {
  return content.chapters.flatMap((chapter, c) => [
    entry({ kind: 'chapter', chapter: c }, chapter.title, chapter.title, chapter.content),
    ...chapter.sections.map((section, s) =>
      entry({ kind: 'chapter', chapter: c, section: s }, `${chapter.title} › ${section.title}`, section.title, section.content),
    ),
  ]);
}

function countOf(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

const context = 60;

/**
 * Case-insensitive search over titles and text, in reading order, at most `limit` places. Each
 * place reports how often the words occur and the text around the first occurrence.
 */
export function searchBook(index: readonly SearchEntry[], materials: readonly SharedMaterial[], query: string, limit = 50): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: SearchHit[] = [];
  for (const e of index) {
    const inText = countOf(e.lowerText, q);
    const inTitle = countOf(e.lowerTitle, q);
    if (inText + inTitle === 0) continue;
    const source = inText > 0 ? e.text : e.title;
    const at = (inText > 0 ? e.lowerText : e.lowerTitle).indexOf(q);
    const start = Math.max(0, at - context);
    const end = Math.min(source.length, at + q.length + context);
    hits.push({
      place: e.place,
      label: e.label,
      before: `${start > 0 ? '…' : ''}${source.slice(start, at)}`,
      match: source.slice(at, at + q.length),
      after: `${source.slice(at + q.length, end)}${end < source.length ? '…' : ''}`,
      count: inText + inTitle,
    });
    if (hits.length >= limit) return hits;
  }
  for (const m of materials) {
    const text = `${m.title} — ${m.description}`;
    const at = text.toLowerCase().indexOf(q);
    if (at === -1) continue;
    hits.push({
      place: { kind: 'material', id: m.id },
      label: m.title,
      before: text.slice(0, at),
      match: text.slice(at, at + q.length),
      after: text.slice(at + q.length),
      count: countOf(text.toLowerCase(), q),
    });
    if (hits.length >= limit) break;
  }
  return hits;
}
