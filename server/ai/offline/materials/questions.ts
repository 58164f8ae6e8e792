import type { QuizQuestion } from '@common/materials';
import { inCasingOf, mentions, neutralArticle, spliceWithArticle } from '@server/ai/shared/answer-leaks';
import { findNumbers, type Definition, type NumberFact } from './book-facts';
import type { BookSentence } from '@server/ai/shared/book-sentences';
import { escapeRegExp, findTerm, stemKey, type BookTerm } from './book-terms';
import { arrangeOptions, numberDistractors, objectsOfVerbBefore, saidOfOthers, seedOf, termDistractors } from './distractors';
import type { ScopedObjective } from './objectives';
import { itemProblems } from '@server/ai/shared/item-checks';
import type { TermSiblings } from './term-siblings';

/** A question and what it was made from, so a quiz can avoid using a sentence or an answer twice. */

/**
 * In a book made of several files, the terms of the file a chapter comes from (undefined: any term): a sentence's options
 * come from its own file, so a vectors blank is never offered "library" or "sequence" from the other files of the book.
 */
export type FileTerms = (chapterIndex: number) => ((t: BookTerm) => boolean) | undefined;

const both = (a?: (t: BookTerm) => boolean, b?: (t: BookTerm) => boolean) => (a && b ? (t: BookTerm) => a(t) && b(t) : (a ?? b));

export interface QuestionCandidate {
  question: QuizQuestion;
  source: BookSentence;
  /** The tested answer, normalised: one question per answer. */
  answerKey: string;
  /**
   * 'legend': a formula's symbol and what it stands for; 'ordering': a procedure's steps in the text's order; 'worked': a
   * worked example's question with its setting, keyed by the result the text works out.
   */
  kind: 'definition' | 'number' | 'term' | 'true-false' | 'open' | 'legend' | 'ordering' | 'worked';
}

export const blank = '_____';

export function whereIn(s: Pick<BookSentence, 'chapterTitle' | 'sectionTitle'>): string {
  return s.sectionTitle ? `${s.chapterTitle} - ${s.sectionTitle}` : s.chapterTitle;
}

function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The sentence with the term's first use cut out, or null when the term is not in it. */
function withoutTerm(text: string, term: BookTerm): { index: number; written: string; rest: string } | null {
  const found = findTerm(text, term);
  return found && { ...found, rest: text.slice(0, found.index) + blank + text.slice(found.index + found.written.length) };
}

/** The term is used once: no second use, plural, other case or inflection of it elsewhere in the sentence. */
function usedOnce(text: string, term: BookTerm): boolean {
  const cut = withoutTerm(text, term);
  return !!cut && !mentions(cut.rest, term.key) && !mentions(cut.rest, term.surface);
}

/** A section or chapter that sets a worked example or a task: its figures and nouns are the setting's, chosen freely. */
const settingTitle = /^(?:(?:worked )?example|task|exercise|problem|a problem|case study|activity)\b/i;
const inSetting = (s: BookSentence) => settingTitle.test(s.sectionTitle ?? '') || settingTitle.test(s.chapterTitle);

/** A sentence that reads on its own and states something of the subject, not of a made-up setting ("A small museum has 4 paintings"). */
const fitsAQuestion = (s: BookSentence) => s.isStandalone && !s.plain.endsWith('?') && s.plain.split(' ').length <= 45 && !inSetting(s);

/** The term written as a reader would see it mid-sentence. */
function displayForm(written: string, term?: BookTerm): string {
  if (term?.isProper) return term.surface;
  return /^\p{Lu}\p{Ll}/u.test(written) && !/\p{Lu}/u.test(written.slice(1)) ? written[0].toLowerCase() + written.slice(1) : written;
}

function choiceOrShortAnswer(
  prompt: string,
  answer: string,
  distractors: string[],
  seed: number,
): Pick<QuizQuestion, 'type' | 'prompt' | 'options' | 'answer'> {
  // Two distractors at least: with one, guessing is a coin toss and the question tests nothing. A one-word name
  // ("MSP430", "PRESENT", "Karatsuba") is asked for, not chosen: other names of a book are of too many kinds to be plausible.
  if (distractors.length >= 2 && !/^\S*\p{Lu}\S*$/u.test(answer))
    return { type: 'multiple-choice', prompt, options: arrangeOptions(answer, distractors, seed), answer };
  return { type: 'short-answer', prompt, answer };
}

/** "Which term does the textbook describe as ...?" from the book's own definitions. */
export function definitionQuestions(
  definitions: Definition[],
  terms: readonly BookTerm[],
  chapterIndex?: number,
  usage?: Map<string, number>,
  inFileOf?: FileTerms,
): QuestionCandidate[] {
  const definitionTerms = new Set(definitions.map((d) => stemKey(d.term)));
  // "A trace tree is a tree of trace fragments ...": a definition that names its own term asks nothing.
  return (
    definitions
      // "function f": a term with a variable in it names a formula's symbol, not a concept.
      .filter((d) => !mentions(d.definition, d.term) && !/(?:^|\s)\p{L}(?:\s|$)/u.test(d.term.trim()))
      .map((d) => {
        const stem = stemKey(d.term);
        const known = terms.find((t) => t.stem === stem);
        const answer = displayForm(d.term, known);
        const isProper = known?.isProper ?? /\p{Lu}/u.test(d.term.slice(1));
        const seed = seedOf(d.sentence.text);
        // Other defined terms make the best distractors: they are of the same kind by construction.
        const pool = [...terms].sort((a, b) => Number(definitionTerms.has(b.stem)) - Number(definitionTerms.has(a.stem)));
        const distractors = termDistractors({ stem, isProper, isPlural: d.isPlural, words: d.term.split(' ').length }, pool, {
          exclude: d.sentence.plain,
          chapterIndex,
          seed,
          count: 3,
          usage,
          accept: inFileOf?.(d.sentence.chapterIndex),
        }).map((t) => t.surface);
        const prompt = `Which term does the textbook describe as "${d.definition}"?`;
        return {
          question: {
            ...choiceOrShortAnswer(prompt, answer, distractors, seed),
            explanation: `In "${whereIn(d.sentence)}", the textbook defines ${answer} as ${d.definition}.`,
            source: d.sentence.text,
          },
          source: d.sentence,
          answerKey: stem,
          kind: 'definition',
        };
      })
  );
}

/** Fill-in-the-number questions from stated quantities, with other numbers of the same kind as options. */
export function numberQuestions(
  scope: BookSentence[],
  allFacts: readonly NumberFact[],
  terms: readonly BookTerm[] = [],
): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  // A figure is a fact of the subject when its sentence names a term of the book; "On average a repair
  // takes around 6 minutes" is a setting's parameter, chosen freely (an estimate of a made-up case).
  for (const s of scope) {
    if (!fitsAQuestion(s) || (terms.length > 0 && !terms.some((t) => findTerm(s.plain, t)))) continue;
    for (const fact of findNumbers(s)) {
      if (fact.kind === 'count') continue;
      if (
        /\b(?:around|roughly|approximately|about|on average|between)\s+(?:\S+\s+)?$/i.test(
          s.plain.slice(Math.max(0, fact.index - 24), fact.index),
        )
      )
        continue;
      const blanked = `${s.plain.slice(0, fact.index)}${blank}${s.plain.slice(fact.index + fact.value.length)}`;
      // "_____ ms on one benchmark and 39 ms on another": the figure printed again gives it away; try the sentence's next figure.
      if (mentions(blanked, fact.value)) continue;
      const distractors = numberDistractors(fact, allFacts, 3, blanked);
      if (distractors.length < 2) continue;
      const prompt = `Fill in the blank: ${blanked}`;
      const others = distractors.map((d) => d.value);
      out.push({
        question: {
          type: 'multiple-choice',
          prompt,
          options: arrangeOptions(fact.value, others, seedOf(s.text + fact.value)),
          answer: fact.value,
          explanation: `The textbook gives ${fact.value} here ("${whereIn(s)}"); ${list(others)} are figures it states in other places.`,
          source: s.text,
        },
        source: s,
        answerKey: `${fact.kind}=${fact.value}`,
        kind: 'number',
      });
      break;
    }
  }
  return out;
}

/** Cloze questions: a key term blanked out of a sentence that uses it, other terms of the book as options. */
export function termQuestions(
  scope: BookSentence[],
  scopeTerms: readonly BookTerm[],
  pool: readonly BookTerm[],
  chapterIndex?: number,
  usage?: Map<string, number>,
  countable?: (t: BookTerm) => boolean,
  inFileOf?: FileTerms,
  /** The book's text, for the terms it writes after the verb before a blank. */
  bookText?: string,
): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  for (const term of scopeTerms) {
    // "loop header" inside "outer loop header" would leave "outer _____": the longer term is the one to blank.
    const longer = pool.filter((t) => t.key !== term.key && ` ${t.key} `.includes(` ${term.key} `));
    // One use in the sentence (any form): two blanks for one answer read like a riddle, a second use gives it away.
    const sentences = scope
      .filter(
        (s) =>
          fitsAQuestion(s) &&
          usedOnce(s.plain, term) &&
          !longer.some((t) => findTerm(s.plain, t)) &&
          // A word of a quoted name ("“Hardware and Embedded _____ Security”") is the name's, not the subject's.
          !insideQuotes(s.plain, findTerm(s.plain, term)!.index),
      )
      .sort((a, b) => Math.abs(a.plain.length - 140) - Math.abs(b.plain.length - 140) || a.order - b.order);
    // The first sentence whose blanked form passes the item checks: a term is not lost because its favourite sentence points back.
    for (const sentence of sentences) {
      const blanked = neutralArticle(withoutTerm(sentence.plain, term)!.rest, blank);
      const probe = { type: 'short-answer' as const, prompt: `Fill in the blank: ${blanked}`, answer: term.surface, source: sentence.text };
      if (itemProblems(probe).length > 0) continue;
      // "long-number _____ library" under the heading "Long-Number Arithmetic": the heading fills the blank.
      const before = /([\p{L}-]+)\s+_{3,}/u.exec(blanked)?.[1];
      const headings = `${sentence.chapterTitle} ${sentence.sectionTitle ?? ''}`.toLowerCase();
      if (before && headings.includes(`${before.toLowerCase()} ${term.key}`)) continue;
      const seed = seedOf(sentence.text + term.key);
      const distractors = termDistractors(term, pool, {
        exclude: sentence.plain,
        chapterIndex,
        seed,
        count: 3,
        usage,
        // After "a(n)" the key is a countable noun: a mass noun ("cryptography") fits the blank worse than the key.
        // After a verb ("implementing _____"), only what the book writes after that verb: the others are told apart by it.
        accept: both(
          both(countable && /\b[Aa]\(n\) _{3,}/.test(blanked) ? countable : undefined, inFileOf?.(sentence.chapterIndex)),
          bookText === undefined ? undefined : objectsOfVerbBefore(blanked, bookText),
        ),
        // "Each _____ operates on the state": a term the book says operates on the state as well is no wrong answer.
        reject: bookText === undefined ? undefined : saidOfOthers(blanked, bookText.split('\n')),
      }).map((t) => t.surface);
      const answer = term.surface;
      const question = choiceOrShortAnswer(`Fill in the blank: ${blanked}`, answer, distractors, seed);
      out.push({
        question: {
          ...question,
          explanation:
            question.type === 'multiple-choice'
              ? `The sentence comes from "${whereIn(sentence)}", where the textbook uses "${answer}"; ${list(distractors)} are terms from other parts of the book.`
              : `The sentence comes from "${whereIn(sentence)}", where the textbook uses "${answer}".`,
          source: sentence.text,
        },
        source: sentence,
        answerKey: term.stem,
        kind: 'term',
      });
      break;
    }
  }
  return out;
}

function insideQuotes(text: string, index: number): boolean {
  const before = text.slice(0, index);
  const count = (re: RegExp) => (before.match(re) ?? []).length;
  return count(/“/g) > count(/”/g) || count(/"/g) % 2 === 1;
}

/**
 * The sentence with one of its terms swapped for another term of the book.
 * The swapped term must be used once (a second use would contradict the
 * swap on sight), and the swap is written in the casing pattern of what it
 * replaces: an all-capitals or oddly capitalised stand-in marks the
 * statement as false without reading it.
 */
function falseStatement(
  text: string,
  terms: readonly BookTerm[],
  pool: readonly BookTerm[],
  opts: { chapterIndex?: number; seed: number; usage?: Map<string, number>; siblings?: TermSiblings; sentenceChapter: number },
) {
  const { siblings, sentenceChapter, ...choose } = opts;
  for (const term of terms) {
    if (!usedOnce(text, term)) continue;
    const found = findTerm(text, term)!;
    // A word inside a quoted name ("the field of “Hardware and Embedded Systems Security”") is the name's, not a claim's.
    if (insideQuotes(text, found.index)) continue;
    const [swap] = termDistractors(term, pool, {
      exclude: text,
      ...choose,
      count: 1,
      swap: true,
      // A sibling from the same chapter: the statement is false for a reason the chapter teaches, never nonsense.
      accept: (t) =>
        inCasingOf(found.written, t.surface, t.isProper) !== null &&
        (!siblings || (siblings.are(term, t) && (t.chapterCounts.get(sentenceChapter) ?? 0) > 0)),
    });
    if (!swap) continue;
    // "A café that sells both hot and hot food": a swap echoing the words just before it reads as nonsense.
    const near = text.slice(Math.max(0, found.index - 30), found.index).toLowerCase();
    if (swap.key.split(' ').some((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`).test(near))) continue;
    const replacement = inCasingOf(found.written, swap.surface, swap.isProper)!;
    return { term, swap, found, statement: spliceWithArticle(text, found.index, found.written.length, replacement) };
  }
  return null;
}

/** True/false statements: the book's sentence as written (true), or with one key term swapped for another (false). */
export function trueFalseQuestions(
  scope: BookSentence[],
  scopeTerms: readonly BookTerm[],
  pool: readonly BookTerm[],
  chapterIndex?: number,
  usage?: Map<string, number>,
  siblings?: TermSiblings,
): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  let makeFalse = true;
  for (const s of scope) {
    if (!fitsAQuestion(s)) continue;
    // Swapping "cycle" inside "Krebs cycle" would make a statement nobody could read; whole terms only.
    const fitting = scopeTerms.filter(
      (t) => findTerm(s.plain, t) && !pool.some((o) => o.key !== t.key && ` ${o.key} `.includes(` ${t.key} `) && findTerm(s.plain, o)),
    );
    const term = fitting[0];
    if (!term) continue;
    const seed = seedOf(s.text);
    if (!makeFalse) {
      out.push({
        question: {
          type: 'true-false',
          prompt: `True or false: ${s.plain}`,
          options: ['True', 'False'],
          answer: 'True',
          explanation: `True: the textbook states this in "${whereIn(s)}".`,
          source: s.text,
        },
        source: s,
        answerKey: `tf:${s.order}`,
        kind: 'true-false',
      });
      makeFalse = true;
      continue;
    }
    const falsified = falseStatement(s.plain, fitting, pool, { chapterIndex, seed, usage, siblings, sentenceChapter: s.chapterIndex });
    if (!falsified) continue;
    const { statement, swap, found } = falsified;
    out.push({
      question: {
        type: 'true-false',
        prompt: `True or false: ${statement}`,
        options: ['True', 'False'],
        answer: 'False',
        explanation: `False: in "${whereIn(s)}" the textbook says ${falsified.term.isProper ? falsified.term.surface : found.written.toLowerCase()}, not ${swap.surface}.`,
        source: s.text,
      },
      source: s,
      answerKey: `tf:${s.order}`,
      kind: 'true-false',
    });
    makeFalse = false;
  }
  return out;
}

/** Short-answer prompts from the objectives, answered by the chapter's own sentences. */
/**
 * "Define power consumption, dummy operations and Chinese Remainder Theorem." whose model answer
 * says nothing of the last: a key that answers part of the prompt is a wrong key. The prompt keeps
 * the objects its model answer speaks of ("Define power consumption and dummy operations."), and is
 * not asked when it speaks of none.
 */
export function answeredPrompt(o: Pick<ScopedObjective, 'text' | 'support'>): string | undefined {
  const m = /^Define\s+(.*?)\.?$/.exec(o.text);
  if (!m) return `${o.text.replace(/\.$/, '')}.`;
  const answer = o.support.map((s) => s.plain).join(' ');
  const objects = m[1].split(/,\s*(?:and\s+)?|\s+and\s+/).filter((x) => x.trim());
  // Kept when the answer says what it is ("A quad is ...", "... is called a quad"), not only where it is the subject.
  const defines = (x: string) => {
    const t = escapeRegExp(x);
    return (
      new RegExp(
        `(?:^|[.!?:]\\s+)(?:an?\\s+|the\\s+)?${t}(?:e?s)?\\s+(?:is|are|refers to|means|denotes)\\s+(?:an?|the|defined|called|known|one|any)\\b`,
        'i',
      ).test(answer) || new RegExp(`\\b(?:called|known as|referred to as|defined as)\\s+(?:an?\\s+|the\\s+)?["“]?${t}`, 'i').test(answer)
    );
  };
  const kept = objects.filter((x) => defines(x.replace(/^(?:the|an?)\s+/i, '').trim()));
  if (!kept.length) return undefined;
  return `Define ${kept.length === 1 ? kept[0] : `${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1]}`}.`;
}

export function openQuestions(objectives: ScopedObjective[]): QuestionCandidate[] {
  // A quiz asks what the text answers in its own sentences: definitions and distinctions. "Compute …
  // (Example 5.2)" or "Prove …" is worked on paper (homework), its model answer is no sentence of the text.
  return objectives
    .filter((o) => /^(?:Define|Distinguish) /.test(o.text) && answeredPrompt(o) !== undefined)
    .map((o) => ({
      question: {
        type: 'short-answer',
        prompt: answeredPrompt(o)!,
        answer: o.support.map((s) => s.plain).join(' '),
        explanation: `A complete answer ${o.terms.length ? `uses the terms ${list(o.terms)} and ` : ''}draws on "${whereIn(o.support[0])}".`,
        source: o.support[0].text,
      },
      source: o.support[0],
      answerKey: `open:${o.text.toLowerCase()}`,
      kind: 'open' as const,
    }));
}
