import type { Chapter, GenerationReport } from '@common/textbook';
import { htmlToText } from '@common/textbook-ops/html';
import type { Material } from '@server/ai/material';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { sourceMap, subtree } from '@server/ai/shared/source-map';
import type { MapEntry } from '../document-map';
import { fileNotes, fileNotesNotice, omittedLines, type ChapterPages } from '@server/ai/shared/file-notes';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * What a book the language model wrote leaves of the material, said plainly: per chapter the
 * words of the units it was written from and the words it has (the model restates, it never
 * prints the material whole), and the units no chapter was written from, by title and file; as the offline engine's
 * report does, what the reader left out on purpose (`omitted`) and what the files could not give as text, by chapter.
 */
export function llmBookReport(
  material: Material,
  entries: MapEntry[],
  planned: Array<{ chapter: Chapter; units: number[] }>,
  length: GenerationReport['length'],
): { generation: GenerationReport; notice?: string } {
  const omitted = omittedLines(material);
  if (entries.length === 0) {
    const fromFiles = fileNotes(material, []);
    return { generation: { length, condensed: [], leftOut: omitted, ...(fromFiles.length ? { fromFiles } : {}) } };
  }
  const map = sourceMap(material);
  const unitWords = (unit: number) =>
    subtree(map, unit).reduce(
      (n, u) => n + map.units[u].own.reduce((k, o) => k + (map.blocks[o].isDebris ? 0 : words(map.blocks[o].block.text)), 0),
      0,
    );
  const condensed = planned
    .map(({ chapter, units }) => ({
      chapter: chapter.title,
      sourceWords: units.reduce((n, u) => n + unitWords(u), 0),
      // The model's words: the key terms closing a chapter quote the material and are not counted.
      keptWords: words(htmlToText([chapter.content, ...chapter.sections.map((s) => s.content)].map(materialHtml).join(' '))),
    }))
    .filter((c) => c.sourceWords > 0);
  const covered = new Set(planned.flatMap((p) => p.units));
  const isCovered = (unit: number) => {
    for (let u: number | null = unit; u !== null; u = map.units[u].parent) if (covered.has(u)) return true;
    return false;
  };
  const withEntry = new Set(entries.map((e) => e.unit));
  // Left out: neither the unit, nor a unit above it, nor one below it is a chapter's source.
  const fullyLeft = (unit: number) => !isCovered(unit) && !subtree(map, unit).some((u) => covered.has(u));
  // The topmost units left out: a unit whose parent is left out too is named by its parent.
  const left = entries.filter((e) => {
    if (!fullyLeft(e.unit)) return false;
    const parent = map.units[e.unit].parent;
    return parent === null || !withEntry.has(parent) || !fullyLeft(parent);
  });
  const leftOut = [
    ...left.map((e) => `"${map.units[e.unit].title}" (${map.units[e.unit].filename}): no chapter was written from it`),
    ...omitted,
  ];
  // The pages each chapter was written from: its units and everything below them.
  const chapterPages: ChapterPages = planned.map(({ chapter, units }) => {
    const pages = new Map<number, Set<number>>();
    for (const u of new Set(units.flatMap((unit) => subtree(map, unit))))
      for (const o of map.units[u].own) {
        const page = map.blocks[o].block.page;
        const id = map.units[u].sourceId;
        if (page !== undefined) pages.set(id, (pages.get(id) ?? new Set()).add(page));
      }
    return { chapter: chapter.title, pages };
  });
  const fromFiles = fileNotes(material, chapterPages);
  const notices = [
    'The language model wrote this book from your material: its chapters restate the material rather than print it whole (the words of each chapter and of its source are listed below the notice). The offline engine (AI_PROVIDER=offline) prints every word of it.',
  ];
  if (left.length)
    notices.push(
      `${left.length} ${left.length === 1 ? 'part' : 'parts'} of the material ${left.length === 1 ? 'is' : 'are'} in no chapter.`,
    );
  if (fromFiles.length) notices.push(fileNotesNotice(fromFiles.length));
  return { generation: { length, condensed, leftOut, ...(fromFiles.length ? { fromFiles } : {}) }, notice: notices.join(' ') };
}
