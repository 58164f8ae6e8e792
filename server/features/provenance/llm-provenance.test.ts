import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModel } from 'ai';
import type { LlmChapterText } from '@server/ai/llm/schemas';
import type { ProvenanceBlock } from '@common/provenance';
import type { Material } from '@server/ai/material';
import { createLanguageModel } from '@server/ai/llm/model';
import { llmGenerateSection } from '@server/ai/llm/expand';
import { sourceMap } from '@server/ai/shared/source-map';
import { startOpenAiStandIn } from '@server/test/ai/openai-stand-in.support';
import { scriptedModel } from '@server/test/ai/scripted-model.support';
import { tracemonkeyMaterial, tracingBook, tracingModel, tracingPlan, wordsOnlyContext } from '@server/test/ai/tracing-book.support';
import { matchChapter, matchIndex } from './provenance-match';

/**
 * Text a language model writes carries the passages it cites as its stored source, and is judged
 * against them (then the rest of the material), never trusted: a paraphrase of the cited passage is
 * supported, a sentence with a number or a name the passage does not hold is unsupported.
 */
// The cited passage (3.1 Traces): "A trace is simply a program path, which may cross function call boundaries."
const paraphrase = 'Simply put, a trace is a path through the program, and that path may cross the boundaries of function calls [S2].';
const wrongNumber = 'A trace may cross at most 12 function call boundaries [S2].';
const wrongName = 'Brendan Eich decided that a trace is a program path which may cross function call boundaries [S2].';

const chapterText: LlmChapterText = {
  introduction: ['This chapter describes traces [S1].'],
  sections: [{ title: 'Traces', paragraphs: [paraphrase, wrongNumber, wrongName] }],
};

let material: Material;
beforeAll(async () => {
  material = await tracemonkeyMaterial();
}, 60_000);

async function judged(model: LanguageModel): Promise<{ html: string; blocks: ProvenanceBlock[] }> {
  const chapter = (await tracingBook(model, material)).chapters[0];
  const blocks = matchChapter(matchIndex(sourceMap(material)), chapter, new Set([1]));
  return { html: chapter.sections[0].content, blocks };
}

function blockOf(blocks: ProvenanceBlock[], start: string): ProvenanceBlock {
  const found = blocks.find((b) => b.text.startsWith(start));
  expect(found, start).toBeDefined();
  return found!;
}

function expectJudged({ html, blocks }: { html: string; blocks: ProvenanceBlock[] }) {
  // Every paragraph citing [S2] carries that passage (the unit "3.1 Traces") as its stored source.
  expect(html.match(/<p data-src="1:\d+-\d+">/g)).toHaveLength(3);
  const supported = blockOf(blocks, 'Simply put');
  expect(supported.verdict).toBe('supported');
  expect(supported.stored).toBe(true);
  expect(supported.source?.headingPath.at(-1)).toMatch(/Traces$/);
  expect(blockOf(blocks, 'A trace may cross at most 12').verdict).toBe('unsupported');
  expect(blockOf(blocks, 'Brendan Eich').verdict).toBe('unsupported');
}

describe('provenance of text a language model wrote', () => {
  it('with the scripted model: a paraphrase of the cited passage is supported, a changed number or an added name is not', async () => {
    expectJudged(await judged(tracingModel(chapterText)));
  });

  it('a section the model expands carries the passage each new paragraph cites as its stored source', async () => {
    const book = await tracingBook(tracingModel(chapterText), material);
    const expansion = {
      nothingMore: false,
      paragraphs: ['Recording a trace follows the path the interpreter takes through one loop iteration [S1].'],
    };
    const { model: expander } = scriptedModel([expansion]);
    const result = await llmGenerateSection(expander, wordsOnlyContext(material), {
      book,
      chapterIndex: 0,
      chapterTitle: 'Trace Trees',
      sectionTitle: 'Traces',
      references: [],
      paragraphCount: 2,
    });
    expect(result.exhausted).toBe(false);
    // The new paragraph, after the section's own text, with the cited passage as its source.
    const added = result.value.slice(book.chapters[0].sections[0].content.length);
    expect(added).toMatch(/^<p data-src="1:\d+(?:-\d+)?">Recording a trace follows/);
  });

  describe('over HTTP', () => {
    let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>> | undefined;
    afterAll(async () => standIn?.close());

    it('with the OpenAI-compatible stand-in: the same judgement', async () => {
      const completion = (answer: unknown) => ({
        status: 200,
        body: {
          id: 'chatcmpl-provenance',
          object: 'chat.completion',
          created: 1732441200,
          model: 'llama3.1:8b',
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        },
      });
      standIn = await startOpenAiStandIn((r) => completion(r.prompt.includes('Plan a textbook') ? tracingPlan : chapterText));
      const model = createLanguageModel({
        aiProvider: 'openai-compatible',
        aiBaseUrl: standIn.baseUrl,
        aiApiKey: 'test',
        aiModel: 'llama3.1:8b',
      });
      expectJudged(await judged(model));
    });
  });
});
