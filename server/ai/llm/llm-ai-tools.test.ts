import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmChapterExpansionOutput, LlmExpansionOutput, LlmRestructurePlan } from './schemas';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { computingMaterial, testBookContent } from '@server/test/ai/computing-material.support';
import { normalizeContent } from '@server/features/textbooks/textbook-content';
import { createEmbedder, type Embedder } from '../embeddings';
import type { EngineContext } from '../engine';
import type { Material } from '../material';
import { fastSentences } from '../shared/fast-sentences';
import { htmlToText } from '@common/textbook-ops/html';
import { lostSentences } from '../shared/units';
import { createRetriever } from '../retrieval';
import { llmCustomizeStructure } from './customize';
import { llmExpandChapter, llmExpandParagraph, llmGenerateSection } from './expand';
import { scriptedModel } from '@server/test/ai/scripted-model.support';

let embedder: Embedder;
let ctx: EngineContext;
let book: TextbookContent;

beforeAll(() => {
  const paragraphs = computingMaterial.split('\n\n');
  const chunks = [];
  for (let i = 0; i < paragraphs.length; i += 2)
    chunks.push({ id: i / 2 + 1, sourceId: 1, ordinal: i / 2, headingPath: [paragraphs[i]], text: paragraphs[i + 1] });
  const material: Material = { sources: [], chunks };
  // No chunk vectors: retrieval is BM25 and the encoder is never loaded.
  embedder = createEmbedder({
    embeddingsProvider: 'local',
    embeddingsBaseUrl: undefined,
    embeddingsApiKey: undefined,
    embeddingsModel: undefined,
  });
  ctx = { material, retriever: createRetriever(material, embedder) };
  book = normalizeContent(testBookContent());
});
afterAll(() => embedder?.close());

const selected = 'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.';

describe('llm expansion with a scripted model', () => {
  it('gives the model the retrieved excerpts, keeps the passage, drops repeats of the book and invented keys', async () => {
    const answer: LlmExpansionOutput = {
      nothingMore: false,
      paragraphs: [
        'A transistor is a semiconductor device that amplifies or switches electronic signals [S1]. Transistors run cooler than tubes [S9].',
        'The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes.',
      ],
    };
    const { model, prompts } = scriptedModel([answer]);
    const result = await llmExpandParagraph(model, ctx, { paragraphHtml: selected, subject: 'Transistors', book });
    expect(prompts[0]).toContain('[S1]');
    expect(prompts[0]).toContain('semiconductor device');
    expect(result.exhausted).toBe(false);
    // The key it was given becomes note 1, listed with where it points; the invented one is gone.
    expect(result.value).toBe(
      `<p>${selected}</p><p>A transistor is a semiconductor device that amplifies or switches electronic signals [1]. Transistors run cooler than tubes.</p>` +
        '<p><strong>Sources</strong></p><ol><li><p>&quot;your material&quot;, &quot;Transistors and Integrated Circuits&quot;</p></li></ol>',
    );
  });

  it('answers "nothing more" when the model finds nothing new, or only repeats the book', async () => {
    const nothing = await llmExpandParagraph(scriptedModel([{ nothingMore: true, paragraphs: [] }]).model, ctx, {
      paragraphHtml: selected,
      book,
    });
    expect(nothing).toEqual({
      value: `<p>${selected}</p>`,
      exhausted: true,
      note: 'Nothing more to add: everything your sources say is already in the textbook.',
    });
    const repeat = await llmGenerateSection(scriptedModel([{ nothingMore: false, paragraphs: [selected] }]).model, ctx, {
      book,
      chapterIndex: 2,
      chapterTitle: 'Transistors and Integrated Circuits',
      sectionTitle: 'The Transistor',
      references: [],
      paragraphCount: 8,
    });
    expect(repeat.exhausted).toBe(true);
  });

  it('expands a chapter into exactly the sections asked for, keeping every paragraph the model forgot', async () => {
    const chapterContent =
      '<p>Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error.</p><p>Ada Lovelace wrote notes in 1843.</p>';
    const answer: LlmChapterExpansionOutput = {
      introduction: [],
      sections: [
        {
          title: 'The Difference Engine',
          originalParagraphs: [1],
          newParagraphs: ['The Difference Engine is a mechanical calculator that works by the method of finite differences [S1].'],
        },
        {
          title: 'The Analytical Engine',
          originalParagraphs: [],
          newParagraphs: ['Babbage later designed the Analytical Engine, which could be programmed with punched cards [S1].'],
        },
        { title: 'Punched Cards', originalParagraphs: [], newParagraphs: [] },
        { title: 'Lovelace', originalParagraphs: [], newParagraphs: [] },
      ],
    };
    const input = { book, chapterIndex: 0, chapterTitle: 'Mechanical Calculation', chapterContent, sectionCount: 4 };
    const result = await llmExpandChapter(scriptedModel([answer]).model, ctx, input);
    expect(result.value.sections.map((s) => s.title)).toEqual([
      'The Difference Engine',
      'The Analytical Engine',
      'Punched Cards',
      'Lovelace',
    ]);
    const text = htmlToText([result.value.content, ...result.value.sections.map((s) => s.content)].join(' '));
    expect(text).toContain('Ada Lovelace wrote notes in 1843.');
    expect(text).toContain('finite differences [1].');
    expect(text).not.toMatch(/\[S\d/);
    const wrongCount = await llmExpandChapter(
      scriptedModel([{ ...answer, sections: answer.sections.slice(0, 2) }]).model,
      ctx,
      input,
    ).catch((e: unknown) => e);
    expect(wrongCount).toBeInstanceOf(AppError);
    expect((wrongCount as AppError).status).toBe(502);
  });
});

describe('llm restructuring with a scripted model', () => {
  it('builds the book from the plan by part keys: forgotten and repeated parts are neither lost nor doubled', async () => {
    const plan: LlmRestructurePlan = {
      cannotDo: '',
      summary: 'Two weeks.',
      chapters: [
        { title: 'Week 1: Machines', parts: ['U1', 'U2', 'U3', 'U3'], newSections: [] },
        {
          title: 'Week 2: Chips',
          parts: ['U5', 'U6', 'U7', 'U8', 'U99'],
          newSections: [
            {
              title: 'Applications',
              paragraphs: [
                'In practice, integrated circuits let engineers build guidance computers small enough for the Apollo spacecraft [S3].',
              ],
            },
          ],
        },
      ],
    };
    const { model, prompts } = scriptedModel([plan]);
    const result = await llmCustomizeStructure(model, ctx, { book, guidance: 'Make a 2-week syllabus' });
    expect(prompts[0]).toContain('U9');
    expect(result.content.chapters.map((c) => c.title)).toEqual(['Week 1: Machines', 'Week 2: Chips']);
    expect(lostSentences(book, result.content)).toEqual([]);
    const all = result.content.chapters.flatMap((c) => c.sections.flatMap((s) => fastSentences(htmlToText(s.content))));
    expect(new Set(all).size).toBe(all.length);
    // U4 (forgotten) follows U3 in week 1; U9 (forgotten) follows U8 in week 2.
    expect(result.content.chapters[0].sections.map((s) => s.title)).toEqual([
      'Mechanical Calculation',
      'Overview of Electronic Computers',
      'The ENIAC',
      'Stored Programs',
    ]);
    expect(result.content.chapters[1].sections.at(-1)?.title).toBe('Applications');
    expect(result.summary).toBe('Two weeks.');
  });

  it("refuses with the model's reason (422) when it cannot follow the guidance, and reports malformed answers (502)", async () => {
    const refusal = await llmCustomizeStructure(
      scriptedModel([{ cannotDo: 'That asks for a different subject.', summary: '', chapters: [] }]).model,
      ctx,
      { book, guidance: 'Turn it into a cookbook' },
    ).catch((e: unknown) => e);
    expect((refusal as AppError).status).toBe(422);
    expect((refusal as AppError).message).toBe('That asks for a different subject. Nothing was changed.');
    const broken = await llmCustomizeStructure(scriptedModel(['{"chapters": 3']).model, ctx, {
      book,
      guidance: 'Make a 2-week syllabus',
    }).catch((e: unknown) => e);
    expect((broken as AppError).status).toBe(502);
  });
});
