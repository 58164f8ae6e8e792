import { materialContentSchemas, materialTypeLabels, type MaterialContentType } from '@common/materials';
import { AppError } from '@server/core/app-error';
import type { GeneratedMaterial, GenerateMaterialInput } from '../engine';
import { buildAssessment } from './materials/assessment';
import { buildHomework } from './materials/homework';
import { buildLessonPlan } from './materials/lesson-plan';
import { buildQuiz } from './materials/quiz';
import { buildScope, type MaterialScope } from './materials/scope';

const builders: Record<MaterialContentType, (scope: MaterialScope) => unknown> = {
  quiz: buildQuiz,
  assessment: buildAssessment,
  lessonPlan: buildLessonPlan,
  homework: buildHomework,
};

function describe(contentType: MaterialContentType, content: unknown, scope: MaterialScope): string {
  const chapters = scope.book.chapters.length;
  const where =
    scope.chapterIndex === undefined
      ? `the whole textbook (${chapters} ${chapters === 1 ? 'chapter' : 'chapters'})`
      : `the chapter "${scope.title}"`;
  switch (contentType) {
    case 'quiz': {
      const n = (content as { questions: unknown[] }).questions.length;
      return `${n} questions on ${where}, each built from a sentence of the text and quoting it as its source.`;
    }
    case 'assessment': {
      const a = content as { items: unknown[]; totalPoints: number };
      return `${a.items.length} items on ${where} worth ${a.totalPoints} points, with a rubric for each open question.`;
    }
    case 'lessonPlan': {
      const l = content as { durationMinutes: number; activities: unknown[] };
      return `A ${l.durationMinutes}-minute lesson on ${where} in ${l.activities.length} timed activities.`;
    }
    case 'homework':
      return `${(content as { problems: unknown[] }).problems.length} problems on ${where}, with guidance and expected answers.`;
  }
}

/**
 * Offline materials: built from the textbook's own sentences, key
 * terms, definitions and figures, never from outside knowledge. A chapter
 * with too little text for the chosen type is refused with a clear 422.
 * Synchronous CPU work (seconds on a long chapter): the engine runs it in a
 * worker thread (worker/engine-worker.ts, through operations.ts), never on the request thread.
 */
export function buildMaterial(input: GenerateMaterialInput): GeneratedMaterial {
  const scope = buildScope(input.book, input.chapterIndex);
  if (scope.sentences.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      `${scope.chapterIndex === undefined ? 'This textbook' : `The chapter "${scope.title}"`} has no text to build a ${materialTypeLabels[input.contentType].toLowerCase()} from yet. Add or expand its content first.`,
    );
  }
  const content = builders[input.contentType](scope);
  const checked = materialContentSchemas[input.contentType].safeParse(content);
  if (!checked.success) {
    throw new AppError(
      'UNPROCESSABLE',
      `There is not enough text in ${scope.chapterIndex === undefined ? 'this textbook' : `the chapter "${scope.title}"`} to build a ${materialTypeLabels[input.contentType].toLowerCase()}. Add or expand its content first.`,
    );
  }
  const label = materialTypeLabels[input.contentType];
  return {
    title: scope.chapterIndex === undefined ? `${label}: ${scope.title} (whole book)` : `${label}: ${scope.title}`,
    description: describe(input.contentType, checked.data, scope),
    contentType: input.contentType,
    chapterTitle: scope.chapterIndex === undefined ? undefined : scope.title,
    content: checked.data,
  };
}
