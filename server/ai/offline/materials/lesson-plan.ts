import type { LessonPlanContent } from '@common/materials';
import { questionCandidates, QuestionPicker } from './quiz';
import { distinctTerms } from './book-terms';
import type { MaterialScope } from './scope';
import { chapterTasks, taskPlace } from './chapter-exercises';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { isCourseLogistics } from '@server/ai/shared/item-checks';

const firstSentence = (text: string) => fastSentences(text)[0] ?? text;

const figurePattern = /\b(?:Figure|Fig\.|Table|Listing)\s+\d+/g;

/**
 * The author speaking of their own course ("In lecture I don't spend much time on ...", "I'll skip the proof"): true of
 * the notes, not a point of the subject to present.
 */
const authorAside = (text: string) =>
  /(?:^|[\s(])I(?:['’](?:m|ll|ve|d))?\s/.test(text) || /\b(?:in (?:lecture|class)|this (?:course|semester|term))\b/i.test(text);

/**
 * A task set to the reader ("Find the angle between ...", "Prove |a| = ...", "Calculate ..."): what students do with
 * a part, not what it says. Exercise marks before it ("★[O]", "(2)", "a)") are passed over.
 */
const isTask = (text: string) =>
  /^(?:[^\p{L}\p{N}]*\[?\p{Lu}?\]?\s*)?(?:\(?\p{N}{1,2}[.)]\s*|\p{Ll}\)\s*)?(?:find|prove|show|calculate|compute|determine|derive|solve|verify|evaluate|sketch|draw|simplify|express)\b/iu.test(
    text.trim(),
  );

/**
 * The sentence that best states what a part is about: one that reads on its own, names the part's
 * subject or says what something is, and is not an instruction ("Exercise for self-study: ...").
 */
function keyPoint(title: string, sentences: MaterialScope['parts'][number]['sentences']): string {
  const words = (title.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/s$/, ''));
  const score = (s: (typeof sentences)[number], i: number) =>
    (s.isStandalone ? 2 : 0) +
    words.filter((w) => s.plain.toLowerCase().includes(w)).length +
    (/\b(?:is|are)\s+(?:an?|the)\b|\b(?:means|refers to)\b/.test(s.plain) ? 1 : 0) -
    (/^(?:exercise|note that|remember|see|try|consider)\b/i.test(s.plain) || isTask(s.plain) ? 3 : 0) -
    (authorAside(s.plain) || isCourseLogistics(s.plain) ? 4 : 0) -
    i / (sentences.length * 2);
  return sentences.map((s, i) => ({ s, v: score(s, i) })).sort((a, b) => b.v - a.v)[0].s.plain;
}

/**
 * A timed lesson built from the chapter: objectives from its sections and
 * terms; a warm-up on its key terms; one presentation block per section
 * (or per chapter for the whole book) with the section's key point; guided
 * practice on questions made from it; discussion of an objective; an exit
 * ticket. The activities' minutes add up to the duration.
 */
export function buildLessonPlan(scope: MaterialScope): LessonPlanContent {
  const durationMinutes = scope.chapterIndex === undefined ? 90 : 50;
  const objectives = scope.objectives.slice(0, 5).map((o) => o.text);
  const terms = distinctTerms(scope.terms, 5).map((t) => t.surface);
  const c = questionCandidates(scope);
  const picker = new QuestionPicker();
  picker.take(c.definitions, 1);
  picker.take(c.terms, 3 - picker.picked.length);
  picker.take(c.numbers, 3 - picker.picked.length);
  const practice = picker.picked.map((p) => p.question);
  const [discussion, exit] = [scope.objectives[0], scope.objectives[1] ?? scope.objectives[0]];
  // The chapter's own worked examples and exercises: the lesson works through them rather than invent tasks.
  const tasks = chapterTasks(scope.book, scope.chapterIndex);
  const example = tasks.find((t) => t.kind === 'example');
  const exercises = tasks.filter((t) => t.kind === 'exercise').slice(0, 2);

  const fixed = [
    {
      minutes: 5,
      title: 'Warm-up',
      description: terms.length
        ? `Ask students what they already know about ${terms.slice(0, 3).join(', ')}; write their ideas on the board to revisit at the end.`
        : `Ask students what they already know about ${scope.title}.`,
    },
    ...(example
      ? [
          {
            minutes: 8,
            title: `Worked example: ${example.label}`,
            description: `Work through ${taskPlace(example)} at the board, asking the class for each step: "${firstSentence(example.text)}"`,
          },
        ]
      : []),
    ...(exercises.length
      ? [
          {
            minutes: 10,
            title: 'Guided practice',
            description: `In pairs, students attempt ${exercises.map((t) => `${taskPlace(t)}: "${firstSentence(t.text)}"`).join(' and ')}. Walk around, then take one solution to the board.`,
          },
        ]
      : practice.length
        ? [
            {
              minutes: 10,
              title: 'Guided practice',
              description: `In pairs, students answer: ${practice.map((q, i) => `(${i + 1}) ${q.prompt}`).join(' ')} Go over the answers together, pointing to the sentence in the text each comes from.`,
            },
          ]
        : []),
    // A worked example takes the discussion's place, so the sections keep their presentation time.
    ...(discussion && !example
      ? [
          {
            minutes: 7,
            title: 'Discussion',
            description: `${discussion.text}. Students compare their explanations with the text: "${discussion.support[0].plain}"`,
          },
        ]
      : []),
    {
      minutes: 5,
      title: 'Exit ticket',
      description: exit
        ? `Each student writes a short answer: ${exit.text}.`
        : `Each student writes the most important idea of ${scope.title} in one sentence.`,
    },
  ];
  // Every section of the chapter is presented, in its order (at least three minutes each): the lesson follows the chapter.
  const parts = scope.parts.slice(0, 8);
  const presentMinutes = durationMinutes - fixed.reduce((n, a) => n + a.minutes, 0);
  const presentations = parts.map((p, i) => ({
    minutes: Math.floor(presentMinutes / parts.length) + (i < presentMinutes % parts.length ? 1 : 0),
    // The chapter's opening text sits under the chapter's own title.
    title:
      i === 0 && p.sentences.every((s) => !s.sectionTitle) && (scope.chapterIndex !== undefined || scope.book.chapters.length === 1)
        ? `Introduce: ${p.title}`
        : `Present: ${p.title}`,
    description: `Key point: ${keyPoint(p.title, p.sentences)}`,
  }));
  const activities = [fixed[0], ...presentations, ...fixed.slice(1)].filter((a) => a.minutes > 0);

  const partTitles =
    scope.chapterIndex === undefined && scope.book.chapters.length > 1
      ? scope.book.chapters.map((ch) => ch.title)
      : (scope.book.chapters[scope.chapterIndex ?? 0]?.sections ?? []).map((sec) => sec.title);
  const figures = [...new Set(scope.sentences.flatMap((s) => s.text.match(figurePattern) ?? []))].slice(0, 4);
  const materials = [
    scope.chapterIndex === undefined ? `The textbook "${scope.title}"` : `Textbook chapter: ${scope.title}`,
    ...(partTitles.length > 1
      ? [`${scope.chapterIndex === undefined && scope.book.chapters.length > 1 ? 'Chapters' : 'Sections'}: ${partTitles.join(', ')}`]
      : []),
    ...(terms.length ? [`Key terms handout: ${terms.join(', ')}`] : []),
    ...figures.map((f) => `${f}, as referenced in the text`),
    ...tasks.slice(0, 4).map((t) => `${taskPlace(t)}, from the chapter`),
  ];
  const assessment = [
    ...(exit ? [`Exit ticket: ${exit.text}. A good answer draws on: "${exit.support[0].plain}"`] : []),
    ...practice.slice(0, 2).map((q) => `Check for understanding: ${q.prompt} (answer: ${q.answer})`),
    ...(discussion ? [`Listen during the discussion for the terms ${discussion.terms.join(', ') || terms.slice(0, 3).join(', ')}.`] : []),
  ];
  return {
    objectives: objectives.length ? objectives : [`Summarize the main ideas of ${scope.title}`],
    durationMinutes,
    activities,
    materials,
    assessment: assessment.length ? assessment : [`Ask each student to summarize ${scope.title} in two sentences.`],
  };
}
