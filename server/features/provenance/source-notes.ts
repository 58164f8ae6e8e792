import { parseSourceKey } from '@common/block-provenance';
import type { TextbookContent } from '@common/textbook';
import { escapeHtml } from '@common/textbook-ops/html';
import type { DocBlock } from '@server/core/document-model';
import type { DbOrTx } from '@server/db/client';
import { listBookSourceStructures } from './source-notes.repo';

/**
 * Source notes for students (the reader link when its owner turns them on, and exports as endnotes):
 * for each chapter, the files its text was taken from and where in them, read from the sources stored
 * on its blocks (data-src, common/block-provenance.ts). Only the book's own sources are named; a key
 * to a document deleted since names nothing. A chapter without stored sources has no notes.
 */

export interface SourceNote {
  filename: string;
  /** "pages 4-5, 9", "paragraphs 12-40": where in the file, as a reader finds it. */
  where: string;
}

const sourceAttribute = /\sdata-src="([^"]+)"/g;

/** "4-6, 9": sorted numbers with runs joined. */
function runs(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return out.join(', ');
}

function chapterHtml(chapter: TextbookContent['chapters'][number]): string {
  return chapter.content + chapter.sections.map((s) => s.content).join('');
}

/** The notes of every chapter of the book, in chapter order (an empty list for a chapter with none). */
export async function chapterSourceNotes(db: DbOrTx, textbookId: number, content: TextbookContent): Promise<SourceNote[][]> {
  const keyed = content.chapters.map((c) => [...chapterHtml(c).matchAll(sourceAttribute)].map((m) => parseSourceKey(m[1])));
  if (keyed.every((keys) => keys.length === 0)) return content.chapters.map(() => []);
  const documents = new Map(
    (await listBookSourceStructures(db, textbookId)).map((row) => [
      row.id,
      { filename: row.filename, blocks: ((row.structure as { blocks?: DocBlock[] } | null)?.blocks ?? []) as DocBlock[] },
    ]),
  );
  return keyed.map((keys) => {
    // Per file, in the order the chapter first cites it: its pages, else its paragraphs.
    const byFile = new Map<number, { pages: number[]; paragraphs: number[] }>();
    for (const key of keys) {
      const doc = key ? documents.get(key.documentId) : undefined;
      if (!key || !doc) continue;
      const entry = byFile.get(key.documentId) ?? { pages: [], paragraphs: [] };
      byFile.set(key.documentId, entry);
      for (let b = key.block; b <= (key.end ?? key.block) && b < doc.blocks.length; b++) {
        const block = doc.blocks[b];
        if (block.page !== undefined) entry.pages.push(block.page);
        else entry.paragraphs.push((block.index ?? b) + 1);
      }
    }
    return [...byFile].map(([id, e]) => {
      const where = e.pages.length
        ? `page${new Set(e.pages).size > 1 ? 's' : ''} ${runs(e.pages)}`
        : e.paragraphs.length
          ? `paragraph${new Set(e.paragraphs).size > 1 ? 's' : ''} ${runs(e.paragraphs)}`
          : '';
      return { filename: documents.get(id)!.filename, where };
    });
  });
}

/** A chapter's notes as the book's HTML: a short list under "Source notes". */
export function sourceNotesHtml(notes: SourceNote[]): string {
  if (notes.length === 0) return '';
  const items = notes.map((n) => `<li><p>${escapeHtml(n.filename)}${n.where ? `, ${escapeHtml(n.where)}` : ''}</p></li>`).join('');
  return `<h4>Source notes</h4><ul>${items}</ul>`;
}

/** The book with each chapter's source notes at its end (after its last section), as endnotes. */
export function withSourceNotes(content: TextbookContent, notes: SourceNote[][]): TextbookContent {
  return {
    ...content,
    chapters: content.chapters.map((chapter, i) => {
      const html = sourceNotesHtml(notes[i] ?? []);
      if (!html) return chapter;
      if (chapter.sections.length === 0) return { ...chapter, content: chapter.content + html };
      const last = chapter.sections.length - 1;
      return { ...chapter, sections: chapter.sections.map((s, j) => (j === last ? { ...s, content: s.content + html } : s)) };
    }),
  };
}
