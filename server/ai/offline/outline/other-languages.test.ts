import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '@common/textbook-ops/html';
import { extractAndChunk } from '@server/ingest/extract-document';
import { fixturePath } from '@server/test/fixture-path.support';
import type { Material } from '@server/ai/material';
import { analyze } from '../analyze';
import { buildMaterial } from '../materials';
import { composeFromDocuments } from './tree-book';

async function materialOf(name: string): Promise<Material> {
  const { document } = await extractAndChunk({
    kind: 'txt',
    filename: name,
    data: new Uint8Array(readFileSync(fixturePath(`text/${name}`))),
  });
  return { sources: [{ id: 1, filename: name, mime: document.mime, text: document.text, document }], chunks: [] };
}

const everything = (book: { chapters: Array<{ title: string; content: string; sections: Array<{ title: string; content: string }> }> }) =>
  book.chapters
    .map((c) => [c.title, htmlToText(c.content), ...c.sections.flatMap((s) => [s.title, htmlToText(s.content)])].join('\n'))
    .join('\n');

/** What the English apparatus prints: its headings and its boilerplate. */
const englishApparatus =
  /Learning Objectives|After this chapter|Review Questions|Key Terms|Summary|Overview|\bExplain\b|\bDescribe\b|This chapter covers/;

describe('notes in German and French (test-fixtures/text)', () => {
  for (const [name, language, title, phrases] of [
    [
      'waermelehre-notizen.md',
      'de',
      'Wärmelehre',
      ['„Warum erwärmt sich der Sand am Strand schneller als das Wasser?“', 'z. B. die Wärmeleitung', 'ca. 4,19 kJ'],
    ],
    ['optique-notes.md', 'fr', 'Optique géométrique', ['« Pourquoi voit-on son image dans un miroir plan ? »', 'env. 1,33', 'p. ex.']],
  ] as const) {
    it(`${name}: its language is read at extraction and stored with the book, its text whole, no English apparatus`, async () => {
      const material = await materialOf(name);
      expect(material.sources[0].document.language).toBe(language);
      const book = composeFromDocuments(material, { title });
      expect(book.language).toBe(language);
      const text = everything(book);
      for (const p of phrases) expect(text).toContain(p);
      expect(text).not.toMatch(englishApparatus);
      expect(book.chapters.length).toBeGreaterThanOrEqual(3);
      expect(book.notice).toMatch(/in (German|French): the chapters carry no overviews, objectives, summaries or review questions/);
      expect(book.generation?.leftOut.join(' ')).toMatch(/not written in this language/);
    });
  }

  it('the analysis proposes no English objectives for German notes, and says why', async () => {
    const result = await analyze({ material: await materialOf('waermelehre-notizen.md'), retriever: { search: async () => [] } }, {});
    expect(result.objectives).toEqual([]);
    expect(result.suggestions[0]).toMatch(/^The material is in German: learning objectives are proposed only for English material/);
    expect(result.detectedTopic).toBe('Wärmelehre');
  });

  it('refuses quizzes, assessments, lesson plans and homework on German or French notes, saying why, rather than English templates', async () => {
    for (const [name, title, language] of [
      ['waermelehre-notizen.md', 'Wärmelehre', 'German'],
      ['optique-notes.md', 'Optique géométrique', 'French'],
    ] as const) {
      const book = composeFromDocuments(await materialOf(name), { title });
      for (const contentType of ['quiz', 'assessment', 'lessonPlan', 'homework'] as const) {
        expect(() => buildMaterial({ book, contentType, chapterIndex: 0 })).toThrow(
          new RegExp(`This textbook is in ${language}, and the offline engine writes .* only in English`),
        );
        // A book stored before its language was recorded is read for it.
        expect(() => buildMaterial({ book: { ...book, language: undefined }, contentType, chapterIndex: 0 })).toThrow(/only in English/);
      }
    }
    // English notes still get them.
    const english = composeFromDocuments(await materialOf('linear-algebra-notes.md'), { title: 'Linear algebra' });
    expect(buildMaterial({ book: english, contentType: 'quiz', chapterIndex: 0 }).title).toMatch(/^Quiz: /);
  });

  it('English notes keep their apparatus and are declared English', async () => {
    const book = composeFromDocuments(await materialOf('linear-algebra-notes.md'), { title: 'Linear algebra' });
    expect(book.language).toBe('en');
    expect(everything(book)).toMatch(/Learning Objectives|Review Questions/);
    expect(book.notice ?? '').not.toMatch(/in English/);
  });
});
