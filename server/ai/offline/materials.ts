import { materialContentSchemas, materialTypeLabels, type MaterialContentType } from '@common/materials';
import { AppError } from '@server/core/app-error';
import { detectLanguage, languageName, writesApparatusIn } from '@server/core/nlp/language';
import type { GeneratedMaterial, GenerateMaterialInput } from '../engine';
import { buildAssessment } from './materials/assessment';
import { buildHomework } from './materials/homework';
import { buildLessonPlan } from './materials/lesson-plan';
import { bookSentences, chapterText } from '../shared/book-sentences';
import { buildQuiz, isCombined, minQuizQuestions, quizLength } from './materials/quiz';
import { isCourseLogistics } from '@server/ai/shared/item-checks';
import { buildScope, teachingChapters, type MaterialScope } from './materials/scope';
import { settingTitle } from './materials/setting-parts';
import { bookBasis } from './materials/book-basis';

const builders: Record<MaterialContentType, (scope: MaterialScope) => unknown> = {
  quiz: buildQuiz,
  assessment: buildAssessment,
  lessonPlan: buildLessonPlan,
  homework: buildHomework,
};

/** "the chapter "A"", "the chapters "A" and "B"": where a material is drawn from. */
function whereOf(scope: MaterialScope, included: number[]): string {
  const chapters = scope.book.chapters.length;
  if (scope.chapterIndex === undefined) return `the whole textbook (${chapters} ${chapters === 1 ? 'chapter' : 'chapters'})`;
  const titles = included.map((i) => `"${scope.book.chapters[i].title}"`);
  // A handout of short tasks combined as a whole is named as such, not chapter by chapter.
  if (included.length > 3 && included.length === chapters)
    return `all ${chapters} chapters of the textbook, from ${titles[0]} to ${titles[titles.length - 1]}`;
  return titles.length === 1
    ? `the chapter ${titles[0]}`
    : `the chapters ${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;
}

/**
 * A material's title names what it covers: "Quiz: Residuals", and a chapter combined with its neighbours by the first
 * and last of them ("Quiz: Introduction – Probability", with the chapters' numbers when more than two).
 */
export function materialTitle(label: string, scope: MaterialScope, included: number[]): string {
  if (scope.chapterIndex === undefined) return `${label}: ${scope.title} (whole book)`;
  // The chapters it draws sentences from (an empty chapter between them adds nothing to name).
  const covered = included.filter((i) => scope.sentences.some((s) => s.chapterIndex === i));
  if (covered.length < 2) return `${label}: ${scope.title}`;
  const [first, last] = [covered[0], covered[covered.length - 1]];
  const span = `${scope.book.chapters[first].title} – ${scope.book.chapters[last].title}`;
  return last - first === 1 ? `${label}: ${span}` : `${label}: ${span} (chapters ${first + 1}–${last + 1})`;
}

/**
 * How many of a combined quiz's questions are on the chapter asked for (`chapters`: each question's chapter, from the
 * quiz builder): its own come first and the chapters next to it only top it up, so the instructor sees at once what of
 * the quiz is the chapter's.
 */
function ownShare(chapters: number[], scope: MaterialScope): string {
  const own = chapters.filter((c) => c === scope.chapterIndex).length;
  const n = chapters.length;
  if (own === n) return '';
  if (own === 0)
    return n === 1
      ? ` The question is not on "${scope.title}" itself: it comes from the chapters next to it.`
      : ` None of the ${n} questions is on "${scope.title}" itself: all come from the chapters next to it.`;
  return ` ${own} of the ${n} questions ${own === 1 ? 'is' : 'are'} on "${scope.title}" itself; the other ${n - own} come${n - own === 1 ? 's' : ''} from the chapters next to it.`;
}

/** The chapters of `included` a combined quiz's questions are drawn from, with the chapter asked for. */
function itemChapters(chapters: number[], scope: MaterialScope, included: number[]): number[] {
  if (scope.chapterIndex === undefined || included.length < 2) return included;
  const from = new Set<number>([scope.chapterIndex, ...chapters]);
  return included.filter((i) => from.has(i));
}

function describe(
  contentType: MaterialContentType,
  content: unknown,
  scope: MaterialScope,
  included: number[],
  notes: string[],
  chapters: number[],
): string {
  const where = whereOf(scope, included);
  const note = notes.length ? ` ${notes.join(' ')}` : '';
  switch (contentType) {
    case 'quiz': {
      const { questions } = content as { questions: Array<{ source: string }> };
      const n = questions.length;
      const aimed = quizLength(scope);
      const combined = isCombined(scope);
      // The count delivered is stated, and why it is short of the aim (fewer, with the reason).
      const short =
        n >= aimed
          ? ''
          : combined
            ? ` That is fewer than the ${aimed} a quiz should have: only ${n} ${n === 1 ? 'sentence of these chapters makes a question' : 'sentences of these chapters make questions'} with one right answer.`
            : ` That is fewer than the ${aimed} a text of this length would take: only ${n} of its sentences ${n === 1 ? 'makes a question' : 'make questions'} with one right answer.`;
      return `${n} ${n === 1 ? 'question' : 'questions'} on ${where}, each built from a sentence of the text and quoting it as its source.${short}${note}${combined ? ownShare(chapters, scope) : ''}`;
    }
    case 'assessment': {
      const a = content as { items: unknown[]; totalPoints: number };
      return `${a.items.length} ${a.items.length === 1 ? 'item' : 'items'} on ${where} worth ${a.totalPoints} points, with a rubric for each open question.${note}`;
    }
    case 'lessonPlan': {
      const l = content as { durationMinutes: number; activities: unknown[] };
      return `A ${l.durationMinutes}-minute lesson on ${where} in ${l.activities.length} timed activities.${note}`;
    }
    case 'homework':
      return `${(content as { problems: unknown[] }).problems.length} problems on ${where}, with guidance and expected answers.${note}`;
  }
}

/** "a quiz", "an assessment". */
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

/**
 * At most this many chapters are combined into one material, or more while together they stay under
 * `combinedWords`: a handout of short tasks combines as far as its material takes, a book of long
 * chapters no further than four.
 */
const maxCombined = 4;
const combinedWords = 2000;

/** A chapter of this many words is not "too short": what it lacks is sentences a question can be built on. */
const longChapterWords = 500;

/**
 * Why a chapter was combined with its neighbours: too few words, or (a long chapter) too few
 * sentences that define a term or state a fact with one right answer, said as such.
 */
export function combinedNote(
  title: string,
  label: string,
  alone: { scope: MaterialScope; checked?: { success: boolean; data?: unknown } },
): string {
  const { words } = alone.scope;
  if (words < longChapterWords)
    return `"${title}" alone is too short for ${withArticle(label)}, so it is combined with the chapters next to it.`;
  const made = alone.checked?.success ? ((alone.checked.data as { questions?: unknown[] }).questions?.length ?? 0) : 0;
  // "only 1 of its sentences defines", "none of its sentences define", "only 2 of its sentences define".
  const which =
    made === 0 ? 'none of its sentences define' : made === 1 ? 'only 1 of its sentences defines' : `only ${made} of its sentences define`;
  const states = made === 1 ? 'states' : 'state';
  return `"${title}" has ${words.toLocaleString('en-US')} words, but ${which} a term or ${states} a fact with one right answer (the rest are worked examples, formulas, settings or discussion), so it is combined with the chapters next to it.`;
}

/** Two in five sentences or more about grades, due dates, hand-ins or course tools: a syllabus, not teaching text. */
function readsAsLogistics(sentences: ReadonlyArray<{ plain: string }>): boolean {
  const n = sentences.filter((s) => isCourseLogistics(s.plain)).length;
  return n >= 3 && n * 5 >= sentences.length * 2;
}

/**
 * Offline materials: built from the textbook's own sentences, key
 * terms, definitions and figures, never from outside knowledge. A request on front matter or
 * logistics (a title page, a syllabus) is answered on the next chapter that teaches; a chapter too
 * short for the material is combined with its neighbours, and the description says so; a chapter
 * without prose (code, a table, a list) is refused with a clear 422.
 * Synchronous CPU work (seconds on a long chapter): the engine runs it in a
 * worker thread (worker/engine-worker.ts, through operations.ts), never on the request thread.
 */
export function buildMaterial(input: GenerateMaterialInput): GeneratedMaterial {
  const label = materialTypeLabels[input.contentType];
  // Questions, rubrics and activities are written from English templates: over a German or French text they would be
  // English boilerplate around the book's sentences, so the material is refused and the reason given.
  const language = input.book.language ?? detectLanguage(chapterText(input.book));
  if (!writesApparatusIn(language))
    throw new AppError(
      'UNPROCESSABLE',
      `This textbook is in ${languageName(language!)}, and the offline engine writes ${withArticle(label.toLowerCase())}'s questions and instructions only in English, which would sit around ${languageName(language!)} sentences. Write this ${label.toLowerCase()} yourself, or, if the book's language was detected wrongly, correct it under Share.`,
    );
  const teaching = teachingChapters(input.book);
  const tests = input.contentType === 'quiz' || input.contentType === 'assessment';
  // A syllabus is refused as a whole, whichever of its chapters is asked for: its "Community" chapter is logistics too.
  if (tests && readsAsLogistics(bookSentences(input.book).filter((s) => teaching.includes(s.chapterIndex))))
    throw new AppError(
      'UNPROCESSABLE',
      `This textbook reads as course logistics (grading, deadlines, submissions, policies): its sentences say how the course runs, not what it teaches, so there is nothing to test. Choose a chapter that explains the subject, or add one.`,
    );
  const notes: string[] = [];
  let chapterIndex = input.chapterIndex;
  // The chapter asked for, when it was front matter or logistics and the material moved to one that teaches.
  let redirectedFrom: number | undefined;
  if (chapterIndex !== undefined && !teaching.includes(chapterIndex)) {
    const next = teaching.find((i) => i > chapterIndex!) ?? [...teaching].reverse().find((i) => i < chapterIndex!);
    if (next !== undefined) {
      notes.push(
        `"${input.book.chapters[chapterIndex].title}" is front matter or course logistics, which teaches nothing to test: this ${label.toLowerCase()} is on the next chapter that teaches, "${input.book.chapters[next].title}".`,
      );
      redirectedFrom = chapterIndex;
      chapterIndex = next;
    }
  }
  const schema = materialContentSchemas[input.contentType];
  // The book as a whole is read once; each step of combining a chapter with its neighbours only narrows to the chapters included.
  const basis = bookBasis(input.book);
  const build = (included?: number[]) => {
    const scope = buildScope(input.book, chapterIndex, included, basis);
    if (scope.sentences.length === 0) return { scope, checked: undefined, chapters: [], enough: false };
    // A syllabus's grading, deadlines and policies are true statements, but none is worth testing.
    if (tests && readsAsLogistics(scope.sentences)) return { scope, checked: undefined, chapters: [], enough: false, logistics: true };
    const built = builders[input.contentType](scope);
    const checked = schema.safeParse(built);
    const count = input.contentType === 'quiz' && checked.success ? (checked.data as { questions: unknown[] }).questions.length : Infinity;
    // Each quiz question's chapter, as the builder drew it (the schema's content does not carry it).
    const chapters = input.contentType === 'quiz' ? (built as { chapters: number[] }).chapters : [];
    return { scope, checked, chapters, enough: checked.success && count >= Math.min(minQuizQuestions, quizLength(scope)) };
  };
  let included = chapterIndex === undefined ? teaching : [chapterIndex];
  let result = build(chapterIndex === undefined ? undefined : included);
  const alone = result;
  if (!result.checked) {
    // A chapter of logistics asked for is refused by the chapter its material moved to: the refusal says so first.
    const moved = redirectedFrom === undefined ? '' : `${notes[0]} `;
    const where = `${moved}${chapterIndex === undefined ? 'This textbook' : `The chapter "${result.scope.title}"`}`;
    if ('logistics' in result)
      throw new AppError(
        'UNPROCESSABLE',
        `${where} reads as course logistics (grading, deadlines, submissions, policies): its sentences say how the course runs, not what it teaches, so there is nothing to test. Choose a chapter that explains the subject, or add one.`,
      );
    // An empty chapter and one of code, a table or a list of dates are told apart: the second has content, but no prose to ask about.
    throw new AppError(
      'UNPROCESSABLE',
      chapterText(input.book, chapterIndex).trim()
        ? `${where} has no sentences of prose (only code, a table, a list or figures), so there is nothing to build ${withArticle(label.toLowerCase())} from. Choose a chapter with text, or add an explanation to this one.`
        : `${where} has no text to build ${withArticle(label.toLowerCase())} from yet. Add or expand its content first.`,
    );
  }
  // A chapter too short on its own is combined with its neighbours (the next, then the previous, in reading order) rather than refused.
  if (chapterIndex !== undefined) {
    // Only chapters of the same file: a paper's acknowledgments combined with the statistics notes after them
    // would be quizzed on sampling.
    const own = basis.chapterFiles[chapterIndex];
    const neighbours = teaching.filter((i) => own === undefined || basis.chapterFiles[i] === undefined || basis.chapterFiles[i] === own);
    let [lo, hi] = [chapterIndex, chapterIndex];
    while (!result.enough && (hi - lo + 1 < maxCombined || result.scope.words < combinedWords)) {
      const n = [hi + 1, lo - 1].find((i) => neighbours.includes(i));
      if (n === undefined) break;
      [lo, hi] = [Math.min(lo, n), Math.max(hi, n)];
      const wider = neighbours.filter((i) => i >= lo && i <= hi);
      const next = build(wider);
      if (next.checked?.success) {
        included = wider;
        result = next;
      }
    }
  }
  let { scope, checked, chapters } = result;
  if (!checked?.success) {
    const where = scope.chapterIndex === undefined ? 'this textbook' : `the chapter "${scope.title}"`;
    // A worked example or a task states a made-up setting, not facts of the subject: a quiz on it would test the story.
    const settings = scope.setting;
    const setting =
      scope.chapterIndex !== undefined &&
      (settingTitle.test(scope.title) || (scope.sentences.length > 0 && scope.sentences.every((s) => settings.has(s))));
    throw new AppError(
      'UNPROCESSABLE',
      setting && input.contentType === 'quiz'
        ? `The chapter "${scope.title}" sets a worked example or a task: its figures and names are the setting's, not facts to test, and its neighbours add too few. A homework on it fits better, or choose a chapter that explains the subject.`
        : redirectedFrom !== undefined
          ? `"${input.book.chapters[redirectedFrom].title}" is front matter or course logistics, which teaches nothing to test, and the chapters that teach are too short for ${withArticle(label.toLowerCase())}. Choose a chapter that explains the subject, or add one.`
          : input.contentType === 'quiz' && scope.words >= longChapterWords
            ? // Words enough, but no sentence a question with one right answer can be built on: said as such, not "too short".
              `${where[0].toUpperCase()}${where.slice(1)} has ${scope.words.toLocaleString('en-US')} words, but none of its sentences defines a term or states a fact with one right answer (the rest are worked examples, code, lists, formulas or discussion), so no quiz is made from it. Write its questions yourself, or choose a chapter that explains the subject.`
            : `There is not enough text in ${where} to build ${withArticle(label.toLowerCase())}. Add or expand its content first.`,
    );
  }
  // A combined quiz names the chapters its questions come from (and the one asked for), not every chapter tried.
  if (input.contentType === 'quiz') included = itemChapters(chapters, scope, included);
  // Neighbours tried that gave none of the questions: the quiz is the chapter's own, as it reads alone, and says nothing of them.
  if (chapterIndex !== undefined && included.length === 1 && scope.chapters.length > 1 && alone.checked?.success)
    ({ scope, checked, chapters } = alone);
  if (chapterIndex !== undefined && included.length > 1)
    notes.push(combinedNote(input.book.chapters[chapterIndex].title, label.toLowerCase(), alone));
  return {
    title: materialTitle(label, scope, included),
    description: describe(input.contentType, checked.data, scope, included, notes, chapters),
    contentType: input.contentType,
    chapterTitle: scope.chapterIndex === undefined ? undefined : scope.title,
    content: checked.data,
  };
}
