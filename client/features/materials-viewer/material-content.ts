import { z } from 'zod';

/**
 * Display shapes of the four known material types. Parsed leniently: a body that does not
 * fit falls back to the generic view rather than breaking the page.
 */
const text = z.union([z.string(), z.number(), z.boolean()]).transform(String);

export const quizContent = z.object({
  questions: z.array(
    z.object({
      type: z.string().default('short-answer'),
      prompt: text,
      options: z.array(text).optional(),
      answer: text.optional(),
      explanation: text.optional(),
      source: text.optional(),
    }),
  ),
});
export type QuizContent = z.infer<typeof quizContent>;

export const assessmentContent = z.object({
  items: z.array(
    z.object({
      type: z.string().default('short-answer'),
      prompt: text,
      options: z.array(text).optional(),
      answer: text.optional(),
      points: z.number().default(0),
      rubric: z.union([text, z.array(text)]).optional(),
    }),
  ),
  totalPoints: z.number().optional(),
});
export type AssessmentContent = z.infer<typeof assessmentContent>;

export const lessonPlanContent = z.object({
  objectives: z.array(text).default([]),
  durationMinutes: z.number().optional(),
  activities: z.array(z.object({ minutes: z.number().default(0), title: text, description: text.default('') })).default([]),
  materials: z.array(text).default([]),
  assessment: z.array(text).default([]),
});
export type LessonPlanContent = z.infer<typeof lessonPlanContent>;

export const homeworkContent = z.object({
  problems: z.array(z.object({ prompt: text, expectedAnswer: text.optional(), guidance: text.optional() })),
});
export type HomeworkContent = z.infer<typeof homeworkContent>;

/** Content may also arrive as a JSON string (as textbook content can). */
export function parseMaterialContent<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
