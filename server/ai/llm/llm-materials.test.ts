import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { emptyMaterial } from '../material';
import { createLlmEngineWithModel } from './index';
import { llmGenerateMaterial } from './materials';
import { scriptedModel } from '@server/test/ai/scripted-model.support';

const book: TextbookContent = {
  title: 'Plant Biology',
  references: [],
  chapters: [
    {
      title: 'Photosynthesis',
      content: '<p>Chlorophyll absorbs red and blue light. The thylakoid membrane builds a proton gradient that drives ATP synthase.</p>',
      sections: [
        {
          title: 'Calvin cycle',
          content: '<p>Rubisco fixes carbon dioxide onto ribulose bisphosphate. The cycle turns three times to export one sugar.</p>',
        },
      ],
    },
    { title: 'Respiration', content: '<p>Mitochondria oxidise pyruvate in the Krebs cycle.</p>', sections: [] },
  ],
};
// The llm engine reads the book itself; the material and retriever are not consulted for materials.
const ctx = { material: emptyMaterial(), retriever: { search: async () => [] } };

const good = {
  type: 'multiple-choice',
  prompt: 'Which enzyme fixes carbon dioxide onto ribulose bisphosphate?',
  options: ['ATP synthase', 'Rubisco', 'Chlorophyll'],
  answer: 'rubisco',
  explanation: 'Rubisco fixes carbon.',
  source: 'Rubisco fixes carbon dioxide onto ribulose bisphosphate.',
};

describe('llm generateMaterial', () => {
  it('gives the model the chapter and keeps only questions whose source and answer check out against it', async () => {
    const { model, prompts } = scriptedModel({
      description: 'A quiz on photosynthesis.',
      questions: [
        good,
        // Invented source: not a sentence of the chapter.
        { ...good, prompt: 'What do plants breathe?', source: 'Plants breathe through stomata at night.' },
        // The answer is not one of the options.
        {
          ...good,
          prompt: 'What drives ATP synthase?',
          options: ['Light', 'Water', 'Sugar'],
          answer: 'The proton gradient',
          source: 'The thylakoid membrane builds a proton gradient that drives ATP synthase.',
        },
        // The answer is outside knowledge.
        {
          type: 'short-answer',
          prompt: 'Who discovered the Calvin cycle?',
          answer: 'Melvin Calvin in 1950',
          explanation: 'History.',
          source: 'Rubisco fixes carbon dioxide onto ribulose bisphosphate.',
        },
        {
          type: 'true-false',
          prompt: 'True or false: the cycle turns three times to export one sugar.',
          answer: 'true',
          explanation: 'Stated in the text.',
          source: 'The cycle turns three times to export one sugar.',
        },
        // The same prompt twice is one question.
        { ...good },
      ],
    });
    const result = await llmGenerateMaterial(model, ctx, { book, contentType: 'quiz', chapterIndex: 0 });
    expect(result).toMatchObject({
      title: 'Quiz: Photosynthesis',
      description: 'A quiz on photosynthesis.',
      contentType: 'quiz',
      chapterTitle: 'Photosynthesis',
    });
    expect(result.content).toEqual({
      questions: [
        { ...good, answer: 'Rubisco' },
        {
          type: 'true-false',
          prompt: 'True or false: the cycle turns three times to export one sugar.',
          options: ['True', 'False'],
          answer: 'True',
          explanation: 'Stated in the text.',
          source: 'The cycle turns three times to export one sugar.',
        },
      ],
    });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Rubisco fixes carbon dioxide onto ribulose bisphosphate.');
    expect(prompts[0]).toContain('Other chapters of the textbook: Respiration');
    // Only the chosen chapter is given.
    expect(prompts[0]).not.toContain('Krebs cycle');
    expect(prompts[0]).toMatch(/word for word/);
  });

  it('refuses an answer in which nothing checks out', async () => {
    const { model } = scriptedModel({ description: 'x', questions: [{ ...good, source: 'Invented sentence that the book never says.' }] });
    const err = await llmGenerateMaterial(model, ctx, { book, contentType: 'quiz', chapterIndex: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(502);
    expect((err as AppError).message).toMatch(/could not be checked against the text of "Photosynthesis"/);
  });

  it('turns a reply that is not JSON into a clear provider error', async () => {
    const { model } = scriptedModel('Here is a quiz: 1. What is Rubisco?');
    const err = await llmGenerateMaterial(model, ctx, { book, contentType: 'quiz' }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('PROVIDER_ERROR');
  });

  it('recomputes an assessment total and drops open items without a rubric', async () => {
    const { model } = scriptedModel({
      description: 'Assessment.',
      items: [
        {
          type: 'multiple-choice',
          prompt: 'Which enzyme fixes carbon?',
          options: ['Rubisco', 'Chlorophyll'],
          answer: 'Rubisco',
          points: 2,
        },
        { type: 'essay', prompt: 'Explain the Calvin cycle.', points: 10, rubric: ['Names Rubisco', 'Explains the three turns'] },
        { type: 'essay', prompt: 'Explain respiration.', points: 10 },
      ],
    });
    const result = await llmGenerateMaterial(model, ctx, { book, contentType: 'assessment', chapterIndex: 0 });
    const content = result.content as { items: Array<{ prompt: string }>; totalPoints: number };
    expect(content.items.map((i) => i.prompt)).toEqual(['Which enzyme fixes carbon?', 'Explain the Calvin cycle.']);
    expect(content.totalPoints).toBe(12);
  });

  it("sets a lesson plan duration to the sum of its activities, and is the engine's generateMaterial for the whole book", async () => {
    const { model, prompts } = scriptedModel({
      description: 'Lesson.',
      objectives: ['Explain how Rubisco fixes carbon'],
      activities: [
        { minutes: 10, title: 'Warm-up', description: 'Light and colour' },
        { minutes: 25.4, title: 'Calvin cycle', description: 'Walk through the cycle' },
      ],
      materials: ['Chapter text'],
      assessment: ['Exit ticket'],
    });
    const result = await createLlmEngineWithModel(model).generateMaterial(ctx, { book, contentType: 'lessonPlan' });
    expect(result.title).toBe('Lesson Plan: Plant Biology (whole book)');
    expect(result.chapterTitle).toBeUndefined();
    expect(result.content).toMatchObject({ durationMinutes: 35, activities: [{ minutes: 10 }, { minutes: 25 }] });
    expect(prompts[0]).toContain('Krebs cycle');
  });

  it('holds its output to the offline checks: no "Explain {heading}" objective, no citation-year or page-element question, one item per key', async () => {
    const plan = scriptedModel({
      description: 'Lesson.',
      objectives: ['Explain Calvin cycle', 'Explain how Rubisco fixes carbon', 'Explain january 10, 2019', 'Define the proton gradient'],
      activities: [{ minutes: 10, title: 'Warm-up', description: 'Light and colour' }],
      materials: ['Chapter text'],
      assessment: ['Exit ticket'],
    });
    const lesson = await llmGenerateMaterial(plan.model, ctx, { book, contentType: 'lessonPlan', chapterIndex: 0 });
    expect((lesson.content as { objectives: string[] }).objectives).toEqual([
      'Explain how Rubisco fixes carbon',
      'Define the proton gradient',
    ]);
    const source = 'Rubisco fixes carbon dioxide onto ribulose bisphosphate.';
    const quiz = scriptedModel({
      description: 'A quiz.',
      questions: [
        good,
        { ...good, prompt: 'Which enzyme, as the text says, fixes carbon dioxide?' },
        {
          type: 'short-answer',
          prompt: 'Fill in the blank: Rubisco (Calvin, _____) fixes carbon dioxide.',
          answer: '1950',
          explanation: 'x',
          source,
        },
        {
          type: 'true-false',
          prompt: 'True or false: Figure 3 shows that rubisco fixes carbon dioxide.',
          answer: 'True',
          explanation: 'x',
          source,
        },
      ],
    });
    const result = await llmGenerateMaterial(quiz.model, ctx, { book, contentType: 'quiz', chapterIndex: 0 });
    expect((result.content as { questions: unknown[] }).questions).toEqual([{ ...good, answer: 'Rubisco' }]);
  });
});
