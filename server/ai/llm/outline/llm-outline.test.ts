import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmAssistantReply } from '../../../../common/assistant';
import type { LlmChapterText, LlmOutlinePlan } from '../../../../common/generate';
import type { Reference, TextbookContent } from '../../../../common/textbook';
import { AppError } from '../../../core/app-error';
import { chunkDocument } from '../../../ingest/chunk';
import { extractPdf } from '../../../ingest/pdf/pdf-extract';
import { createEmbedder, type Embedder } from '../../embeddings';
import type { Material } from '../../material';
import { createRetriever } from '../../retrieval';
import { llmChat } from '../chat';
import { llmOutline } from '../outline';
import { keepGivenCitations } from './citations';
import { scriptedModel } from '../../../test/scripted-model';
import { fixturePath } from '../../../test/fixture-path';

const references: Reference[] = [
  {
    title: 'Dynamo: a transparent dynamic optimization system',
    authors: 'Bala, Duesterwald, Banerjia',
    year: '2000',
    publisher: 'PLDI',
    url: '',
    description: '',
    approved: true,
    key: 'R1',
  },
  {
    title: 'HotpathVM: an effective JIT compiler for resource-constrained devices',
    authors: 'Gal, Probst, Franz',
    year: '2006',
    publisher: 'VEE',
    url: '',
    description: '',
    approved: true,
    key: 'R2',
  },
];

const plan: LlmOutlinePlan = {
  title: 'Tracing JIT Compilation',
  chapters: [
    {
      title: 'Trace Trees',
      summary: 'How traces and trace trees are recorded.',
      sections: [
        { title: 'Typed Traces', focus: 'type maps and guards' },
        { title: 'Blacklisting', focus: 'giving up on traces that fail' },
      ],
    },
    {
      title: 'Nested Trace Trees',
      summary: 'Tracing nested loops.',
      sections: [{ title: 'Nesting Algorithm', focus: 'calling inner trees' }],
    },
  ],
};

function chapterText(title: string): LlmChapterText {
  return {
    introduction: [`${title} builds on the interpreter's hot loops [S1], as Dynamo did [R1].`],
    sections: [
      { title: 'any', paragraphs: [`Guards check the types recorded on the trace [S2][R2]. Some claim more [R7] and cite [S99] or [12].`] },
      { title: 'any', paragraphs: ['Blacklisting stops repeated failed recordings [S1, S42].'] },
    ],
  };
}

describe('llm engine with a scripted model', () => {
  let material: Material;
  let embedder: Embedder;

  beforeAll(async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
    const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
    material = { sources: [{ id: 1, filename: 'tracemonkey.pdf', mime: doc.mime, text: doc.text, document: doc }], chunks };
    embedder = createEmbedder({
      embeddingsProvider: 'local',
      embeddingsBaseUrl: undefined,
      embeddingsApiKey: undefined,
      embeddingsModel: undefined,
    });
  }, 60_000);
  afterAll(() => embedder?.close());

  const context = () => ({ material, retriever: createRetriever(material, embedder) });

  it('gives every call the retrieved chunks and the approved references as keys', async () => {
    const { model, prompts } = scriptedModel([plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    const book = await llmOutline(model, context(), { topic: 'trace trees', references });
    expect(prompts).toHaveLength(3);
    // The planning call sees chunks found for the topic; each chapter call sees chunks found for that chapter.
    expect(prompts[0]).toContain('[S1]');
    expect(prompts[0]).toMatch(/trace tree/i);
    expect(prompts[0]).toContain('[R1] Dynamo: a transparent dynamic optimization system');
    expect(prompts[2]).toMatch(/nest/i);
    const chunkTexts = material.chunks.map((c) => c.text.slice(0, 80).replace(/["\\]/g, ''));
    for (const p of prompts) expect(chunkTexts.some((t) => p.replace(/\\"/g, '').replace(/\\n/g, '\n').includes(t))).toBe(true);
    expect(book.chapters.map((c) => c.title)).toEqual(['Trace Trees', 'Nested Trace Trees']);
    expect(book.chapters[0].sections.map((s) => s.title)).toEqual(['Typed Traces', 'Blacklisting']);
    expect(book.references).toEqual(references);
  });

  it('removes citation keys it was not given and keeps the ones it was', async () => {
    const { model } = scriptedModel([plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    const book = await llmOutline(model, context(), { topic: 'trace trees', references });
    const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).join('');
    expect(html).toContain('as Dynamo did [R1].');
    expect(html).toContain('recorded on the trace [R2].');
    expect(html).not.toMatch(/R7|S99|S42|\[12\]|\[S\d/);
    expect(keepGivenCitations('See [R1, R9] and [S3].', new Set(['R1', 'S3']))).toEqual({ text: 'See [R1] and.', removed: ['R9'] });
  });

  it('turns a malformed model answer into a clear provider error', async () => {
    const { model } = scriptedModel(['{"title": "x", "chapters": "not a list"}']);
    const err = await llmOutline(model, context(), { topic: 'trace trees', references }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'PROVIDER_ERROR',
      status: 502,
      message: 'The language model returned a malformed outline. Please try again.',
    });
    const { model: broken } = scriptedModel(['this is not JSON at all']);
    await expect(llmOutline(broken, context(), { topic: 'x', references: [] })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
  });

  it("applies the assistant's operations with the shared outline operations, or changes nothing", async () => {
    const book: TextbookContent = {
      title: 'T',
      references: [],
      chapters: ['A', 'B', 'C'].map((t) => ({
        id: `c${t}`,
        title: t,
        content: `<p>${t} intro.</p>`,
        sections: [{ id: `s${t}`, title: `${t}1`, content: `<p>${t} text.</p>` }],
      })),
    };
    const moved: LlmAssistantReply = { message: 'Moved chapter 3 first', operations: [{ op: 'moveChapter', chapter: 3, position: 1 }] };
    const { model, prompts } = scriptedModel([moved]);
    const res = await llmChat(model, context(), { message: 'put the last chapter first', topic: 'T', content: book });
    expect(res.updatedContent?.chapters.map((c) => c.id)).toEqual(['cC', 'cA', 'cB']);
    expect(prompts[0]).toContain('1. A');
    const impossible: LlmAssistantReply = { message: 'Removed', operations: [{ op: 'removeChapter', chapter: 9 }] };
    const { model: wrong } = scriptedModel([impossible]);
    const refused = await llmChat(wrong, context(), { message: 'remove chapter 9', topic: 'T', content: book });
    expect(refused.updatedContent).toBeUndefined();
    expect(refused.message).toMatch(/unchanged/);
  });
});
