import type { BookSentence } from '@server/ai/shared/book-sentences';
import { mentions, numbersIn } from '@server/ai/shared/answer-leaks';
import { arrangeOptions, seedOf } from './distractors';
import { whereIn, type QuestionCandidate } from './questions';

/**
 * A worked example's own question, asked with its setting, keyed by the result the text works out: "Suppose 10 people
 * are running a race. How many different ways are there to award first, second and third place?" keyed 720 from
 * "Multiplying these together, we get 10 × 9 × 8 = 720.". The setting's figures are given, not asked for; the key is
 * derived from them, so the item tests the method the example teaches.
 */

/** The example's question: a count or a probability, not a rhetorical "So what's going on here?". */
const asksCount = /\bhow many\b/i;
const asksProbability = /^what is the probability\b/i;
/** A sentence that opens a made-up setting: the setting starts there ("Imagine a classroom ..." is no sentence without its verb). */
const opensSetting = /^(?:(?:for example|for instance|now),?\s+)?suppose\b/i;
/** A setting or question that leans on text it does not show ("one more choice", "this lecture hall"). */
const leansBack =
  /\b(?:this|these|those|that (?:one|case|example|room|hall)|such|again|another|more|also|same|above|previous|before|earlier|other|it)\b|^(?:then|thus|so|but|therefore|however|here|there)\b/i;
/** "10 × 9 × 8 = 720", "720/6 = 120", "\(2^{5}\) = 32": a computation and its result. */
const computed = /([^=≈:]{1,40}?)\s*[=≈]\s*(\d[\d,]*(?:\.\d+)?(?:\/\d[\d,]*)?)(?![\d.,]*\s*[×x*/+−^-]\s*\d)/g;
const operator = /\d\s*(?:[×x*/+−^-]|!)|\\\)|!/;
/** "the probability is 1/5040", "the answer is 1000". */
const stated = /\bprobability (?:\p{L}+\s+){0,12}?is\s+(\d[\d,]*(?:\.\d+)?(?:\/\d[\d,]*)?)/giu;

const figures = /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand)\b/i;

/** The results a sentence works out, in order: each computation's last value. */
export function workedResults(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(computed)) if (operator.test(m[1])) out.push(m[2]);
  return out;
}

function sameSpot(a: BookSentence, b: BookSentence): boolean {
  return a.chapterIndex === b.chapterIndex && a.sectionTitle === b.sectionTitle;
}

/**
 * The sentences before the question that set it up, back to where the setting starts: its "Suppose ...", the start of
 * its section or the question before it. Null when the setting starts further back than three sentences: an item that
 * showed only part of it could not be answered ("Imagine a shop ... Each till serves 20 customers an hour. How many ...?").
 */
function settingOf(sentences: readonly BookSentence[], at: number): BookSentence[] | null {
  const before: BookSentence[] = [];
  for (let j = at - 1; j >= at - 4; j--) {
    const s = sentences[j];
    if (!s || !sameSpot(s, sentences[at]) || s.plain.endsWith('?')) return before;
    before.unshift(s);
    if (opensSetting.test(s.plain)) return before;
  }
  return null;
}

/**
 * The setting stated as a problem states it: "For example, suppose we have 10 people" -> "We have 10 people", "Suppose
 * that you're taking a picture" -> "You're taking a picture". The item asks for the result worked out from the setting.
 */
function asOpened(text: string): string {
  const rest = text.replace(opensSetting, '').replace(/^\s*(?:that\s+)?/i, '');
  return rest[0].toUpperCase() + rest.slice(1);
}

/**
 * The result that answers the question, and the sentence that states it, among the sentences after it up to the example's
 * next question. A count is the result followed by what the question counts ("How many different committees" ->
 * "720/6 = 120 distinct committees"), else the last one worked out: "6 × 5 = 30 ordered picks" is a step on the way.
 */
function resultFor(sentences: readonly BookSentence[], at: number, probability: boolean): { value: string; sentence: BookSentence } | null {
  const counted = /\bhow many (?:different |distinct |possible )?([\p{L}-]+)/iu
    .exec(sentences[at].plain)?.[1]
    .toLowerCase()
    .replace(/e?s$/, '');
  let last: { value: string; sentence: BookSentence } | null = null;
  for (let k = at + 1; k < sentences.length && k - at <= 15; k++) {
    const s = sentences[k];
    // The next question of the example ends the search ("before we can decide how many ..." in passing does not).
    if (!sameSpot(s, sentences[at]) || (s.plain.endsWith('?') && (asksCount.test(s.plain) || asksProbability.test(s.plain)))) break;
    // "10/32 = 0.3125": the computation's last value; "is 1/5040 ≈ 0.0002": the exact value, not the rounded one.
    const exact = s.plain.replace(/\s*≈\s*[\d.]+/g, '');
    if (probability) {
      if (!/\bprobability\b/i.test(s.plain)) continue;
      const values = [...[...exact.matchAll(stated)].map((m) => m[1]), ...workedResults(exact)];
      if (values.length) return { value: values[values.length - 1], sentence: s };
      continue;
    }
    for (const m of exact.matchAll(computed)) {
      if (!operator.test(m[1]) || !/^\d[\d,]*$/.test(m[2])) continue;
      const next = exact
        .slice((m.index ?? 0) + m[0].length)
        .match(/^\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)/u)?.[1]
        .toLowerCase();
      if (counted && next?.replace(/e?s$/, '') === counted) return { value: m[2], sentence: s };
      last = { value: m[2], sentence: s };
    }
  }
  return last;
}

/** Whole-number results of every worked computation of the book, for options of the same kind. */
function bookResults(all: readonly BookSentence[]): string[] {
  return [...new Set(all.flatMap((s) => workedResults(s.plain)).filter((v) => /^\d[\d,]*$/.test(v)))];
}

export function workedResultQuestions(scope: readonly BookSentence[], all: readonly BookSentence[]): QuestionCandidate[] {
  const out: QuestionCandidate[] = [];
  const pool = bookResults(all);
  scope.forEach((q, at) => {
    if (!q.plain.endsWith('?')) return;
    const probability = asksProbability.test(q.plain);
    if (!probability && !asksCount.test(q.plain)) return;
    const setting = settingOf(scope, at);
    if (!setting || [q, ...setting].some((s) => leansBack.test(s.plain.replace(opensSetting, '')))) return;
    const prompt = [...setting.map((s) => asOpened(s.plain)), q.plain].join(' ');
    // The figures the result is worked from are in the prompt; a question without them cannot be answered.
    if (!figures.test(prompt) || prompt.split(' ').length > 70) return;
    const result = resultFor(scope, at, probability);
    if (!result || mentions(prompt, result.value)) return;
    const magnitude = Number(result.value.replace(/,/g, ''));
    const given = new Set(numbersIn(prompt));
    const distance = (v: string) => Math.abs(Math.log((Number(v.replace(/,/g, '')) + 1) / (magnitude + 1)));
    // Other results the book works out, nearest in size first; a figure of the setting is no option.
    const distractors = probability
      ? []
      : pool
          .filter((v) => v !== result.value && !given.has(Number(v.replace(/,/g, ''))))
          .sort((a, b) => distance(a) - distance(b))
          .slice(0, 3);
    const seed = seedOf(q.text + result.value);
    const explanation = `The textbook works this out in "${whereIn(q)}": ${result.sentence.plain}`;
    out.push({
      question:
        distractors.length >= 2
          ? {
              type: 'multiple-choice',
              prompt,
              options: arrangeOptions(result.value, distractors, seed),
              answer: result.value,
              explanation,
              source: result.sentence.text,
            }
          : { type: 'short-answer', prompt, answer: result.value, explanation, source: result.sentence.text },
      source: result.sentence,
      answerKey: `worked:${result.value}`,
      kind: 'worked',
    });
  });
  return out;
}
