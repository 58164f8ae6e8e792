import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Chapter } from '@common/textbook';
import type { ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { extractAndChunk } from '@server/ingest/extract-document';
import { composeFromDocuments } from '@server/ai/offline/outline/tree-book';
import { sourceMap } from '@server/ai/shared/source-map';
import { fixturePath } from '@server/test/fixture-path.support';
import { materialOf } from '@server/test/ai/material.support';
import { documentMap } from '../document-map';
import { llmBookReport } from './book-report';

const read = async (name: string): Promise<ExtractedDocument> =>
  (await extractAndChunk({ kind: 'pdf', filename: name.split('/').pop()!, data: new Uint8Array(readFileSync(fixturePath(`pdf/${name}`))) }))
    .document;

describe("the language model's book reports what the files could not give, as the offline engine's does", () => {
  let material: Material;
  beforeAll(async () => {
    material = materialOf(await Promise.all([read('latex/tex-type3-text.pdf'), read('latex/todo-notes.pdf')]));
  }, 120_000);

  /** A plan of one chapter per innermost unit of the map, each titled by its unit. */
  function planned() {
    const map = sourceMap(material);
    const entries = documentMap(material);
    const chapters = entries
      .filter((e) => map.units[e.unit].children.length === 0)
      .map((e) => ({
        chapter: { title: map.units[e.unit].title, content: '<p>Restated.</p>', sections: [] } as Chapter,
        units: [e.unit],
      }));
    return { entries, chapters };
  }

  it("names the material's left-out parts (the author's notes to self) in leftOut, as the offline engine does", () => {
    const { entries, chapters } = planned();
    const { generation } = llmBookReport(material, entries, chapters, 'full');
    const offline = composeFromDocuments(material, { title: 'Notes' }).generation!;
    const notesToSelf = (lines: string[]) => lines.filter((l) => l.startsWith("the author's notes to self"));
    expect(notesToSelf(generation.leftOut)).toHaveLength(1);
    expect(notesToSelf(generation.leftOut)).toEqual(notesToSelf(offline.leftOut));
  });

  it('names the unreadable page and the chapter written from it, and the notice says so', () => {
    const { entries, chapters } = planned();
    const { generation, notice } = llmBookReport(material, entries, chapters, 'full');
    expect(generation.fromFiles).toHaveLength(1);
    const [note] = generation.fromFiles!;
    expect(note).toMatchObject({ file: 'tex-type3-text.pdf', pages: [2] });
    expect(note.chapters).toEqual([{ chapter: 'A font without a text mapping', pages: [2] }]);
    expect(notice).toMatch(/Not everything in your files could be read as text/);
  });

  it('with no chapter written from the page, the note names the chapter written from the page before it', () => {
    const { entries, chapters } = planned();
    const { generation } = llmBookReport(
      material,
      entries,
      chapters.filter((c) => c.chapter.title !== 'A font without a text mapping'),
      'full',
    );
    const note = generation.fromFiles!.find((f) => f.file === 'tex-type3-text.pdf')!;
    expect(note.pages).toEqual([2]);
    expect(note.chapters).toEqual([{ chapter: 'Symbols in bitmap fonts', pages: [2] }]);
  });
});
