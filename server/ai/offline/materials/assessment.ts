import type { AssessmentContent, AssessmentItem } from '@common/materials';
import { fillerCandidates, questionCandidates, QuestionPicker } from './quiz';
import { whereIn, type QuestionCandidate } from './questions';
import type { MaterialScope } from './scope';
import { ownMaterialItems } from './assessment-tasks';

const points = { 'multiple-choice': 2, 'true-false': 1, 'short-answer': 3, essay: 10 } as const;

function closedItem(c: QuestionCandidate): AssessmentItem {
  const q = c.question;
  // An ordering or a short answer with a model answer carries its own rubric in its explanation.
  const ownRubric = /Rubric: (.*)$/.exec(q.explanation)?.[1];
  if (q.type === 'short-answer' && ownRubric) {
    // One mark per key point or per step, as the rubric says.
    const marks = (ownRubric.match(/\(\d+\) /g) ?? []).length || Number(/\((\d+) marks\)/.exec(ownRubric)?.[1] ?? points['short-answer']);
    return { type: 'short-answer', prompt: q.prompt, answer: q.answer, points: marks, rubric: [ownRubric] };
  }
  if (q.type === 'short-answer') {
    return {
      type: 'short-answer',
      prompt: q.prompt,
      answer: q.answer,
      points: points['short-answer'],
      rubric: [
        `3 points: "${q.answer}", the term the textbook uses in "${whereIn(c.source)}".`,
        '1 point: a related term from the same section that shows partial understanding.',
        '0 points: no answer or an unrelated term.',
      ],
    };
  }
  return { type: q.type, prompt: q.prompt, options: q.options, answer: q.answer, points: points[q.type] };
}

/** A fill-in-the-term item without options: the student must recall the term, not recognise it. */
function recallItem(c: QuestionCandidate): AssessmentItem {
  return closedItem({ ...c, question: { ...c.question, type: 'short-answer', options: undefined } });
}

function essayItem(c: QuestionCandidate): AssessmentItem {
  const keyPoints = c.question.answer;
  const terms = /uses the terms (.+?) and draws/.exec(c.question.explanation)?.[1];
  return {
    type: 'essay',
    prompt: c.question.prompt,
    answer: keyPoints,
    points: points.essay,
    rubric: [
      `4 points: accurate content; the answer states what the textbook says in "${whereIn(c.source)}": ${c.source.plain}`,
      terms ? `3 points: uses the key terms (${terms}) correctly.` : "3 points: uses the chapter's key terms correctly.",
      '3 points: clear reasoning, supported by an example or evidence from the chapter.',
    ],
  };
}

/**
 * A graded assessment: recognition (multiple choice, true/false), recall
 * (fill in the term, with a rubric) and two open questions from the
 * objectives with a three-part rubric, then items on the chapter's own exercises, worked examples
 * and figures (assessment-tasks.ts). Points add up to totalPoints.
 */
export function buildAssessment(scope: MaterialScope): AssessmentContent {
  // A task's or a worked example's setting is not the subject: its figures and names are never asked for (as in a quiz).
  const { setting } = scope;
  const c = questionCandidates({
    ...scope,
    sentences: scope.sentences.filter((s) => !setting.has(s)),
    definitions: scope.definitions.filter((d) => !setting.has(d.sentence)),
  });
  const picker = new QuestionPicker();
  // The chapter's own exercises, a worked example and a figure it refers to, each timed and with a rubric.
  const own = ownMaterialItems(scope);
  // The open questions first: a closed item on the same sentence would print the model answer of "Define X." (one sentence, one item).
  picker.take(c.open, own.length >= 2 ? 1 : 2);
  const open = [...picker.picked];
  const closedCount = () => picker.picked.length - open.length;
  const closedTarget = scope.chapterIndex === undefined ? 12 : Math.min(10, Math.max(4, Math.ceil(scope.words / 160)));
  picker.take(c.definitions, Math.ceil(closedTarget * 0.3));
  picker.take(c.numbers, Math.ceil(closedTarget * 0.2));
  picker.take(c.trueFalse, Math.ceil(closedTarget * 0.2));
  picker.take(c.terms, closedTarget - closedCount());
  for (const list of [c.trueFalse, c.numbers, c.definitions]) picker.take(list, closedTarget - closedCount());
  for (const list of fillerCandidates(scope)) picker.take(list, closedTarget - closedCount());
  const closed = picker.picked.filter((p) => !open.includes(p)).sort((a, b) => a.source.order - b.source.order);
  // Every third term question asks for recall instead of recognition.
  let termCount = 0;
  const items = closed.map((q) => (q.kind === 'term' && termCount++ % 3 === 2 ? recallItem(q) : closedItem(q)));
  items.push(...open.map(essayItem), ...own);
  return { items, totalPoints: items.reduce((sum, item) => sum + item.points, 0) };
}
