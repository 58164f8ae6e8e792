import {
  assessmentContentSchema,
  homeworkContentSchema,
  lessonPlanContentSchema,
  materialTypeLabels,
  quizContentSchema,
  type MaterialContentType,
} from '../materials';
import type { Block, Inline } from './book-model';

/** A stored educational material, as the materials API answers it. */
export interface MaterialInput {
  title: string;
  contentType: string;
  content: unknown;
  metadata?: { chapterTitle?: string };
}

const text = (t: string, marks: { bold?: boolean; italic?: boolean } = {}): Inline => ({ kind: 'text', text: t, ...marks });
const para = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
const labelled = (label: string, value: string): Block => para(text(`${label}: `, { bold: true }), text(value));
const bullets = (items: readonly string[]): Block => ({ kind: 'list', ordered: false, start: 1, items: items.map((i) => [para(text(i))]) });
const numbered = (items: Block[][]): Block => ({ kind: 'list', ordered: true, start: 1, items });

function quizBlocks(content: unknown): Block[] | null {
  const quiz = quizContentSchema.safeParse(content);
  if (!quiz.success) return null;
  return [
    numbered(
      quiz.data.questions.map((q) => [
        para(text(q.prompt)),
        ...(q.options?.length
          ? [{ kind: 'list', ordered: true, start: 1, items: q.options.map((o) => [para(text(o))]) } satisfies Block]
          : []),
        labelled('Answer', q.answer),
        labelled('Explanation', q.explanation),
      ]),
    ),
  ];
}

function assessmentBlocks(content: unknown): Block[] | null {
  const parsed = assessmentContentSchema.safeParse(content);
  if (!parsed.success) return null;
  return [
    labelled('Total points', String(parsed.data.totalPoints)),
    numbered(
      parsed.data.items.map((item) => [
        para(text(item.prompt), text(` (${item.points} ${item.points === 1 ? 'point' : 'points'})`, { italic: true })),
        ...(item.options?.length
          ? [{ kind: 'list', ordered: true, start: 1, items: item.options.map((o) => [para(text(o))]) } satisfies Block]
          : []),
        ...(item.answer ? [labelled('Answer', item.answer)] : []),
        ...(item.rubric?.length ? [para(text('Rubric:', { bold: true })), bullets(item.rubric)] : []),
      ]),
    ),
  ];
}

function lessonPlanBlocks(content: unknown): Block[] | null {
  const parsed = lessonPlanContentSchema.safeParse(content);
  if (!parsed.success) return null;
  const plan = parsed.data;
  return [
    labelled('Duration', `${plan.durationMinutes} minutes`),
    para(text('Objectives', { bold: true })),
    bullets(plan.objectives),
    para(text('Activities', { bold: true })),
    numbered(plan.activities.map((a) => [para(text(`${a.title} (${a.minutes} min)`, { bold: true })), para(text(a.description))])),
    ...(plan.materials.length ? [para(text('Materials', { bold: true })), bullets(plan.materials)] : []),
    para(text('Assessment', { bold: true })),
    bullets(plan.assessment),
  ];
}

function homeworkBlocks(content: unknown): Block[] | null {
  const parsed = homeworkContentSchema.safeParse(content);
  if (!parsed.success) return null;
  return [
    numbered(
      parsed.data.problems.map((p) => [
        para(text(p.prompt)),
        labelled('Guidance', p.guidance),
        ...(p.expectedAnswer ? [labelled('Expected answer', p.expectedAnswer)] : []),
      ]),
    ),
  ];
}

const builders: Record<MaterialContentType, (content: unknown) => Block[] | null> = {
  quiz: quizBlocks,
  assessment: assessmentBlocks,
  lessonPlan: lessonPlanBlocks,
  homework: homeworkBlocks,
};

/** The heading of a material in the appendix: "Quiz: Chapter 2 Quiz". */
export function materialHeading(m: MaterialInput): string {
  const label = materialTypeLabels[m.contentType as MaterialContentType] ?? 'Material';
  return m.title.toLowerCase().startsWith(label.toLowerCase()) ? m.title : `${label}: ${m.title}`;
}

/** A material as blocks, answers included (the appendix is the instructor's copy). */
export function materialBlocks(m: MaterialInput): Block[] {
  const build = builders[m.contentType as MaterialContentType];
  const body = build?.(m.content) ?? [para(text('This material could not be read.', { italic: true }))];
  return m.metadata?.chapterTitle ? [labelled('Chapter', m.metadata.chapterTitle), ...body] : body;
}
