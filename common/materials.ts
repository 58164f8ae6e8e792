import { z } from 'zod';

/**
 * Educational materials (docs/decisions.md; the viewer, the navigator's
 * Educational Materials group, the 'educationalContentGenerated' event).
 * One schema per content type, shared by the engines (offline and llm), the
 * routes and the client's generation UI.
 */
export const materialContentTypes = ['quiz', 'assessment', 'lessonPlan', 'homework'] as const;
export type MaterialContentType = (typeof materialContentTypes)[number];

export const materialTypeLabels: Record<MaterialContentType, string> = {
  quiz: 'Quiz',
  assessment: 'Assessment',
  lessonPlan: 'Lesson Plan',
  homework: 'Homework',
};

const text = z.string().trim().min(1);

export const quizQuestionTypes = ['multiple-choice', 'true-false', 'short-answer'] as const;

export const quizQuestionSchema = z
  .object({
    type: z.enum(quizQuestionTypes),
    prompt: text,
    options: z.array(text).optional(),
    answer: text,
    explanation: text,
    /** The textbook sentence the question comes from, quoted as printed. */
    source: text,
  })
  .superRefine((q, ctx) => {
    if (q.type === 'multiple-choice') {
      const options = q.options ?? [];
      if (options.length < 2)
        ctx.addIssue({ code: 'custom', message: 'A multiple-choice question needs at least two options', path: ['options'] });
      if (options.filter((o) => o === q.answer).length !== 1)
        ctx.addIssue({ code: 'custom', message: 'The answer must be exactly one of the options', path: ['answer'] });
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
        ctx.addIssue({ code: 'custom', message: 'Options must not repeat', path: ['options'] });
    }
    if (q.type === 'true-false' && q.answer !== 'True' && q.answer !== 'False') {
      ctx.addIssue({ code: 'custom', message: 'A true/false answer is True or False', path: ['answer'] });
    }
  });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizContentSchema = z.object({ questions: z.array(quizQuestionSchema).min(1) });
export type QuizContent = z.infer<typeof quizContentSchema>;

export const assessmentItemTypes = ['multiple-choice', 'true-false', 'short-answer', 'essay'] as const;

export const assessmentItemSchema = z
  .object({
    type: z.enum(assessmentItemTypes),
    prompt: text,
    options: z.array(text).optional(),
    answer: text.optional(),
    points: z.number().int().positive(),
    /** Marking criteria; required for open items (short answer, essay). */
    rubric: z.array(text).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'multiple-choice' && (!item.answer || !(item.options ?? []).includes(item.answer))) {
      ctx.addIssue({ code: 'custom', message: 'The answer must be one of the options', path: ['answer'] });
    }
    if ((item.type === 'essay' || item.type === 'short-answer') && !(item.rubric && item.rubric.length > 0)) {
      ctx.addIssue({ code: 'custom', message: 'An open item needs a rubric', path: ['rubric'] });
    }
  });
export type AssessmentItem = z.infer<typeof assessmentItemSchema>;

export const assessmentContentSchema = z.object({
  items: z.array(assessmentItemSchema).min(1),
  totalPoints: z.number().int().positive(),
});
export type AssessmentContent = z.infer<typeof assessmentContentSchema>;

export const lessonActivitySchema = z.object({
  minutes: z.number().int().positive(),
  title: text,
  description: text,
});

export const lessonPlanContentSchema = z.object({
  objectives: z.array(text).min(1),
  durationMinutes: z.number().int().positive(),
  activities: z.array(lessonActivitySchema).min(1),
  materials: z.array(text),
  /** How learning is checked. */
  assessment: z.array(text).min(1),
});
export type LessonPlanContent = z.infer<typeof lessonPlanContentSchema>;

export const homeworkProblemSchema = z.object({
  prompt: text,
  expectedAnswer: text.optional(),
  guidance: text,
});

export const homeworkContentSchema = z.object({ problems: z.array(homeworkProblemSchema).min(1) });
export type HomeworkContent = z.infer<typeof homeworkContentSchema>;

export const materialContentSchemas = {
  quiz: quizContentSchema,
  assessment: assessmentContentSchema,
  lessonPlan: lessonPlanContentSchema,
  homework: homeworkContentSchema,
} as const;

export type MaterialContentOf<T extends MaterialContentType> = z.infer<(typeof materialContentSchemas)[T]>;

/** POST /api/textbooks/{id}/materials. chapterIndex absent: the whole book. */
export const createMaterialBody = z.object(
  {
    contentType: z.enum(materialContentTypes, { error: 'contentType must be one of quiz, assessment, lessonPlan, homework' }),
    chapterIndex: z
      .number({ error: 'chapterIndex must be a whole number' })
      .int('chapterIndex must be a whole number')
      .min(0, 'chapterIndex must not be negative')
      .optional(),
  },
  { error: 'Expected a JSON object with contentType' },
);
export type CreateMaterialBody = z.infer<typeof createMaterialBody>;

/** A stored material as the API answers it. */
export const materialResponseItem = z.object({
  id: z.number().int(),
  textbookId: z.number().int(),
  title: z.string(),
  description: z.string(),
  contentType: z.enum(materialContentTypes),
  metadata: z.object({ chapterTitle: z.string().optional(), chapterIndex: z.number().int().optional() }),
  /** The quiz, assessment, lesson plan or homework, as stored (checked by its schema when it was made). */
  content: z.custom<QuizContent | AssessmentContent | LessonPlanContent | HomeworkContent>(
    (v) => typeof v === 'object' && v !== null,
    'material content',
  ),
  createdAt: z.string(),
});
export type MaterialResponseItem = z.infer<typeof materialResponseItem>;

export const materialResponse = z.object({ material: materialResponseItem });
export type MaterialResponse = z.infer<typeof materialResponse>;
export const materialListResponse = z.object({ materials: z.array(materialResponseItem) });
export type MaterialListResponse = z.infer<typeof materialListResponse>;
