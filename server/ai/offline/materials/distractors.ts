import { mentions } from '@server/ai/shared/answer-leaks';
import type { NumberFact } from './book-facts';
import { escapeRegExp, type BookTerm } from './book-terms';

/** A stable number from text, so the same book always gives the same quiz. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const overlaps = (a: string, b: string) => ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);

/** Terms fit for a question: multi-word phrases, names, long words, or words the book uses as titles. */
export function isQuizTerm(term: BookTerm, titleWords: Set<string>): boolean {
  return term.words >= 2 || term.isProper || term.key.length >= 9 || titleWords.has(term.stem);
}

export interface TermDistractorOptions {
  /** Text the distractor must not appear in (the question's sentence). */
  exclude: string;
  /** The chapter being tested: distractors come preferably from elsewhere in the book. */
  chapterIndex?: number;
  seed: number;
  count: number;
  /** How often each term already served as a distractor in this material: the least used go first, for variety. */
  usage?: Map<string, number>;
  /** A further condition, e.g. a true/false swap that must be written like the term it replaces. */
  accept?: (t: BookTerm) => boolean;
  /** Terms that would make the sentence true as well: never offered. */
  reject?: (t: BookTerm) => boolean;
  /** A true/false swap, not an option: a sibling sharing a word ("mesh network" for "star network") is what it wants. */
  swap?: boolean;
  /** Terms to offer first: siblings of the answer (one head, named side by side), the most plausible wrong answers. */
  prefer?: (t: BookTerm) => boolean;
}

/** Words every technical text uses ("algorithm", "system", "information"): as a blank's key, guessable or ambiguous. */
export const genericWord =
  /^(?:algorithms?|systems?|computing|hardware|software|implementations?|operations?|approach(?:es)?|requirements?|propert(?:y|ies)|principles?|methods?|functions?|results?|values?|models?|information|processors?|techniques?|applications?|problems?|examples?|possibilit(?:y|ies)|decisions?|reasoning|difference|relationships?|parameters?|variables?|connections?|structures?|elements?|components?|features?|factors?|effects?|changes?|levels?|points?|questions?|answers?|definitions?|collections?|attention|representations?|approximations?|performance|advantages?|platforms?|complexity|security|protection|optimi[sz]ations?|computations?|process(?:es)?|instructions?|additions?|dimensions?|transformations?|expansions?|series|order|terms?|cases?|ways?|ideas?|parts?|types?|kinds?|lectures?|chapters?|sections?|introductions?|summar(?:y|ies)|reviews?|notes?|exercises?|courses?|class(?:es)?|remarks?|licensing|outlook|overview|reading|notation)$/;

/** Whether the text uses the last word of a phrase, alone or in the plural ("signals" for "leakage signal"). */
function namesHead(text: string, key: string): boolean {
  const head = key.split(' ').pop() ?? key;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(head)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** "[MvOV96]", "KJJ99": a citation key the extractor read as a word, never an answer or a distractor. */
const citationKey = /^[A-Z][A-Za-z+]*\d{2}[a-z]?$/;
const adjectiveLike = /(?:ical|ic|ive|ous|ar|able|ible|ful|less)$/;

/**
 * Other terms of the book of the same kind as the answer (name or common
 * noun, singular or plural, about as many words), never the answer or a
 * variant of it, never twice, never one already in the question.
 */
export function termDistractors(
  answer: Pick<BookTerm, 'stem' | 'isProper' | 'isPlural' | 'words'>,
  pool: readonly BookTerm[],
  opts: TermDistractorOptions,
): BookTerm[] {
  // "chain" and "rule" of "chain rule", "steady state" and "state approximation" of "steady state approximation": words the
  // book mostly uses inside a longer phrase are a piece of it, not a term of their own.
  const piece = (t: BookTerm) => pool.some((p) => p.words > t.words && ` ${p.key} `.includes(` ${t.key} `) && p.count * 2 >= t.count);
  const outside = (t: BookTerm) => t.count - (opts.chapterIndex === undefined ? 0 : (t.chapterCounts.get(opts.chapterIndex) ?? 0));
  const fitting = pool
    .filter(
      (t) =>
        t.isProper === answer.isProper &&
        t.isPlural === answer.isPlural &&
        // Names with names of as many words ("Alice" is no distractor for "Classical Probability").
        Math.abs(t.words - answer.words) <= (answer.isProper ? 0 : 1) &&
        !overlaps(t.stem, answer.stem) &&
        // "output bits" for "input bits", "Boolean functions" for "Boolean operators": a near neighbour may make the sentence true too.
        (opts.swap || !t.stem.split(' ').some((w) => answer.stem.split(' ').includes(w))) &&
        !citationKey.test(t.surface) &&
        // "information", "connection" for "network": a word every text uses is no plausible wrong answer.
        !(t.words === 1 && genericWord.test(t.key)) &&
        (opts.swap || !piece(t)) &&
        // "a-to-b bit", "to-4 PRESENT", "basic building": pieces of a hyphenated or longer phrase, not terms.
        !/(?:^|\s)(?:\p{L}-to-\p{L}|to-\d|\d)|ing$/u.test(t.key) &&
        // "linear", "automatic", "classical" among nouns: an adjective read as a term is no answer to a noun's blank.
        !(t.words === 1 && adjectiveLike.test(t.key) && !adjectiveLike.test(answer.stem)) &&
        // Plural or other-case variants count too: "trace trees" is no distractor in a sentence about "trace tree".
        !mentions(opts.exclude, t.key) &&
        // "leakage signal" where the sentence says "(or other side-channel signals)": a kind of thing the sentence already
        // names may make it true too.
        (opts.swap || t.words < 2 || !namesHead(opts.exclude, t.key)) &&
        (opts.accept?.(t) ?? true) &&
        !(opts.reject?.(t) ?? false),
    )
    .sort(
      (a, b) =>
        Number(opts.prefer?.(b) ?? false) - Number(opts.prefer?.(a) ?? false) ||
        Number(b.words === answer.words) - Number(a.words === answer.words) ||
        Number(outside(b) > 0) - Number(outside(a) > 0) ||
        b.count - a.count,
    );
  const used = (t: BookTerm) => opts.usage?.get(t.stem) ?? 0;
  const shortlist = fitting.slice(0, Math.max(opts.count * 4, 12)).sort((a, b) => used(a) - used(b));
  const picked: BookTerm[] = [];
  for (let i = 0; i < shortlist.length && picked.length < opts.count; i++) {
    // Rotate within the least-used band only, so variety never brings back an overused term.
    const band = shortlist.filter((t) => used(t) === used(shortlist[0])).length;
    const t = i < band ? shortlist[(opts.seed + i) % band] : shortlist[i];
    if (!picked.includes(t) && !picked.some((p) => overlaps(p.stem, t.stem))) picked.push(t);
  }
  for (const t of picked) opts.usage?.set(t.stem, used(t) + 1);
  return picked;
}

/**
 * Terms the text uses as countable nouns: with "a", "an", "each" or "every" before them, or in the plural. "An adversary
 * injects a(n) _____" is keyed "fault"; "cryptography" or "computational complexity" do not read after "a", so they fit the
 * blank worse than the key and are no options for it.
 */
export function countableIn(text: string): (t: Pick<BookTerm, 'key' | 'isPlural'>) => boolean {
  const lower = text.toLowerCase();
  return (t) => {
    if (t.isPlural) return true;
    const key = escapeRegExp(t.key);
    const plural = escapeRegExp(t.key.replace(/y$/, 'ie').replace(/(?:s|x|ch|sh)$/, '$&e'));
    return new RegExp(`(?<![\\p{L}-])(?:(?:a|an|each|every|another|one)\\s+(?:[\\p{L}-]+\\s+)?${key}|${plural}s)(?![\\p{L}])`, 'u').test(
      lower,
    );
  };
}

/**
 * Numbers of the same kind stated elsewhere in the book, closest in size
 * first, each value once, none that the prompt (`exclude`) already states.
 */
export function numberDistractors(answer: NumberFact, facts: readonly NumberFact[], count: number, exclude = ''): NumberFact[] {
  const seen = new Set([answer.value.toLowerCase()]);
  const out: NumberFact[] = [];
  const distance = (f: NumberFact) => Math.abs(Math.log((f.magnitude + 1) / (answer.magnitude + 1)));
  for (const f of [...facts].sort((a, b) => distance(a) - distance(b) || a.sentence.order - b.sentence.order)) {
    if (out.length >= count) break;
    if (
      f.kind !== answer.kind ||
      f.sentence === answer.sentence ||
      f.magnitude === answer.magnitude ||
      seen.has(f.value.toLowerCase()) ||
      mentions(exclude, f.value)
    )
      continue;
    seen.add(f.value.toLowerCase());
    out.push(f);
  }
  return out;
}

/** The answer placed among the distractors at a position fixed by the seed. */
export function arrangeOptions(answer: string, distractors: string[], seed: number): string[] {
  const options = [...distractors];
  options.splice(seed % (distractors.length + 1), 0, answer);
  return options;
}

/** Verbs that take any object ("is", "uses", "has"): the word before a blank tells nothing about what fills it. */
const lightVerb =
  /^(?:is|was|has|does|as|this|have|make|give|take|include|contain|provide|require|show|mean|need|call|find|obtain|describe|its|thus|his|less|plus|minus|versus|whereas|across|unless|uses|using|being|having|making|makes|gives|giving|takes|taking|includes|including|contains|containing|during|following|according|regarding|concerning|nothing|something|anything|everything|things?|strings?|means|needs|provides|providing|requires|requiring|shows|showing|gets|getting|called|calls)$/;

/**
 * Terms the book writes after the verb right before a blank ("implementing _____", "injects a(n) _____"), in any of
 * its forms. A verb chooses its objects: "power consumption" or "target device" is nothing one implements, and a
 * distractor the book never puts after the verb is told apart from the key by the verb alone. Undefined when the blank
 * follows no verb of content.
 */
export function objectsOfVerbBefore(blanked: string, text: string): ((t: Pick<BookTerm, 'key'>) => boolean) | undefined {
  const m = /(?<![\p{L}-])(?:(to)\s+)?(\p{Ll}{4,})\s+(?:(?:a\(n\)|an?|the)\s+)?_{3,}/u.exec(blanked);
  const word = m?.[2];
  // A verb's -s or -ing form ("injects", "implementing"), or its plain form after "to" ("to calculate the _____").
  const verbForm = m?.[1] !== undefined || /(?:[^su]s|ing)$/.test(word ?? '');
  if (!word || !verbForm || lightVerb.test(word) || /(?:ous|ss|ics|ness|ings)$/.test(word)) return undefined;
  const stem = escapeRegExp(word.replace(/(?:ing|es|s|e)$/, ''));
  const lower = text.toLowerCase();
  return (t) =>
    new RegExp(
      `(?<![\\p{L}])${stem}(?:e|es|s|ed|d|ing)?\\s+(?:(?:a|an|the|its|their)\\s+)?(?:[\\p{L}-]+\\s+)?${escapeRegExp(t.key)}(?![\\p{L}])`,
      'u',
    ).test(lower);
}

const predicateFiller =
  /^(?:the|a|an|of|on|in|to|and|or|is|are|was|were|be|been|that|with|for|by|as|at|it|its|this|these|those|which|from|into|also|each|every|any|all|can|may|must|will|not|then|than|only|usually|often|always)$/;

/**
 * Terms the book says do what the sentence says of its blank ("Each _____ operates on the state of the cipher": the book
 * writes "the permutation layer ... operates on a byte level, saving four write operations to the state"): a term followed,
 * within fifteen words of one sentence, by the first two content words after the blank (in any form) makes the sentence
 * true as well and is no wrong answer. Undefined when fewer than two content words follow the blank.
 */
export function saidOfOthers(blanked: string, sentences: readonly string[]): ((t: Pick<BookTerm, 'key'>) => boolean) | undefined {
  const after = blanked.split(/_{3,}/)[1];
  if (after === undefined) return undefined;
  const words = (after.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 4 && !predicateFiller.test(w)).slice(0, 2);
  if (words.length < 2) return undefined;
  const stems = words.map((w) => new RegExp(`(?<![\\p{L}])${escapeRegExp(w.replace(/(?:ing|es|s|ed)$/, ''))}`, 'u'));
  const lower = sentences.map((s) => s.toLowerCase());
  return (t) => {
    const uses = new RegExp(`(?<![\\p{L}])${escapeRegExp(t.key)}(?:e?s)?(?![\\p{L}])`, 'gu');
    return lower.some((s) =>
      [...s.matchAll(uses)].some((at) => {
        const window = s
          .slice(at.index + at[0].length)
          .split(/\s+/)
          .slice(0, 16)
          .join(' ');
        return stems.every((stem) => stem.test(window));
      }),
    );
  };
}
