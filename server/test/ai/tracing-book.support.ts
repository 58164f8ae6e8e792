import { readFileSync } from 'node:fs';
import type { LanguageModel } from 'ai';
import type { TextbookContent } from '@common/textbook';
import type { EngineContext } from '@server/ai/engine';
import type { LlmChapterText, LlmOutlinePlan } from '@server/ai/llm/schemas';
import { llmOutline } from '@server/ai/llm/outline';
import type { Material } from '@server/ai/material';
import { createRetriever } from '@server/ai/retrieval';
import { chunkDocument } from '@server/ingest/chunk';
import { extractPdf } from '@server/ingest/pdf/pdf-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { scriptedModel } from '@server/test/ai/scripted-model.support';

/**
 * A book the llm engine writes from the TraceMonkey paper (test-fixtures/pdf/tracemonkey.pdf), for judging what a
 * language model wrote against the passages it cites.
 */

/** A plan of one chapter, "Trace Trees" (the paper's unit U5), with one section, "Traces" (U6, its "3.1 Traces"). */
export const tracingPlan: LlmOutlinePlan = {
  title: 'Tracing',
  chapters: [
    {
      title: 'Trace Trees',
      summary: 'How traces are recorded.',
      sources: ['U5'],
      sections: [{ title: 'Traces', focus: 'what a trace is', sources: ['U6'] }],
    },
  ],
};

/** The paper through the real PDF extractor and chunker, as the material's one source (id 1); no chunk has a vector. */
export async function tracemonkeyMaterial(): Promise<Material> {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf'))), 'tracemonkey.pdf');
  const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  return { sources: [{ id: 1, filename: 'tracemonkey.pdf', mime: doc.mime, text: doc.text, document: doc }], chunks };
}

/** The engine's context with retrieval by BM25 only: the chunks carry no vectors, so the embedder is never asked. */
export function wordsOnlyContext(material: Material): EngineContext {
  return {
    material,
    retriever: createRetriever(material, {
      model: 'none',
      embed: async (): Promise<number[][]> => {
        throw new Error('not used');
      },
      close: async () => {},
    }),
  };
}

/** A scripted model that answers `tracingPlan` to the planner and `chapterText` to the chapter writer. */
export function tracingModel(chapterText: LlmChapterText): LanguageModel {
  return scriptedModel([tracingPlan, chapterText]).model;
}

/** The book the llm engine writes on "tracing" from the material with `model`. */
export function tracingBook(model: LanguageModel, material: Material): Promise<TextbookContent> {
  return llmOutline(model, wordsOnlyContext(material), { topic: 'tracing', references: [] });
}
