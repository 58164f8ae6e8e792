import { parseSourceKey } from '@common/block-provenance';
import type { TextbookContent } from '@common/textbook';
import type { Material } from '@server/ai/material';

/** A file that gave a chapter fewer than this share of its sourced blocks (a quotation, a shared heading) is not named. */
const minShare = 0.1;
const sourceAttribute = /\sdata-src="([^"]+)"/g;

/**
 * A book made from several files: each chapter names the files its text was taken from, most first, as its blocks'
 * stored sources say (stamp-sources.ts), whichever engine wrote it; so the contents show which file a chapter comes from.
 * A book from one file names none (every chapter is from it).
 */
export function withChapterFiles(material: Material, content: TextbookContent): TextbookContent {
  if (material.sources.length < 2) return content;
  const names = new Map(material.sources.map((s) => [s.id, s.filename]));
  return {
    ...content,
    chapters: content.chapters.map((chapter) => {
      const counts = new Map<string, number>();
      let total = 0;
      for (const html of [chapter.content, ...chapter.sections.map((s) => s.content)])
        for (const m of html.matchAll(sourceAttribute)) {
          const name = names.get(parseSourceKey(m[1])?.documentId ?? -1);
          if (name === undefined) continue;
          counts.set(name, (counts.get(name) ?? 0) + 1);
          total++;
        }
      const files = [...counts]
        .filter(([, n]) => n >= total * minShare)
        .sort((a, b) => b[1] - a[1])
        .map(([name]) => name);
      const { sourceFiles: _old, ...rest } = chapter;
      return files.length ? { ...rest, sourceFiles: files.slice(0, 20) } : rest;
    }),
  };
}
