import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmAssistantReply, LlmChapterText, LlmOutlinePlan, LlmPartialPlan } from '../schemas';
import type { Reference, TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { chunkDocument } from '@server/ingest/chunk';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { createEmbedder, type Embedder } from '@server/ai/embeddings';
import type { Material } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import { llmChat } from '../chat';
import { documentMap, mapParts } from '../document-map';
import { llmOutline } from '../outline';
import { keepGivenCitations } from './citations';
import { scriptedModel } from '@server/test/ai/scripted-model.support';
import { fixturePath } from '@server/test/fixture-path.support';

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
      sources: ['U5'],
      sections: [
        { title: 'Typed Traces', focus: 'type maps and guards', sources: ['U6'] },
        { title: 'Blacklisting', focus: 'giving up on traces that fail', sources: ['[U15]'] },
      ],
    },
    {
      title: 'Nested Trace Trees',
      summary: 'Tracing nested loops.',
      sources: ['U16'],
      sections: [{ title: 'Nesting Algorithm', focus: 'calling inner trees', sources: ['U17'] }],
    },
  ],
};

/** The text of a recorded prompt (system and user messages). */
function promptText(recorded: string): string {
  const messages = JSON.parse(recorded) as Array<{ content: string | Array<{ text?: string }> }>;
  return messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((c) => c.text ?? '').join(''))).join('\n');
}

function chapterText(title: string): LlmChapterText {
  return {
    introduction: [`${title} builds on the interpreter's hot loops [S1], as Dynamo did [R1].`],
    sections: [
      { title: 'any', paragraphs: [`Guards check the types recorded on the trace [S2][R2]. Some claim more [R7] and cite [S99] or [12].`] },
      { title: 'any', paragraphs: ['Blacklisting stops repeated failed recordings [S3, S42].'] },
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

  it('plans from the document map, and writes each chapter from its mapped units first and retrieved excerpts second', async () => {
    const { model, prompts } = scriptedModel([plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    const book = await llmOutline(model, context(), { topic: 'trace trees', references });
    expect(prompts).toHaveLength(3);
    const [planner, first, second] = prompts.map(promptText);
    // The planner sees the heading tree with each unit's opening, keyed for mapping, and the references.
    expect(planner).toContain('[U5] 3. Trace Trees (tracemonkey.pdf, p. 4): In this section, we describe traces, trace trees');
    expect(planner).toContain('    [U6] 3.1 Traces (tracemonkey.pdf, p. 4)');
    expect(planner).toContain('[U37] 9. Conclusions');
    expect(planner).toContain('[R1] Dynamo: a transparent dynamic optimization system');
    expect(planner).not.toContain('[S1]');
    // A chapter writer reads its units whole (with their sub-units), then what search found besides.
    const units = first.indexOf('Source units mapped to this part');
    const further = first.indexOf('Further excerpts found by search');
    expect(units).toBeGreaterThan(0);
    expect(first).toContain('[S1] ("tracemonkey.pdf", "3. Trace Trees", page 4)');
    expect(first).toContain('## 3.1 Traces');
    expect(first).toContain('A trace is simply a program path, which may cross function call boundaries.');
    expect(first.indexOf('[S2] ("tracemonkey.pdf", "3.1 Traces"')).toBeGreaterThan(units);
    if (further >= 0) expect(further).toBeGreaterThan(first.indexOf('[S2]'));
    expect(second).toContain('"4. Nested Trace Tree Formation"');
    expect(second).toContain('The key insight is that if each loop is represented by its own trace tree');
    expect(book.chapters.map((c) => c.title)).toEqual(['Trace Trees', 'Nested Trace Trees']);
    expect(book.chapters[0].sections.map((s) => s.title)).toEqual(['Typed Traces', 'Blacklisting']);
    expect(book.references).toEqual(references);
  });

  it('reports what it restated per chapter and names the parts of the material no chapter was written from', async () => {
    const { model } = scriptedModel([plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    const book = await llmOutline(model, context(), { topic: 'trace trees', references, length: 'full' });
    const report = book.generation!;
    expect(report.length).toBe('full');
    expect(report.condensed.map((c) => c.chapter)).toEqual(['Trace Trees', 'Nested Trace Trees']);
    for (const c of report.condensed) expect(c.keptWords).toBeLessThan(c.sourceWords);
    // The plan writes from sections 3 and 4 only: "9. Conclusions" is in no chapter, and the book says so.
    expect(report.leftOut).toContain('"9. Conclusions" (tracemonkey.pdf): no chapter was written from it');
    expect(report.leftOut.some((l) => l.startsWith('"3.1 Traces"'))).toBe(false);
    expect(book.notice).toMatch(/restate the material rather than print it whole.* parts of the material are in no chapter/);
  });

  it('shows the source keys it cites as numbered source notes, keeps reference keys, removes keys it was not given', async () => {
    const { model } = scriptedModel([plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    const book = await llmOutline(model, context(), { topic: 'trace trees', references });
    const chapter = book.chapters[0];
    // "[S1]" in the introduction is its first note, listed under it with the unit's file, heading and page.
    expect(chapter.content).toContain('builds on the interpreter&#39;s hot loops [1], as Dynamo did [R1].');
    expect(chapter.content).toContain(
      '<p><strong>Sources</strong></p><ol><li><p>&quot;tracemonkey.pdf&quot;, &quot;3. Trace Trees&quot;, page 4</p></li></ol>',
    );
    // Each section numbers its own notes from 1.
    expect(chapter.sections[0].content).toContain('Guards check the types recorded on the trace [1] [R2].');
    expect(chapter.sections[0].content).toMatch(
      /<ol><li><p>&quot;tracemonkey\.pdf&quot;, &quot;3\.1 Traces&quot;, page \d+<\/p><\/li><\/ol>/,
    );
    expect(chapter.sections[1].content).toContain('Blacklisting stops repeated failed recordings [1].');
    const html = book.chapters.flatMap((c) => [c.content, ...c.sections.map((s) => s.content)]).join('');
    expect(html).not.toMatch(/R7|S99|S42|\[12\]|\[S\d/);
    expect(keepGivenCitations('See [R1, R9] and [S3].', new Set(['R1', 'S3']))).toEqual({ text: 'See [R1] and.', removed: ['R9'] });
  });

  it('plans a map too long for one prompt in parts (map-reduce), never splitting a top-level unit, then joins them', async () => {
    const entries = documentMap(material);
    const parts = mapParts(entries, 1500);
    expect(parts.length).toBeGreaterThan(2);
    // A chapter and its sections stay in one part: no top-level unit is in two parts.
    const groups = parts.map((part) => new Set(part.map((e) => e.group)));
    groups.forEach((g, i) => groups.slice(i + 1).forEach((h) => expect([...g].some((x) => h.has(x))).toBe(false)));
    const partial: LlmPartialPlan[] = parts.map((part, i) => ({
      chapters: [{ title: `Part ${i + 1} chapter`, summary: `Covers ${part[0].key}.`, sources: part.map((e) => e.key) }],
    }));
    const { model, prompts } = scriptedModel([...partial, plan, chapterText('Trace Trees'), chapterText('Nested Trace Trees')]);
    await llmOutline(model, context(), { topic: 'trace trees', references }, { mapChars: 1500, unitChars: 6000 });
    const texts = prompts.map(promptText);
    expect(texts).toHaveLength(parts.length + 3);
    parts.forEach((part, i) => {
      expect(texts[i]).toContain(`Document map, part ${i + 1} of ${parts.length}`);
      for (const e of part) expect(texts[i]).toContain(e.line);
      expect(texts[i]).not.toContain(`[${parts[(i + 1) % parts.length][0].key}] `);
    });
    const joining = texts[parts.length];
    expect(joining).toContain(`planned in ${parts.length} parts`);
    for (let i = 0; i < parts.length; i++) expect(joining).toContain(`- Part ${i + 1} chapter (`);
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
