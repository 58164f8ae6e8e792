import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/core/app-error';
import { chunkDocument } from '@server/ingest/chunk';
import { documentFromDirectText } from '@server/ingest/txt-extract';
import { createEmbedder } from '../embeddings';
import type { Material } from '../material';
import { createRetriever } from '../retrieval';
import { llmAnalyze } from './analyze';
import { createLlmEngineWithModel } from './index';
import { createLanguageModel } from './model';
import { scriptedModel } from '@server/test/ai/scripted-model.support';

const doc = documentFromDirectText(
  '# Light reactions\n\nChlorophyll absorbs photons and the thylakoid membrane builds a proton gradient that drives ATP synthase.\n\n' +
    '# Calvin cycle\n\nRubisco fixes carbon dioxide onto ribulose bisphosphate; the cycle spends ATP and NADPH made in the light reactions.',
  'Photosynthesis',
);
const material: Material = {
  sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }],
  chunks: chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text })),
};
const embedder = createEmbedder({
  embeddingsProvider: 'local',
  embeddingsBaseUrl: undefined,
  embeddingsApiKey: undefined,
  embeddingsModel: undefined,
});
afterAll(() => embedder.close());
const ctx = { material, retriever: createRetriever(material, embedder) };

describe('llm analyze', () => {
  it('asks for structured output from the material and returns the parsed analysis', async () => {
    const { model, prompts } = scriptedModel({
      detectedTopic: ' Photosynthesis: Light and Carbon ',
      objectives: [
        'Explain how the thylakoid proton gradient drives ATP synthase',
        'Describe carbon fixation by Rubisco',
        'Compare the light reactions with the Calvin cycle',
      ],
      suggestions: ['"Rubisco" is used but never defined.'],
    });
    const result = await llmAnalyze(model, ctx, { topic: 'Plant biology' });
    expect(result).toEqual({
      detectedTopic: 'Photosynthesis: Light and Carbon',
      objectives: [
        'Explain how the thylakoid proton gradient drives ATP synthase',
        'Describe carbon fixation by Rubisco',
        'Compare the light reactions with the Calvin cycle',
      ],
      suggestions: ['"Rubisco" is used but never defined.'],
    });
    expect(prompts).toHaveLength(1);
    // The model is given the user's own material and topic, and told what objectives must look like.
    expect(prompts[0]).toContain('thylakoid membrane builds a proton gradient');
    expect(prompts[0]).toContain('Plant biology');
    expect(prompts[0]).toContain('Calvin cycle');
    expect(prompts[0]).toMatch(/action verb/);
  });

  it('turns a reply that breaks the schema (too few objectives) into a clear provider error', async () => {
    const { model } = scriptedModel({ detectedTopic: 'X', objectives: ['Explain X'], suggestions: [] });
    const err = await llmAnalyze(model, ctx, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(502);
    expect((err as AppError).message).toMatch(/malformed analysis/);
  });

  it('turns a reply that is not JSON into a clear provider error', async () => {
    const { model } = scriptedModel('Sure! Here is your analysis: photosynthesis.');
    const err = await llmAnalyze(model, ctx, {}).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('PROVIDER_ERROR');
  });

  it('is the analyze operation of the llm engine', async () => {
    const { model } = scriptedModel({
      detectedTopic: 'Photosynthesis',
      objectives: ['Explain A', 'Describe B', 'Compare C and D'],
      suggestions: [],
    });
    const engine = createLlmEngineWithModel(model);
    expect(engine.name).toBe('llm');
    expect((await engine.analyze(ctx, {})).objectives).toHaveLength(3);
  });
});

describe('createLanguageModel', () => {
  it('builds the configured provider with the configured model id', () => {
    const compatible = createLanguageModel({
      aiProvider: 'openai-compatible',
      aiBaseUrl: 'http://127.0.0.1:11434/v1',
      aiApiKey: undefined,
      aiModel: 'llama3.1',
    });
    expect(typeof compatible === 'object' && compatible.modelId).toBe('llama3.1');
    expect(typeof compatible === 'object' && compatible.provider).toMatch(/openai-compatible/);
    const anthropic = createLanguageModel({ aiProvider: 'anthropic', aiBaseUrl: undefined, aiApiKey: 'k', aiModel: 'claude-x' });
    expect(typeof anthropic === 'object' && anthropic.provider).toMatch(/anthropic/);
    const openai = createLanguageModel({ aiProvider: 'openai', aiBaseUrl: undefined, aiApiKey: 'k', aiModel: 'gpt-x' });
    expect(typeof openai === 'object' && openai.modelId).toBe('gpt-x');
  });

  it('refuses an openai-compatible setup without a base URL or model', () => {
    expect(() => createLanguageModel({ aiProvider: 'openai-compatible', aiBaseUrl: undefined, aiApiKey: undefined, aiModel: 'x' })).toThrow(
      /AI_BASE_URL/,
    );
  });
});
