import type { QuizQuestion } from '@common/materials';
import { mentions, promptBody } from './answer-leaks';
import { opensWithLabel } from './standalone';
import { isGeneralNoun } from './general-nouns';

/**
 * The checks every quiz item passes before it is offered ("Quizzes a teacher hands
 * out"), for the offline engine and the LLM engine alike: the key answers the prompt and appears
 * in the source; the prompt is not about a citation, a page element or a made-up setting; the
 * options are of the key's kind and grain; the key is no question. Quiz-wide checks (no two items
 * with one key) are in `quizProblems`.
 */

export type ItemCheck =
  | 'key-not-in-source'
  | 'key-is-a-question'
  | 'citation'
  | 'page-element'
  | 'arbitrary-setting'
  | 'options-of-another-kind'
  | 'not-a-statement'
  | 'in-a-formula'
  | 'points-back'
  | 'fragment'
  | 'half-given'
  | 'generic-key'
  | 'symbols-lost'
  | 'odd-one-out'
  | 'example-slot'
  | 'course-logistics'
  | 'parallel-slot'
  | 'nested-options';

type Item = Pick<QuizQuestion, 'type' | 'prompt' | 'answer' | 'options' | 'source'>;

const blank = /_{3,}/;
/** "(Kalman, _____)", "Griewank and Walther (_____, 2008)", "[_____]": a blank inside a citation. */
const citationBlank =
  /\([^()]*\p{Lu}[\p{L}'’-]+(?:\s+et al\.?)?(?:\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+)?,?\s*_{3,}[^()]*\)|\p{Lu}[\p{L}'’-]+(?:\s+et al\.?)?(?:\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+)?\s+\(\s*_{3,}|\[[^\]]*_{3,}[^\]]*\]/u;
/** A citation key or a year in a citation left in the prompt: "[Ber06]", "[HMH+14]", "(Nocedal and Wright, 2006)". */
const citationInText =
  /\[[A-Z][A-Za-z+]*\d{2}[a-z]?\]|\[[A-Z]{2,}[^\]]*\]|\(\p{Lu}[\p{L}'’-]+(?: et al\.)?(?: and \p{Lu}[\p{L}'’-]+)?,\s*\d{4}/u;
/** What a reader of the printed question cannot see: a figure, table, equation number, algorithm, URL. */
const pageElement =
  /\b(?:figure|fig\.|table|equation|eq\.|listing|algorithm|slide|page)\s*\(?\d|\(\d+\.\d+[a-z]?\)|https?:\/\/|www\.|\b\w+\.(?:com|org|edu)\b|^(?:note|remark|hint|tip|see)\b\s*[(:.]?/i;
/** A setting the text makes up to illustrate ("Suppose 10 people run a race"): its figures and names are arbitrary. */
const madeUp =
  /^(?:suppose|imagine|assume|consider|let|say|pretend|picture|if we|when we|for (?:example|instance)|e\.g\.|to see (?:why|this|how))\b|\bconsider the\b/i;
/** Advice to the reader ("If you find the multiplication rule confusing, try ..."): not a fact of the subject. */
const toTheReader = /\b(?:you|your|you['’](?:re|ll|ve|d)|our|my)\b/i;
/** "Because this probability is very small", "the determinant of this mapping": a pointer back to text the item does not show. */
const pointsBack =
  /\bas well\b|\bnow becomes?\b|^(?:besides|moreover|furthermore|also|likewise|similarly|a workaround|the (?:core|key|main|general|basic|same) idea)\b|\b(?:this|these|those)\s+(?:\p{L}|_)|\bsuch an?\b|\b(?:we|you) just\b|^(?:as mentioned|as noted|as before|to name a few|in the (?:latter|former) case|what all|in other words)\b|^\S+(?:\s\S+)?\s(?:hence|thus|then|therefore)\b|\b(?:answer|break|solve|use|apply|do|make|see|compute|write|find|put|take|call)\s+(?:it|them)\b|^just as\b|\bas follows\b|\bthe following\b|^the results? (?:is|are|was|were)\b|,\s*as (?:mentioned|noted|discussed|said)(?: (?:before|above|earlier))?,/iu;
/** A numbered or lettered choice of an exercise: "option 2", "answer (b)", "4 is the correct answer". */
const exerciseChoice =
  /\b(?:options?|choices?|answers?)\s+\(?(?:\d{1,2}|[a-d])\)?(?![\p{L}\p{N}])|(?:^|[.;:]\s+)\(?(?:\d{1,2}|[a-d])\)?\s+is\s+(?:the\s+)?(?:correct|right|wrong|best|only)\s+(?:answer|option|choice|one)\b/iu;

/**
 * A sentence about how the course runs (grades, due dates, hand-ins, office hours, its web tools), not about its subject:
 * "Exams will be scanned into Gradescope for grading and feedback.", "Homeworks are due by 9:00pm ...". Any sentence of a
 * syllabus may be a true statement; none is worth asking.
 */
const courseLogistics =
  /\b(?:grades?|graded|grading|curved|regrades?|due (?:by|on|at|date|dates)|(?:is|are) due|deadlines?|(?:requests? for|grant(?:ed)?|granting) extensions?|extensions? (?:will|are|is|may)|late (?:penalt(?:y|ies)|work|submissions?|days?)|office hours|announcements?|enrolled|enrol(?:l)?ment|submit(?:s|ted|ting)?|submissions?|syllabus|course (?:website|communications?|staff|page|policies|policy|project)|canvas|gradescope|ed discussion|piazza|moodle|\d+\s*(?:points?|pts)\b|points will|homeworks?|assignments?|exams?|prelims?|midterms?|quizzes|classmates|groupmates|teammates|teaching assistants?|slides|term project|final project)\b/i;
const functionWord =
  /^(?:and|or|but|nor|the|of|to|in|for|with|from|by|on|at|as|is|are|was|were|be|been|has|have|had|can|could|will|would|may|might|must|should|that|which|who|whose|than|then|when|where|while|into|onto|over|under|between|among|per|via|not)$/i;
/** True for a sentence about how the course runs rather than about its subject. */
export function isCourseLogistics(text: string): boolean {
  return courseLogistics.test(text);
}

/** A blank inside a formula ("t−_____ times", "/4 = _____"): a calculation step, not a fact to recall. */
const inFormula = /[=−+×*/^<>]\s*_{3,}|_{3,}\s*[=−+×*/^<>]/;
/** Instructions and asides read as statements: "Explore the effect of ...", "Provide the gradients of ...". */
const instruction =
  /^(?:explore|provide|compute|calculate|find|show|prove|derive|write|use|try|recall|remember|see|check|verify|plot|draw|run|download|install|read|note|remark|hint|observe|notice|think|discuss|explain|describe|determine|estimate|give|list|state|implement)\b/i;

/** "core idea", "main way": a key whose head word says nothing of the subject; any option reads as true. */
const genericHead = /(?:^|\s)(?:idea|way|thing|aspect|part|case|kind|type|fact|issue|point|problem)s?$/i;
/** "a total of/4 = 16 times", ", , . . .": a sentence whose symbols the extractor lost does not say what it said. */
const symbolsLost = /\p{Ll}{2,}\/\d|,\s*,\s*[,.]|\.\s\.\s\./u;

/** Pairs a sentence names half of ("map plaintext to _____", "the input carry ... the _____ carry"): the other half is the key. */
const pairs: Array<[string, string]> = [
  ['plaintext', 'ciphertext'],
  ['input', 'output'],
  ['encryption', 'decryption'],
  ['encrypt', 'decrypt'],
  ['sender', 'receiver'],
  ['client', 'server'],
  ['minimum', 'maximum'],
  ['upper', 'lower'],
  ['forward', 'reverse'],
  ['public', 'private'],
  ['correct', 'faulty'],
  ['numerator', 'denominator'],
];
function pairGiven(answer: string, rest: string): boolean {
  const key = answer.toLowerCase();
  const text = rest.toLowerCase();
  const has = (t: string, w: string) => new RegExp(`(?<![\\p{L}])${w}`, 'u').test(t);
  return pairs.some(([a, b]) => (has(key, a) && has(text, b)) || (has(key, b) && has(text, a)));
}

/** A notation that names the key: "|det(J)|" for "absolute value", "‖x‖" for "norm". */
const notations: Array<[RegExp, RegExp]> = [
  [/\|[^|\s][^|]*\|/, /\babsolute value\b/i],
  [/‖[^‖]+‖/, /\bnorm\b/i],
  [/∂/, /\bpartial\b/i],
  // "Assuming p(x) = N (μ, Σ) is _____", "N(0, 1)": the normal distribution's own letter names it.
  [/\bn\s*\(\s*(?:μ|0\s*,)/iu, /\b(?:gaussian|normal)\b/i],
];
/** "Countermeasures against _____" for "fault attacks", "_____ to directly thwart SCA" for "countermeasures": the relation names the key's kind. */
const opposing = /\b(?:countermeasures?|protect(?:ion|s)?|defen[cs]es?|thwart|resist|mitigat\w*)\b/i;
const opposed = /\b(?:attacks?|threats?|countermeasures?|protections?|defen[cs]es?)\b/i;

/** Words of the key that a word of the prompt spells out ("overvoltages" for "supply voltage", "det(J)" for "determinant"). */
function keyInsidePromptWords(answer: string, rest: string): boolean {
  const keyWords = (answer.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((w) => w.replace(/e?s$/, ''));
  const promptWords = rest.toLowerCase().match(/\p{L}+\(?/gu) ?? [];
  return keyWords.some((k) =>
    promptWords.some((p) => {
      const w = p.replace(/\($/, '');
      // A longer word that holds the key's word ("overvoltages"), or a notation's abbreviation of it ("det(").
      return (w.length > k.length && w.includes(k)) || (p.endsWith('(') && w.length >= 3 && w.length < k.length && k.startsWith(w));
    }),
  );
}

const numberKey = /^[-+]?\d[\d,]*(?:\.\d+)?\s*(?:%|x|×)?$/;
const yearKey = /^(?:1[5-9]|20)\d\d$/;
/** The kind of an option: a number, a year, a name or a term. */
export function optionKind(option: string): 'number' | 'year' | 'name' | 'term' {
  const o = option.trim();
  if (yearKey.test(o)) return 'year';
  if (numberKey.test(o)) return 'number';
  // Two or more capitalised words ("Monty Python", "Bruce Wayne"): a name. One capitalised word may be a term ("Jacobian", "Rubisco").
  if (/^\p{Lu}[\p{Ll}'’-]+(?:\s\p{Lu}[\p{Ll}'’.-]*)+$/u.test(o)) return 'name';
  return 'term';
}

/**
 * A clause that opens with a subordinator and has no comma or "then" after which its main clause would stand:
 * "Where ∼ is the only unary connective and others are binary.", "Because the key is secret." say what they qualify
 * nowhere. "Whereas the forward mode ..., the reverse mode ..." and "If p then q" have their main clause.
 */
function subordinateAlone(text: string): boolean {
  const t = text.trim();
  return /^(?:where|whereas|which|because|although|though|unless|whilst)\b/i.test(t) && !/[,;:]|\bthen\b/i.test(t);
}

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;

/** The problems of one item, each an automatic check it fails; empty when it may be offered. */
export function itemProblems(q: Item): ItemCheck[] {
  const out: ItemCheck[] = [];
  const body = promptBody(q.prompt);
  const statement = q.type === 'true-false' || blank.test(body);
  if (/\?\s*$/.test(q.answer.trim()) || (q.type !== 'short-answer' && (q.options ?? []).some((o) => /\?\s*$/.test(o))))
    out.push('key-is-a-question');
  // The key of a closed item is the source's own word: it is there to be found.
  const closed = q.type === 'multiple-choice' || (q.type === 'short-answer' && body !== q.prompt);
  if (closed && q.source && !mentions(q.source, q.answer)) out.push('key-not-in-source');
  if (citationBlank.test(body) || (closed && optionKind(q.answer) === 'year' && /\(\s*[^()]*\p{Lu}[^()]*_{3,}|_{3,}[^()]*\)/u.test(body)))
    out.push('citation');
  else if (citationInText.test(body)) out.push('citation');
  // "_____ 3 is a one-to-one realization": the blank is a label ("Algorithm 3"), not a term.
  if (pageElement.test(body) || /_{3,}\s+\d/.test(body)) out.push('page-element');
  // "In _____, we have to multiply ...": the key is an idiom's word ("In principle"), not a term of the subject.
  if (/^(?:in|on|at|for|by)\s+_{3,}\s*,/i.test(body.trim())) out.push('not-a-statement');
  // "addition and _____", "forward and _____": the pair's other half tells which key completes it.
  // "a correct and a(n) _____": the contrast names the key's opposite, so it is the only option that completes it.
  if (closed && /\p{L}+\s+(?:and|or)\s+(?:(?:an?|the|a\(n\))\s+)?_{3,}/u.test(body)) out.push('half-given');
  // A word of the key printed elsewhere in the prompt ("hot and cold food ... then _____" for "hot food"): half given away.
  if (closed && blank.test(body)) {
    const rest = body.replace(blank, ' ').toLowerCase();
    const given = (q.answer.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !/^(?:the|and|for|with|of)$/.test(w));
    if (given.length > 1 && given.some((w) => new RegExp(`(?<![\\p{L}])${w.replace(/s$/, '')}`, 'u').test(rest))) out.push('half-given');
    else if (
      keyInsidePromptWords(q.answer, rest) ||
      pairGiven(q.answer, rest) ||
      notations.some(([sign, key]) => sign.test(rest) && key.test(q.answer)) ||
      (opposing.test(rest) && opposed.test(q.answer)) ||
      (opposed.test(rest) && opposing.test(q.answer)) ||
      // "side-channel _____" for "attacks", "the Bellcore _____" for "attack": the blank is a compound's other half.
      ((/\p{L}+-\p{L}+\s+_{3,}/u.test(body) || /\b[Tt]he\s+[“"]?\p{Lu}[\p{L}-]*\s+_{3,}/u.test(body)) && !/\s/.test(q.answer.trim()))
    )
      out.push('half-given');
  }
  // "core idea", or one of the language's general nouns alone ("referring to missing _____" for "data"): any text fills it.
  if (closed && blank.test(body) && (genericHead.test(q.answer.trim()) || isGeneralNoun(q.answer))) out.push('generic-key');
  // "replaced with _____ sequencing" for "genome": a one-word key that modifies the noun after it is one half of a
  // compound the sentence prints; no other term reads as that compound.
  if (closed && /^\p{Ll}[\p{Ll}-]+$/u.test(q.answer.trim()) && /_{3,}\s+(\p{Ll}[\p{Ll}-]{2,})\b/u.test(body)) {
    const next = /_{3,}\s+(\p{Ll}[\p{Ll}-]{2,})\b/u.exec(body)![1];
    if (!functionWord.test(next) && !/ly$/.test(next)) out.push('half-given');
  }
  if (symbolsLost.test(body)) out.push('symbols-lost');
  // "ciphers like _____ or DES", "such as _____": a slot for one example of many, any of them would do.
  if (/\b(?:like|such as|e\.g\.,?(?:\s+(?:for|in|with))?|including)\s+(?:the\s+)?_{3,}|_{3,}(?:,|\s+(?:or|and))\s+[\p{Lu}\d]/u.test(body))
    out.push('example-slot');
  // "applied ..., e.g., by inserting _____": an example named a verb or two after "e.g." is as much one of many.
  else if (/\b(?:e\.g\.|for example|for instance),?\s+(?:\p{Ll}+\s+){1,2}_{3,}/iu.test(body)) out.push('example-slot');
  if (statement && madeUp.test(body.trim())) out.push('arbitrary-setting');
  if (statement && (instruction.test(body.trim()) || toTheReader.test(body))) out.push('not-a-statement');
  // "... the reader is referred to Griewank and Walther", "... can be found in Magnus and Neudecker": a reading pointer, not a fact.
  if (statement && /\b(?:the reader is referred|can be found in|is available at|see also)\b/i.test(body)) out.push('not-a-statement');
  if (inFormula.test(body)) out.push('in-a-formula');
  if (courseLogistics.test(q.source ?? '') || courseLogistics.test(body)) out.push('course-logistics');
  // "Sequences mapped to both strands – no library bias!": an exclamation is a slide's emphasis, not a statement to test.
  if (statement && /!\s*$/.test((q.source ?? body).trim())) out.push('not-a-statement');
  // "(permuting bytes, applying _____)": a slot in an aside's list of examples, where many answers would do.
  if (closed && /\([^()]*,[^()]*_{3,}[^()]*\)|\([^()]*_{3,}[^()]*,[^()]*\)/.test(body)) out.push('example-slot');
  // "the other S-Box _____", "the optimization would not work": the item leans on a thing said before it.
  if (statement && /\bthe other\b/i.test(body) && !/\b(?:one|each)\b[^.]*\bthe other\b/i.test(body)) out.push('points-back');
  if (
    statement &&
    /\bthe (?:optimi[sz]ation|trick|approach|technique|procedure|construction|scheme|method|algorithm)\s+(?:would|will|does|did|hence|then|thus|works?|fails?)\b/i.test(
      body,
    )
  )
    out.push('points-back');
  // "The _____ layer is similar in performance ..., while the S-Box layer is ...": the blank is one of two parallel members,
  // and which goes where is a guess between them.
  const [, after, tail] = /_{3,}\s+(\p{L}[\p{L}-]{2,})([^]*)$/u.exec(body) ?? [];
  const modifier = `(?<![\\p{L}-])(?!(?:a|an|the|this|that|each|every|its|their|our|of|and|or|in|on|to|for|with)\\s)\\p{L}[\\p{L}-]*`;
  if (closed && after && !functionWord.test(after) && new RegExp(`${modifier}\\s+${after}\\b`, 'iu').test(tail)) out.push('parallel-slot');
  if (statement && pointsBack.test(body)) out.push('points-back');
  // "For option 2 to be correct we would only run the _____.", "4 is the correct answer.": an exercise's solution names the
  // choices of a question the item does not show.
  if (statement && exerciseChoice.test(body.replace(blank, q.answer))) out.push('points-back');
  // "uses cat _____.txt", "_____.pdb, ethane.pdb": a blank glued to the rest of a word is a piece of a file name or an
  // identifier, not a term.
  if (closed && /[\p{L}\p{N}]_{3,}|_{3,}(?:\.?[\p{L}\p{N}])/u.test(body)) out.push('fragment');
  // "“transpose” a tensor, we mean ...": a sentence that lost its start.
  // (A prompt that only lowercased its source's first letter is not one.)
  const opens = (t: string) => /^[“"‘'(]?(?:\p{Lu}|\d|_{3,})/u.test(t.trim());
  if (statement && !opens(body) && !(q.source && opens(q.source))) out.push('fragment');
  // "Where ∼ is the only _____ and others are binary.": a subordinate clause without its main clause is a list line's
  // aside, cut from what it qualifies.
  else if (statement && subordinateAlone(body)) out.push('fragment');
  // "An aside comment; the _____ can also be negative.": a label before a semicolon, then a clause that leans on it.
  else if (statement && opensWithLabel(body)) out.push('fragment');
  if (q.type === 'multiple-choice' && q.options) {
    const kind = optionKind(q.answer);
    const grain = words(q.answer);
    // Terms with terms, numbers with numbers, names with names (of as many words), terms of about the key's length.
    if (q.options.some((o) => optionKind(o) !== kind || Math.abs(words(o) - grain) > (kind === 'name' ? 0 : 1)))
      out.push('options-of-another-kind');
    // "Jacobian determinant | Jacobian tensor | Jacobian matrix" and "Taylor series": the one without the shared word is the key.
    const others = q.options.filter((o) => o.trim().toLowerCase() !== q.answer.trim().toLowerCase());
    const shared =
      others.length >= 2 ? (others[0].toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => others.every((o) => mentions(o, w))) : [];
    if (shared.some((w) => !mentions(q.answer, w))) out.push('odd-one-out');
    // "steady state" or "state approximation" beside "steady state approximation": an option inside another is a piece of
    // it, so the longer one reads as the real term (or the shorter as its half), whichever is the key.
    const padded = q.options.map((o) => ` ${keyOf(o)} `);
    if (padded.some((a, i) => padded.some((b, j) => i !== j && a.trim() !== '' && b.includes(a)))) out.push('nested-options');
  }
  return out;
}

const keyOf = (answer: string) =>
  answer
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Quiz-wide: items whose key another item already has ("three Explain … questions share one key"). True/false keys aside. */
export function repeatedKeys(questions: Array<Pick<QuizQuestion, 'type' | 'answer'>>): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  questions.forEach((q, i) => {
    if (q.type === 'true-false') return;
    const key = keyOf(q.answer);
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}
