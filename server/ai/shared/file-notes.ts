import type { GenerationReport } from '@common/textbook';
import type { Material } from '@server/ai/material';
import { readingWarnings } from '@server/core/reading-warnings';

export type FileNote = NonNullable<GenerationReport['fromFiles']>[number];

/** For each chapter of the book (by title, in order): the pages of each source (by id) its blocks were read from. */
export type ChapterPages = Array<{ chapter: string; pages: Map<number, Set<number>> }>;

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
 * Create page showed it, the pages its reader named and the chapters of the book those pages are in. What the reader
 * left out on purpose (`omitted`, the author's notes to self) is named in the report's `leftOut` instead, never twice:
 * its reader marked that warning. A document stored with its sentences only (before warnings carried their pages) still
 * gets a note for each, about the file as a whole (readingWarnings).
 */
export function fileNotes(material: Material, chapters: ChapterPages): FileNote[] {
  const out: FileNote[] = [];
  for (const source of material.sources) {
    for (const warning of readingWarnings(source.document)) {
      if (warning.leftOut) continue;
      const pages = [...new Set(warning.pages ?? [])].sort((a, b) => a - b);
      const byChapter = new Map<number, number[]>();
      for (const page of pages)
        for (const i of chaptersOfPage(chapters, source.id, page)) byChapter.set(i, [...(byChapter.get(i) ?? []), page]);
      out.push({
        file: source.filename,
        note: warning.message,
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
