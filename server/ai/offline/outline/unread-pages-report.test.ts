import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { extractAndChunk } from '@server/ingest/extract-document';
import { fixturePath } from '@server/test/fixture-path.support';
import { materialOf } from '@server/test/ai/material.support';
import { composeFromDocuments } from './tree-book';

const read = async (name: string): Promise<ExtractedDocument> =>
  (await extractAndChunk({ kind: 'pdf', filename: name.split('/').pop()!, data: new Uint8Array(readFileSync(fixturePath(`pdf/${name}`))) }))
    .document;

describe('what the files could not give as text is said on the book, chapter by chapter', () => {
  let type3: ExtractedDocument;
  let todo: ExtractedDocument;
  beforeAll(async () => {
    [type3, todo] = await Promise.all([read('latex/tex-type3-text.pdf'), read('latex/todo-notes.pdf')]);
  }, 120_000);

  it('names the page set in a font without a text mapping, why, and the chapter it is in', () => {
    const book = composeFromDocuments(materialOf([type3]), { title: 'Bitmap fonts' });
    const [note] = book.generation?.fromFiles ?? [];
    expect(note).toBeDefined();
    expect(note.file).toBe('tex-type3-text.pdf');
    // The note is the one the Create page showed for the file.
    expect(type3.warnings).toContain(note.note);
    expect(note.note).toMatch(/^page 2: some symbols are set in fonts without a text mapping/);
    expect(note.pages).toEqual([2]);
    // Page 2 opens the section "A font without a text mapping": its chapter is the one named.
    const chapter = book.chapters.find((c) => c.title === 'A font without a text mapping');
    expect(chapter).toBeDefined();
    expect(note.chapters).toEqual([{ chapter: chapter!.title, pages: [2] }]);
    expect(book.notice).toMatch(/Not everything in your files could be read as text \(1 note below/);
  });

  it("says the author's notes to self once, in what was left out, for each file of a book of two", () => {
    const book = composeFromDocuments(materialOf([type3, todo]), { title: 'Notes' });
    const report = book.generation!;
    expect(report.leftOut).toContainEqual(expect.stringMatching(/^the author's notes to self: .*Beweis nachtragen.* \(todo-notes\.pdf\)$/));
    expect((report.fromFiles ?? []).map((f) => f.file)).toEqual(['tex-type3-text.pdf']);
  });

  it('a file read whole adds no note and no sentence to the notice', () => {
    const doc = { ...type3, warnings: undefined };
    const book = composeFromDocuments(materialOf([doc]), { title: 'Bitmap fonts' });
    expect(book.generation?.fromFiles).toBeUndefined();
    expect(book.notice ?? '').not.toMatch(/could be read as text/);
  });
});
