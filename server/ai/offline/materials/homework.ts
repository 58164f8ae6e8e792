import type { HomeworkContent } from '@common/materials';
import { findTerm, stemKey } from './book-terms';
import { questionCandidates, QuestionPicker } from './quiz';
import { whereIn } from './questions';
import type { MaterialScope } from './scope';
import { chapterTasks, taskPlace } from './chapter-exercises';

type Problem = HomeworkContent['problems'][number];

/**
 * Homework from the chapter: define its key terms (answered by the book's
 * own definitions or the sentence that uses the term), explain its
 * objectives (answered by its sentences), recall its stated figures, and
 * apply an idea to an example of the student's own (guidance only).
 */
export function buildHomework(scope: MaterialScope): HomeworkContent {
  const problems: Problem[] = [];
  const usedSentences = new Set<number>();

  // The chapter's own exercises come first: the instructor's material already says what to practise.
  const tasks = chapterTasks(scope.book, scope.chapterIndex);
  const examples = tasks.filter((t) => t.kind === 'example').slice(0, 3);
  for (const task of tasks.filter((t) => t.kind === 'exercise').slice(0, 4)) {
    problems.push({
      prompt: `${task.label}: ${task.text}`,
      guidance: `From the chapter: ${taskPlace(task)}.${examples.length ? ` The worked ${examples.length === 1 ? 'example' : 'examples'} ${examples.map((e) => e.label).join(', ')} ${examples.length === 1 ? 'shows' : 'show'} the method.` : ''} Show each step of your working.`,
    });
  }

  const own = problems.length;
  for (const d of scope.definitions.slice(0, own ? 1 : 2)) {
    usedSentences.add(d.sentence.order);
    const name = /\p{Lu}/u.test(d.term.slice(1)) ? d.term : d.term[0].toLowerCase() + d.term.slice(1);
    problems.push({
      prompt: `In your own words, explain what ${name} ${d.isPlural ? 'are' : 'is'}, and give an example.`,
      expectedAnswer: d.sentence.plain,
      guidance: `Reread "${whereIn(d.sentence)}", where the textbook defines it; your example may come from the chapter or from your own experience.`,
    });
  }
  // "binding instance" and "binding instances" are one term: asked about once.
  const askedStems = new Set(scope.definitions.slice(0, 2).map((d) => stemKey(d.term)));
  for (const term of scope.terms.slice(0, 6)) {
    if (problems.length >= (own ? own + 1 : 3)) break;
    if (askedStems.has(term.stem)) continue;
    const s = scope.sentences.find((x) => x.isStandalone && !usedSentences.has(x.order) && findTerm(x.plain, term));
    if (!s || scope.definitions.some((d) => findTerm(d.term, term))) continue;
    usedSentences.add(s.order);
    askedStems.add(term.stem);
    problems.push({
      prompt: `What is meant by "${term.surface}" in this chapter? Use it in a sentence of your own.`,
      expectedAnswer: s.plain,
      guidance: `Find where "${term.surface}" is used in "${whereIn(s)}" and explain its role there.`,
    });
  }
  for (const o of scope.objectives.slice(0, 5)) {
    if (problems.length >= (own ? own + 3 : 6)) break;
    // Two objectives answered by the same sentences would be one problem asked twice.
    if (o.support.every((s) => usedSentences.has(s.order))) continue;
    for (const s of o.support) usedSentences.add(s.order);
    problems.push({
      prompt: `${o.text}.`,
      expectedAnswer: o.support.map((s) => s.plain).join(' '),
      guidance: `Draw on "${whereIn(o.support[0])}"${o.terms.length ? `; a full answer uses the terms ${o.terms.join(', ')}` : ''}. Write one or two paragraphs.`,
    });
  }
  const picker = new QuestionPicker();
  picker.take(questionCandidates(scope).numbers, 2, (c) => !usedSentences.has(c.source.order));
  for (const n of picker.picked) {
    problems.push({
      prompt: `${n.question.prompt.replace(/^Fill in the blank: /, 'Complete from the chapter: ')}`,
      expectedAnswer: n.question.answer,
      guidance: `The figure is stated in "${whereIn(n.source)}". Say what it measures and why it matters.`,
    });
  }
  const applyObjective = scope.objectives.find((o) => /^Apply\b/.test(o.text));
  const term = (applyObjective && /^Apply (.+?) to\b/.exec(applyObjective.text)?.[1]) || scope.terms[0]?.surface;
  if (applyObjective || term) {
    problems.push({
      prompt: applyObjective
        ? `${applyObjective.text}: describe a situation of your own and show step by step where it applies.`
        : `Apply ${term} to an example of your own: describe the situation and show where ${term} plays a part.`,
      guidance: `There is no single right answer. A good answer names ${term ?? 'the key idea'} explicitly, follows the chapter's description${applyObjective ? ` in "${whereIn(applyObjective.support[0])}"` : ''}, and explains each step.`,
    });
  }
  return { problems };
}
