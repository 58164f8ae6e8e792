import type { GenerationReport } from '@common/textbook';
import type { Material } from '@server/ai/material';

export type FileNote = NonNullable<GenerationReport['fromFiles']>[number];

/** For each chapter of the book (by title, in order): the pages of each source (by id) its blocks were read from. */
export type ChapterPages = Array<{ chapter: string; pages: Map<number, Set<number>> }>;

const range = String.raw`\d+(?:[–-]\d+)?`;
const pagePhrase = new RegExp(String.raw`\bpages? (${range}(?:(?:, | and )${range})*)`);

/** The pages a reading note names ("pages 2–5, 9 and 11" -> 2, 3, 4, 5, 9, 11); none when it names none. */
export function pagesNamed(note: string): number[] {
  const list = pagePhrase.exec(note)?.[1];
  if (!list) return [];
  const pages: number[] = [];
  for (const part of list.split(/, | and /)) {
    const [from, to = from] = part.split(/[–-]/).map(Number);
    for (let p = from; p <= to && pages.length < 100_000; p++) pages.push(p);
  }
  return [...new Set(pages)].sort((a, b) => a - b);
}

/**
 * The chapters holding a page of a source: those with a block read from it; for a page nothing was read from (a
 * scanned page not reached), the chapter of the nearest page before it that gave text, or else the nearest after it.
 */
function chaptersOfPage(chapters: ChapterPages, sourceId: number, page: number): number[] {
  const at = (p: number) => chapters.flatMap((c, i) => (c.pages.get(sourceId)?.has(p) ? [i] : []));
  const own = at(page);
  if (own.length) return own;
  const held = [...new Set(chapters.flatMap((c) => [...(c.pages.get(sourceId) ?? [])]))];
  const before = Math.max(...held.filter((p) => p < page));
  if (Number.isFinite(before)) return at(before).slice(-1);
  const after = Math.min(...held.filter((p) => p > page));
  return Number.isFinite(after) ? at(after).slice(0, 1) : [];
}

/**
 * What each file's reading said it could not give as text (its warnings), for the generation report: the note as the
 * Create page showed it, the pages it names and the chapters of the book those pages are in. What the reader left out
 * on purpose (`omitted`, the author's notes to self) is named in the report's `leftOut` instead, never twice.
 */
export function fileNotes(material: Material, chapters: ChapterPages): FileNote[] {
  const out: FileNote[] = [];
  for (const source of material.sources) {
    const omitted = (source.document.omitted ?? []).map((line) => line.slice(line.indexOf(': ') + 2));
    for (const note of source.document.warnings ?? []) {
      if (omitted.some((tail) => tail && note.endsWith(`${tail}.`))) continue;
      const pages = pagesNamed(note);
      const byChapter = new Map<number, number[]>();
      for (const page of pages)
        for (const i of chaptersOfPage(chapters, source.id, page)) byChapter.set(i, [...(byChapter.get(i) ?? []), page]);
      out.push({
        file: source.filename,
        note,
        pages,
        chapters: [...byChapter].sort(([a], [b]) => a - b).map(([i, inChapter]) => ({ chapter: chapters[i].chapter, pages: inChapter })),
      });
    }
  }
  return out;
}

/** The material's left-out parts (`omitted`: what the reader left out on purpose), one report line each, the file named when there are several. */
export function omittedLines(material: Material): string[] {
  const several = material.sources.length > 1;
  return material.sources.flatMap((s) => (s.document.omitted ?? []).map((line) => (several ? `${line} (${s.filename})` : line)));
}

/** The notice's sentence when the files could not give all of themselves as text: the list under the notice says what and where. */
export function fileNotesNotice(count: number): string {
  return `Not everything in your files could be read as text (${count} ${count === 1 ? 'note' : 'notes'} below name the pages, why, and the chapters they are in).`;
}
