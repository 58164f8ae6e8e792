import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { glossaryOf } from '@common/book-render/back-matter';
import { buildBookDocument } from '@common/book-render/book-document';
import { inlineText } from '@common/book-render/book-model';
import type { LlmOutlinePlan } from '../schemas';
import { htmlToText } from '@common/textbook-ops/html';
import type { Material } from '@server/ai/material';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { scriptedModel } from '@server/test/ai/scripted-model.support';
import { documentMap } from '../document-map';
import { llmOutline } from '../outline';

/** The llm engine's key terms come from the material's own defining sentences, by the offline engine's rules. */
describe('llm engine: key terms and the glossary', () => {
  let material: Material;
  beforeAll(async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/logic-notes.pdf'))), 'logic-notes.pdf');
    material = { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] };
  }, 60_000);

  it('closes a chapter with the terms its units define and its text uses, each with the material’s whole sentence', async () => {
    const entries = documentMap(material);
    const key = (title: string) => entries.find((e) => e.line.includes(title))!.key;
    const plan: LlmOutlinePlan = {
      title: 'Logic',
      chapters: [
        {
          title: 'Arguments',
          summary: 'What an argument is.',
          sources: [key('What an argument is')],
          sections: [{ title: 'Premises and conclusions', focus: 'the parts of an argument', sources: [key('Sentences and their parts')] }],
        },
      ],
    };
    const { model } = scriptedModel([
      plan,
      {
        introduction: ['Logic studies the argument as its central object [S1].'],
        sections: [{ title: 'any', paragraphs: ['Every argument has premises and a conclusion [S2].'] }],
      },
    ]);
    const book = await llmOutline(model, { material, retriever: { search: async () => [] } }, { topic: 'logic', references: [] });
    const section = book.chapters[0].sections[0].content;
    expect(section).toMatch(/<hr \/><h3>Key Terms<\/h3><ul><li><p><strong>argument<\/strong>: An argument is a collection of sentences/);
    expect(book.indexTerms).toEqual(expect.arrayContaining(['premise', 'conclusion']));
    // The glossary reads them as it reads the offline engine's, and checks them the same way.
    const doc = buildBookDocument({ topic: 'Logic', content: book, authors: [], date: '2026-03-05' });
    const glossary = glossaryOf(doc.chapters.filter((c) => !c.backMatter));
    expect(glossary.map((g) => g.term)).toContain('argument');
    for (const g of glossary) expect(inlineText(g.definition)).toMatch(/^[A-Z].*[.!?]$/);
    // What the model wrote is counted as its words; the quoted definitions are not.
    const all = htmlToText([book.chapters[0].content, section].join(' ')).split(/\s+/).filter(Boolean).length;
    const definitionWords = glossary.reduce((n, g) => n + inlineText(g.definition).split(/\s+/).length, 0);
    expect(book.generation!.condensed[0].keptWords).toBeLessThanOrEqual(all - definitionWords);
  });
});
