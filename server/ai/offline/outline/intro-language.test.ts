import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractAndChunk } from '@server/ingest/extract-document';
import { fixturePath } from '@server/test/fixture-path.support';
import { composeFromDocuments } from './tree-book';

async function bookOf(name: string) {
  const { document } = await extractAndChunk({
    kind: 'txt',
    filename: name,
    data: new Uint8Array(readFileSync(fixturePath(`text/${name}`))),
  });
  const material = { sources: [{ id: 1, filename: name, mime: document.mime, text: document.text, document }], chunks: [] };
  return composeFromDocuments(material, { title: document.title ?? name });
}

describe('the opening text of a German page, before its first heading', () => {
  it('is a chapter titled in German ("Einleitung"), not "Introduction"', async () => {
    const book = await bookOf('pandoc-folien.de.md');
    expect(book.language).toBe('de');
    expect(book.chapters[0].title).toBe('Einleitung');
    expect(book.chapters[0].content).toContain('Eine Hashtabelle bildet Schlüssel auf Plätze ab.');
    expect(book.chapters.map((c) => c.title)).not.toContain('Introduction');
  });
});
