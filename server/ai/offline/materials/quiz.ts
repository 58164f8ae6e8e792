import type { QuizQuestion } from '@common/materials';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { standaloneProblem } from '@server/ai/shared/standalone';
import { givesAnswerAway } from '@server/ai/shared/answer-leaks';
import {
  definitionQuestions,
  numberQuestions,
  openQuestions,
  termQuestions,
  trueFalseQuestions,
  type QuestionCandidate,
} from './questions';
import { itemProblems } from '@server/ai/shared/item-checks';
import { countableIn } from './distractors';
import type { BookTerm } from './book-terms';
import { fileTermsOf, type MaterialScope } from './scope';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import { TermSiblings } from './term-siblings';
import { legendQuestions } from './legend-questions';
import { orderingQuestions } from './ordering-questions';
import { definitionShortAnswers } from './short-answers';
import { workedResultQuestions } from './worked-results';
import { swappedComparisons } from './swapped-comparisons';

/** A quiz under this many questions is too short to hand out. */
export const minQuizQuestions = 5;

/** A chapter's material drawn on the chapters next to it too (it has too few items of its own). */
export const isCombined = (scope: MaterialScope): boolean => scope.chapterIndex !== undefined && scope.chapters.length > 1;

/**
 * Questions for a chapter: about one per 110 words, at least 10 from 1,500 words on. A chapter combined with its
 * neighbours (it has too few items of its own) asks what it has and is only topped up to the minimum from them: a
 * quiz asked for on one chapter is not a quiz on the next one.
 */
export function quizLength(scope: MaterialScope): number {
  if (scope.chapterIndex === undefined) return Math.min(25, Math.max(12, scope.parts.length * 2 + 4));
  if (isCombined(scope)) return minQuizQuestions;
  return Math.min(15, Math.max(minQuizQuestions, Math.ceil(scope.words / 110)));
}

/** Whole-book questions take turns across chapters, so no chapter crowds out the others. */
function interleave(list: QuestionCandidate[]): QuestionCandidate[] {
  const byChapter = new Map<number, QuestionCandidate[]>();
  for (const c of list) {
    const group = byChapter.get(c.source.chapterIndex) ?? [];
    group.push(c);
    byChapter.set(c.source.chapterIndex, group);
  }
  const groups = [...byChapter.values()];
  const out: QuestionCandidate[] = [];
  for (let round = 0; out.length < list.length; round++) for (const g of groups) if (g[round]) out.push(g[round]);
  return out;
}

/**
 * Terms a cloze may blank: terms of the subject, never a phrase's piece or a verb. "The key idea is to
 * interleave the modular _____ and multiplications" (key "reduction") tests a compound's other half, not a term.
 */
function clozeTerms(scope: MaterialScope, subject: (t: BookTerm) => boolean) {
  // "basic building" (of "basic building block"), "XORing": a phrase's piece or a verb, not a term.
  return scope.terms.filter((t) => !/ing$|(?:^|\s)(?:\p{L}-to-\p{L}|to-\d)/u.test(t.key) && subject(t));
}

/** Terms the book says what they are: concepts of one kind, fit to stand in for one another. */
function definedKeys(scope: MaterialScope): Set<string> {
  return new Set(scope.terms.filter(scope.isDefined).map((t) => t.key));
}

/** All question candidates of a scope, by kind, best first. */
export function questionCandidates(scope: MaterialScope & { workedFrom?: BookSentence[] }) {
  const usage = new Map<string, number>();
  const siblings = new TermSiblings(scope.all, definedKeys(scope));
  const subject = scope.isSubject;
  // Distractors come from the subject's terms only: "classroom" or "committee" is never offered for "permutation".
  const pool = scope.pool.filter(subject);
  const inFileOf = fileTermsOf(scope);
  const bookText = scope.all.map((s) => s.plain).join('\n');
  return {
    definitions: interleave(definitionQuestions(scope.definitions, pool, scope.chapterIndex, usage, inFileOf)),
    numbers: interleave(numberQuestions(scope.sentences, scope.facts, pool)),
    terms: interleave(
      termQuestions(
        scope.sentences,
        clozeTerms(scope, subject),
        pool,
        scope.chapterIndex,
        usage,
        countableIn(bookText),
        inFileOf,
        bookText,
      ),
    ),
    trueFalse: interleave([
      ...trueFalseQuestions(scope.sentences, scope.terms, pool, scope.chapterIndex, usage, siblings),
      // A one-way comparison turned round ("the forward mode is cheaper than the reverse mode") is false for the text's reason.
      ...swappedComparisons(scope.sentences, scope.terms),
    ]),
    open: openQuestions(scope.objectives),
    // A worked example's setting is shown in full with its question: its figures are given, its result is asked.
    worked: workedResultQuestions(scope.workedFrom ?? scope.sentences, scope.all),
  };
}

/**
 * Picks questions so that no sentence, no answer and no prompt is used twice.
 * Each kind gets a share first; what a kind cannot fill goes to the others.
 */
export class QuestionPicker {
  readonly picked: QuestionCandidate[] = [];
  private readonly sentences = new Set<string>();
  private readonly answers = new Set<string>();
  private readonly prompts = new Set<string>();
  /** Keys as printed: two open prompts answered by the same sentences share one key. */
  private readonly keys = new Set<string>();

  take(candidates: QuestionCandidate[], limit: number, filter: (c: QuestionCandidate) => boolean = () => true): number {
    let taken = 0;
    for (const c of candidates) {
      if (taken >= limit) break;
      const sentence = sentenceKey(c.source.text);
      const prompt = sentenceKey(c.question.prompt);
      // The generators avoid leaks already; this is the last word for every material built from candidates.
      const key = sentenceKey(c.question.answer);
      if (!filter(c) || this.prompts.has(prompt) || this.answers.has(c.answerKey) || givesAnswerAway(c.question)) continue;
      // Every item passes the automatic checks (shared/item-checks.ts), and no two items share a key.
      if (itemProblems(c.question).length > 0 || (c.question.type !== 'true-false' && this.keys.has(key))) continue;
      // The statement as printed (a term blanked or swapped) must still stand on its own: seven words, a named subject.
      const statement = /^(?:fill in the blank|true or false)\s*:\s*(.*)$/i.exec(c.question.prompt)?.[1];
      if (statement !== undefined && standaloneProblem(statement.replace(/_{3,}/g, 'X'))) continue;
      // Every item needs its own sentence: "Define a block cipher." beside "Which term does the textbook describe as
      // 'a function bc (p, k) that maps ...'?" prints the model answer of the one as the prompt of the other.
      if (this.sentences.has(sentence)) continue;
      this.sentences.add(sentence);
      this.prompts.add(prompt);
      this.answers.add(c.answerKey);
      if (c.question.type !== 'true-false') this.keys.add(key);
      this.picked.push(c);
      taken++;
    }
    return taken;
  }
}

/**
 * A task or an exam paper states few definitions or facts, but may set a formula's legend, a procedure in order or
 * say what a thing of something is: items of those kinds fill what the others left (a matching of symbols, an
 * ordering of steps, a short answer with a model answer and a rubric). A procedure of a made-up setting (a café's
 * route from counter to till) is the setting's, not the subject's: not asked.
 */
export function fillerCandidates(scope: MaterialScope): QuestionCandidate[][] {
  const subject = scope.sentences.filter((s) => !scope.setting.has(s));
  return [legendQuestions(scope.book, scope.chapters), orderingQuestions(subject), definitionShortAnswers(subject)];
}

/**
 * A quiz, with the chapter each question is drawn from (`chapters`, in the questions' order): a legend line or an
 * ordering of steps is no one sentence of the text, so its chapter is not found by its quoted source. The stored
 * content is the schema's, without `chapters`.
 */
export function buildQuiz(scope: MaterialScope): { questions: QuizQuestion[]; chapters: number[] } {
  const target = quizLength(scope);
  // A task's or a worked example's setting is not the subject: its figures and names are never asked for.
  const { setting } = scope;
  const c = questionCandidates({
    ...scope,
    workedFrom: scope.sentences,
    sentences: scope.sentences.filter((s) => !setting.has(s)),
    definitions: scope.definitions.filter((d) => !setting.has(d.sentence)),
  });
  const picker = new QuestionPicker();
  const openCount = Math.min(c.open.length, target >= 8 ? 2 : 1);
  const closed = target - openCount;
  const fillers = fillerCandidates(scope);
  const pick = (from: (c: QuestionCandidate) => boolean) => {
    const take = (list: QuestionCandidate[], limit: number) => picker.take(list, limit, from);
    take(c.definitions, Math.round(closed * 0.3) - count(c.definitions));
    // A worked example's result tests the method the example teaches: it has a share of its own.
    take(c.worked, Math.round(closed * 0.2) - count(c.worked));
    take(c.numbers, Math.round(closed * 0.25) - count(c.numbers));
    take(c.trueFalse, Math.round(closed * 0.2) - count(c.trueFalse));
    take(c.terms, closed - closedCount());
    // A chapter short of one kind fills up from the others.
    for (const list of [c.trueFalse, c.numbers, c.definitions, c.terms, c.worked]) take(list, closed - closedCount());
    for (const list of fillers) take(list, closed - closedCount());
    take(c.open, openCount + Math.max(0, closed - closedCount()) - count(c.open));
    // An open question whose sentences a closed item already quotes is not asked: its place goes to a closed item left over.
    for (const list of [c.trueFalse, c.numbers, c.definitions, c.terms, c.worked, ...fillers]) take(list, target - picker.picked.length);
  };
  const count = (list: QuestionCandidate[]) => picker.picked.filter((p) => list.includes(p)).length;
  const closedCount = () => picker.picked.filter((p) => p.kind !== 'open').length;
  // A chapter combined with its neighbours asks its own items first; theirs only fill what it cannot.
  const own = scope.chapterIndex;
  if (isCombined(scope)) pick((q) => q.source.chapterIndex === own);
  pick(() => true);
  const closedPicked = picker.picked.filter((p) => p.kind !== 'open').sort((a, b) => a.source.order - b.source.order);
  const open = picker.picked.filter((p) => p.kind === 'open');
  const picked = [...closedPicked, ...open];
  return { questions: picked.map((p) => p.question), chapters: picked.map((p) => p.source.chapterIndex) };
}
