import type { QuizQuestion } from '@common/materials';
import { lightStem } from '@server/core/nlp';
import { indefiniteArticle } from './phrasing';

/**
 * Guards against questions that give their own answer away: a cloze whose
 * blanked value is printed again later in the prompt ("_____ ms ... 39 ms"),
 * an option that the prompt already spells out, a true/false swap whose
 * casing stands out from the sentence around it.
 */

const numberLike = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:x|×|%)?$|^\d+(?:\.\d+)?(?:x|×|%)?$/;
const numberToken = /(?<![\p{L}\p{N}.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)/gu;

const units =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "thirty-nine", "twelve", "hundred": numbers a sentence spells out in words. */
function spelledNumbers(text: string): number[] {
  const out: number[] = [];
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    const u = units.indexOf(words[i]);
    const t = tens.indexOf(words[i]);
    if (u >= 0) out.push(u);
    else if (t >= 2) {
      const next = units.indexOf(words[i + 1] ?? '');
      out.push(t * 10);
      if (next > 0 && next < 10) out.push(t * 10 + next);
    } else if (words[i] === 'hundred') out.push(100);
    else if (words[i] === 'thousand') out.push(1000);
  }
  return out;
}

/** Every quantity a text states, as numbers: "3,900" and "3900" and "39%" and "39x" all count by value. */
export function numbersIn(text: string): number[] {
  const digits = [...text.matchAll(numberToken)].map((m) => Number(m[1].replace(/,/g, ''))).filter((n) => Number.isFinite(n));
  return [...digits, ...spelledNumbers(text)];
}

const magnitudeOf = (value: string) => Number(value.replace(/[,x×%]/g, ''));

/** Lowercased, lightly stemmed words: "Trace Trees" and "trace tree" read alike. */
export function stemsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => lightStem(w));
}

function hasSequence(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) if (needle.every((w, j) => haystack[i + j] === w)) return true;
  return false;
}

/**
 * True when the text already says the value: the same number in any
 * formatting or unit ("39", "39%", "39x", "thirty-nine"), or the same phrase
 * in any case, in the plural or another inflection, or inside a longer
 * word ("trace" in "traces", "code" in "bytecode").
 */
export function mentions(text: string, value: string): boolean {
  const v = value.trim();
  if (!v) return false;
  if (numberLike.test(v)) return numbersIn(text).includes(magnitudeOf(v));
  // Any substring, as a reader scanning the prompt would see it: "code" is given away by "bytecode".
  if (text.toLowerCase().includes(v.toLowerCase())) return true;
  return hasSequence(stemsOf(text), stemsOf(v));
}

/** The part of a prompt that comes from the book, without the question's frame. */
export function promptBody(prompt: string): string {
  const definition = /^Which term does the textbook describe as "([\s\S]*)"\?$/.exec(prompt);
  if (definition) return definition[1];
  return prompt.replace(/^(?:Fill in the blank|True or false|Complete from the chapter):\s*/, '');
}

/**
 * True when a closed question gives itself away: its answer (or a variant)
 * is printed in the prompt, or any option is. True/false statements have no
 * answer in their text; their swaps are checked where they are made.
 */
export function givesAnswerAway(q: Pick<QuizQuestion, 'type' | 'prompt' | 'answer' | 'options'>): boolean {
  if (q.type === 'true-false') return false;
  const body = promptBody(q.prompt);
  const isClosed = q.type === 'multiple-choice' || body !== q.prompt;
  if (!isClosed) return false;
  if (mentions(body, q.answer)) return true;
  return q.type === 'multiple-choice' && (q.options ?? []).some((o) => mentions(body, o));
}

type WordCase = 'lower' | 'capital' | 'acronym' | 'caps';

/** How a word is written: "trace", "Trace"/"TraceMonkey", "LIR" (short capitals), "REQUIRESSTACK" (long capitals). */
function wordCase(word: string): WordCase {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (!/\p{Lu}/u.test(letters)) return 'lower';
  if (letters.length >= 2 && letters === letters.toUpperCase()) return letters.length <= 5 ? 'acronym' : 'caps';
  return 'capital';
}

/** The casing of each word of a phrase, as one comparable string. */
export function casingPattern(phrase: string): string {
  return phrase.split(/\s+/).filter(Boolean).map(wordCase).join(' ');
}

function applyCase(word: string, c: WordCase): string {
  if (c === 'lower') return word;
  if (c === 'capital') return word[0].toUpperCase() + word.slice(1);
  return word.toUpperCase();
}

/**
 * A swapped-in term written the way the replaced one was: a common noun
 * takes the replaced term's capitals word by word (sentence start, a
 * title-cased phrase, all capitals); a name keeps its own spelling and is
 * only acceptable (null otherwise) when its casing pattern matches, so
 * "REQUIRESSTACK values" never stands in for "native frames".
 */
export function inCasingOf(written: string, replacement: string, replacementIsName: boolean): string | null {
  if (replacementIsName) return casingPattern(replacement) === casingPattern(written) ? replacement : null;
  if (/\p{Lu}/u.test(replacement)) return null;
  const cases = written.split(/\s+/).filter(Boolean).map(wordCase);
  const last = cases.length === 1 && cases[0] === 'capital' ? 'lower' : cases[cases.length - 1];
  return replacement
    .split(' ')
    .map((w, i) => applyCase(w, cases[i] ?? last))
    .join(' ');
}

/** "an" before a vowel sound ("an outer trace", "an LIR"), "a" otherwise ("a unit"). */
const articleFor = indefiniteArticle;

/**
 * Puts `replacement` at [index, index + length) of `text`, fixing the article
 * in front of it: "a outer trace" would mark a swapped statement as false.
 */
export function spliceWithArticle(text: string, index: number, length: number, replacement: string): string {
  const before = text
    .slice(0, index)
    .replace(
      /\b([Aa])n? $/,
      (_, a: string) =>
        `${a === 'A' ? articleFor(replacement)[0].toUpperCase() + articleFor(replacement).slice(1) : articleFor(replacement)} `,
    );
  return before + replacement + text.slice(index + length);
}

/** "a _____" or "an _____" would hint at the answer's first letter: the blank takes "a(n)". */
export function neutralArticle(blanked: string, blank: string): string {
  return blanked.replace(new RegExp(`\\b([Aa])n? ${blank}`), `$1(n) ${blank}`);
}
