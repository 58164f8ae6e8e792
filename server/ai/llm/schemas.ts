import { z } from 'zod';

// What the llm engine asks a language model for (AI SDK Output.object), one schema per task. Only the
// server reads these: the client sees the engine's results in the API's own shapes (common/).

/** What the llm engine's analyze asks the model for (structured output). */
export const llmAnalysisOutput = z.object({
  detectedTopic: z.string().describe('A concise topic title for a textbook built from the material (at most 12 words).'),
  objectives: z
    .array(z.string())
    .min(3)
    .max(8)
    .describe('3 to 8 learning objectives specific to the material, each starting with an action verb (Explain, Compare, Apply, ...).'),
  suggestions: z.array(z.string()).max(6).describe('Concrete gaps or next steps, each naming the section or term it is about.'),
});
export type LlmAnalysisOutput = z.infer<typeof llmAnalysisOutput>;

/**
 * What the llm engine asks a language model for (AI SDK Output.object):
 * first the outline, then each chapter's text. Text fields are plain
 * paragraphs that may cite the given keys ([S1] source excerpts, [R1]
 * approved references); the server escapes them and removes any key it did not give.
 */
const mapKeys = z.array(z.string()).describe('Keys of the document map units it is written from, like "U3"');

export const llmOutlinePlan = z.object({
  title: z.string().describe('The textbook title'),
  chapters: z
    .array(
      z.object({
        title: z.string(),
        summary: z.string().describe('One or two sentences on what the chapter covers'),
        sources: mapKeys.optional(),
        sections: z
          .array(z.object({ title: z.string(), focus: z.string().describe('What this section explains'), sources: mapKeys.optional() }))
          .min(1)
          .max(8),
      }),
    )
    .min(1)
    .max(20),
});
export type LlmOutlinePlan = z.infer<typeof llmOutlinePlan>;

/** A long book's map is planned in parts (map-reduce): each part proposes chapters for its units, then one call joins them. */
export const llmPartialPlan = z.object({
  chapters: z
    .array(z.object({ title: z.string(), summary: z.string(), sources: mapKeys }))
    .min(1)
    .max(20),
});
export type LlmPartialPlan = z.infer<typeof llmPartialPlan>;

export const llmChapterText = z.object({
  introduction: z.array(z.string()).describe('The chapter introduction, one string per paragraph'),
  sections: z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()).min(1) })),
});
export type LlmChapterText = z.infer<typeof llmChapterText>;

/**
 * The llm outline assistant answers with a message and, for structural
 * requests, the operations to apply (numbers are 1-based and refer to the
 * outline as it stands after the operations before them). The server applies
 * them with the same operations as the offline assistant, so ids are kept and
 * merged or split text is never lost.
 */
export const llmOutlineOperation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('addChapter'), title: z.string(), position: z.number().int().nullish() }),
  z.object({ op: z.literal('removeChapter'), chapter: z.number().int() }),
  z.object({ op: z.literal('renameChapter'), chapter: z.number().int(), title: z.string() }),
  z.object({ op: z.literal('moveChapter'), chapter: z.number().int(), position: z.number().int() }),
  z.object({ op: z.literal('splitChapter'), chapter: z.number().int(), parts: z.number().int().min(2).max(10) }),
  z.object({ op: z.literal('mergeChapters'), first: z.number().int(), second: z.number().int() }),
  z.object({ op: z.literal('resizeChapters'), count: z.number().int().min(1).max(100) }),
  z.object({ op: z.literal('addSection'), chapter: z.number().int(), title: z.string(), paragraphs: z.array(z.string()).nullish() }),
  z.object({ op: z.literal('removeSection'), chapter: z.number().int(), section: z.number().int() }),
  z.object({ op: z.literal('renameSection'), chapter: z.number().int(), section: z.number().int(), title: z.string() }),
  z.object({
    op: z.literal('moveSection'),
    chapter: z.number().int(),
    section: z.number().int(),
    toChapter: z.number().int(),
    position: z.number().int().nullish(),
  }),
  z.object({ op: z.literal('splitSection'), chapter: z.number().int(), section: z.number().int(), parts: z.number().int().min(2).max(10) }),
  z.object({ op: z.literal('mergeSections'), chapter: z.number().int(), first: z.number().int(), second: z.number().int() }),
]);
export type LlmOutlineOperation = z.infer<typeof llmOutlineOperation>;

export const llmAssistantReply = z.object({
  message: z.string().describe('The reply shown to the user'),
  operations: z.array(llmOutlineOperation).describe('Structural changes to apply; empty for questions or requests you cannot do'),
});
export type LlmAssistantReply = z.infer<typeof llmAssistantReply>;

/**
 * What the llm engine asks the model for (AI SDK Output.object). The model
 * writes only new paragraphs and decides structure by keys; the server keeps
 * every paragraph and part of the book itself, so a model cannot lose text.
 */
export const llmExpansionOutput = z.object({
  paragraphs: z
    .array(z.string())
    .describe('New paragraphs only, each citing the excerpt keys it relies on; empty when the excerpts add nothing new'),
  nothingMore: z.boolean().describe('True when the excerpts hold nothing that the book does not already say'),
});
export type LlmExpansionOutput = z.infer<typeof llmExpansionOutput>;

export const llmChapterExpansionOutput = z.object({
  introduction: z.array(z.string()).describe('At most one short new paragraph introducing the chapter; may be empty'),
  sections: z.array(
    z.object({
      title: z.string(),
      originalParagraphs: z
        .array(z.number().int())
        .describe("Numbers of the chapter's own paragraphs (P1 = 1) that belong in this section"),
      newParagraphs: z.array(z.string()).describe('New paragraphs from the excerpts, citing their keys'),
    }),
  ),
});
export type LlmChapterExpansionOutput = z.infer<typeof llmChapterExpansionOutput>;

export const llmRestructurePlan = z.object({
  cannotDo: z.string().describe('Why the guidance cannot be followed by regrouping, reordering and retitling; empty when it can'),
  summary: z.string().describe('One or two sentences on what changed'),
  chapters: z.array(
    z.object({
      title: z.string(),
      parts: z.array(z.string()).describe("Keys of the book's parts (U1, U2, ...) in this chapter, in order"),
      newSections: z
        .array(z.object({ title: z.string(), paragraphs: z.array(z.string()) }))
        .describe('Only when the guidance asks for new material (e.g. applications): paragraphs from the excerpts, citing their keys'),
    }),
  ),
});
export type LlmRestructurePlan = z.infer<typeof llmRestructurePlan>;

// What the model is asked for: the contract's shapes without the cross-field rules, so one bad
// question is dropped after checking instead of failing the whole answer.
export const llmQuiz = z.object({
  description: z.string(),
  questions: z.array(
    z.object({
      type: z.enum(['multiple-choice', 'true-false', 'short-answer']),
      prompt: z.string(),
      options: z.array(z.string()).optional(),
      answer: z.string(),
      explanation: z.string(),
      source: z.string(),
    }),
  ),
});
export const llmAssessment = z.object({
  description: z.string(),
  items: z.array(
    z.object({
      type: z.enum(['multiple-choice', 'true-false', 'short-answer', 'essay']),
      prompt: z.string(),
      options: z.array(z.string()).optional(),
      answer: z.string().optional(),
      points: z.number(),
      rubric: z.array(z.string()).optional(),
    }),
  ),
});
export const llmLessonPlan = z.object({
  description: z.string(),
  objectives: z.array(z.string()),
  activities: z.array(z.object({ minutes: z.number(), title: z.string(), description: z.string() })),
  materials: z.array(z.string()),
  assessment: z.array(z.string()),
});
export const llmHomework = z.object({
  description: z.string(),
  problems: z.array(z.object({ prompt: z.string(), expectedAnswer: z.string().optional(), guidance: z.string() })),
});

/** The material schemas by content type. */
export const llmMaterialOutputs = { quiz: llmQuiz, assessment: llmAssessment, lessonPlan: llmLessonPlan, homework: llmHomework } as const;
export type LlmMaterialOutput<T extends keyof typeof llmMaterialOutputs> = z.infer<(typeof llmMaterialOutputs)[T]>;
