import type { DocBlock } from '@server/core/document-model';
import { CasingIndex, imperativeOf, indefiniteArticle, inTextCase, listPhrase, withArticle } from './phrasing';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import type { KeyTerm } from './key-terms';
import { isFrontMatterTitle, isLogisticsTitle } from './unit-kind';

/**
 * Objectives built from what a unit does: a definition gives "Define …", a worked
 * example "Compute …" or "Apply … to …", a comparison "Distinguish … from …", a proof "Prove …",
 * a program "Write …". A heading alone ("Differentiation Rules") gives none: "Apply differentiation
 * rules" would only repeat it; the worked example that applies them says what to do. The object is always a term
 * or a task of the text, never a date, a number, a name, a page element or a logistics heading;
 * where nothing specific can be said the unit gets no objective rather than "Explain {heading}".
 */

export interface ObjectiveInput {
  title: string;
  /** The unit's teaching sections' titles (companions and logistics left out). */
  sectionTitles: string[];
  blocks: DocBlock[];
  terms: KeyTerm[];
  examples: Array<{ label: string; subject?: string }>;
  casing: CasingIndex;
}

const months =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
const pageElement =
  /^(?:the\s+)?(?:figures?|tables?|pages?|slides?|equations?|listings?|appendi(?:x|ces)|chapters?|sections?|footnotes?|captions?|contents|index)\b/i;
// Whole words only a course's organisation uses ("total" alone, "points earned", "to hand in"): "total derivative" and "focal point" stay terms.
const logisticsWords =
  /^(?:total|points?|grades?)$|\b(?:points earned|grading|due date|hand(?:ed)? in|submit|submission|deadline|schedule|syllabus|office hours|exam|midterm|quiz|homework|assignment|practice exercises?|this (?:lecture|class|course|semester|week)|next time|bug reports?|licen[cs]e|licensing|acknowledge?ments?|remarks?)\b/i;

/**
 * Why a phrase cannot be what an objective is about, or undefined when it can: a date, a number,
 * a person's name, a page element, a logistics word, code, or too little or too much to be a term.
 */
export function objectObjection(object: string, casing?: CasingIndex, maxWords = 9): string | undefined {
  const o = object.replace(/^(?:the|an?)\s+/i, '').trim();
  const words = o.split(/\s+/).filter(Boolean);
  if (!/\p{L}{3}/u.test(o)) return 'no word';
  if (months.test(o) || /\b\d{4}\b|\b\d{1,2}\/\d{1,2}\b/.test(o)) return 'a date';
  if (/\d/.test(o) && !/^[\p{L}\s-]+\d?$/u.test(o)) return 'a number';
  if (/[*=<>{}[\]\\^_|;:]|\w\.\w|\(\)|^\W/u.test(o)) return 'code or a formula';
  if (pageElement.test(o)) return 'a page element';
  if (logisticsWords.test(o) || isLogisticsTitle(o) || isFrontMatterTitle(o)) return 'logistics';
  if (words.length > maxWords) return 'too long for a term';
  // "P.D. Magnus", "Tim Viera": names, read by their initials or by the material writing every word capitalised.
  if (/^(?:\p{Lu}\.\s?)+\p{Lu}\p{Ll}+$/u.test(o)) return 'a name';
  if (
    words.length >= 2 &&
    words.length <= 3 &&
    words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)) &&
    !applied.test(o) &&
    !computed.test(o) &&
    casing &&
    words.every((w) => !casing.knows(w.toLowerCase()))
  )
    return 'a name';
  return undefined;
}

/** Verbs of a measurable action; "Explain", "Describe", "Understand" only with an object of their own, never a bare heading. */
const actionVerb =
  /^(?:define|distinguish|apply|compute|calculate|prove|derive|write|estimate|solve|construct|implement|plot|interpret|identify|classify|compare|contrast|evaluate|analy[sz]e|design|test|fit|simulate|use|state|list|name|explain|describe)\s+(.+?)\.?$/i;

/**
 * Why an objective (from any engine) is not one a student can act on, or undefined: no action
 * verb, an object that is a date, number, name, page element or logistics, or "Explain {heading}".
 */
export function objectiveProblem(objective: string, headings: string[] = []): string | undefined {
  const m = actionVerb.exec(objective.trim());
  if (!m) return 'no action verb';
  const object = m[1].replace(/\s*\((?:Example|Theorem|Task|Lemma)[^)]*\)$/, '');
  const why = objectObjection(object.split(/\s+(?:to|from|in|on|with|using)\s+/)[0]);
  if (why) return why;
  const bare = (t: string) =>
    t
      .toLowerCase()
      .replace(/^(?:the|an?)\s+/, '')
      .replace(/[.\s]+$/, '');
  if (/^(?:explain|describe|understand)$/i.test(objective.split(/\s+/)[0]) && headings.some((h) => bare(h) === bare(object)))
    return 'a heading with "Explain" in front';
  return undefined;
}

/** Heads of quantities a worked example computes ("the derivative of a polynomial", "a Taylor polynomial"). */
const computed =
  /\b(?:derivatives?|gradients?|polynomials?|series|expansions?|integrals?|probabilit(?:y|ies)|loss(?:es)?|jacobians?|hessians?|determinants?|inverses?|products?|sums?|means?|variances?|intervals?|estimates?|eigen\w*|ranks?|distributions?|expectations?|expected \w+|weights?|costs?|rates?|times?|values?|limits?|roots?|solutions?|averages?|counts?|numbers? of \w+|permutations?|combinations?|regressions?|coefficients?)\b/i;
/** Things applied: a rule, method or theorem ("Chain Rule", "Barrett reduction algorithm"). */
const applied =
  /\b(?:rules?|laws?|theorems?|identities|formulas?|formulae|methods?|algorithms?|procedures?|techniques?|principles?|tests?|transforms?|reductions?)\b/i;

function subjectPhrase(subject: string, casing: CasingIndex): string {
  const phrase = withArticle(inTextCase(subject, casing), casing, subject);
  if (/^(?:the|an?)\s/i.test(phrase) || /^\p{Lu}/u.test(phrase)) return phrase;
  // "derivative of a polynomial" reads as "the derivative of a polynomial"; a plural stands bare.
  if (/^\S+\s+of\s/i.test(phrase)) return `the ${phrase}`;
  return /s$/i.test(phrase.split(/\s+/)[0]) ? phrase : `${indefiniteArticle(phrase)} ${phrase}`;
}

/** "Example 5.6 (Partial Derivatives Using the Chain Rule)" -> "Apply the chain rule to compute partial derivatives (Example 5.6)". */
export function exampleObjective(example: { label: string; subject?: string }, casing: CasingIndex): string | undefined {
  if (!example.subject || objectObjection(example.subject, casing)) return undefined;
  const subject = inTextCase(example.subject, casing);
  const using = /^(.+?)\s+(?:using|with|by|via)\s+(?:the\s+)?(.+)$/i.exec(subject);
  if (using && applied.test(using[2]) && computed.test(using[1]))
    return `Apply ${withArticle(using[2], casing).replace(/^(?!the |an? )/, 'the ')} to compute ${using[1]} (${example.label})`;
  if (applied.test(subject) && !computed.test(subject)) return `Apply ${subjectPhrase(example.subject, casing)} (${example.label})`;
  if (computed.test(subject)) return `Compute ${subjectPhrase(example.subject, casing)} (${example.label})`;
  return undefined;
}

// Up to four words, none of them a preposition, conjunction or verb that would end the phrase.
const npWord =
  "(?!(?:in|on|at|with|for|by|and|or|but|is|are|was|were|which|that|when|because|as|to|from|of|than|with)\\b)[\\p{L}][\\p{L}'’-]*";
const nounPhrase = `(?:(?:the|an?)\\s+)?(${npWord}(?:\\s+${npWord}){0,3})`;
const comparisons = [
  new RegExp(`\\bdifference between ${nounPhrase} and ${nounPhrase}(?=[\\s.,;:)]|$)`, 'iu'),
  new RegExp(
    `^${nounPhrase}\\s+(?:is|are)\\s+(?:(?:very|quite|rather|fundamentally)\\s+)?(?:different from|distinct from|not the same as)\\s+${nounPhrase}(?=[\\s.,;:)]|$)`,
    'iu',
  ),
  new RegExp(
    `^${nounPhrase}\\s+(?:is|are)\\s+(?:almost\\s+(?:exactly\\s+)?|much\\s+|very\\s+)?like\\s+${nounPhrase}\\s+(?:with|but|except)\\b`,
    'iu',
  ),
  new RegExp(`^unlike\\s+${nounPhrase},\\s+${nounPhrase}\\s`, 'iu'),
  new RegExp(`\\b${nounPhrase}\\s+(?:vs\\.?|versus)\\s+${nounPhrase}(?=[\\s.,;:)]|$)`, 'iu'),
];
const notATerm = /^(?:it|this|that|these|those|they|we|you|there|here|which|what|one|ones|each|both|other|others|something|anything)$/i;

/** "A combination is almost exactly like a permutation with one difference" -> ["combination", "permutation"]. */
export function comparedPair(sentence: string, casing: CasingIndex): [string, string] | undefined {
  for (const re of comparisons) {
    const m = re.exec(sentence.trim());
    if (!m) continue;
    const [a, b] = [m[1], m[2]].map((x) => x.trim());
    if (!a || !b || a.toLowerCase() === b.toLowerCase() || notATerm.test(a) || notATerm.test(b)) continue;
    // "set from ordered": both sides must end in a noun, not an adjective or a participle.
    if ([a, b].some((x) => /(?:ed|ly|ous|ive|able|ible|ing)$/i.test(x.split(/\s+/).pop()!))) continue;
    if (objectObjection(a, casing) || objectObjection(b, casing)) continue;
    return [a, b];
  }
  return undefined;
}

/** The text's own words for a term it uses: how often it is written, case aside. */
function usesOf(text: string, phrase: string): number {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.match(new RegExp(`(?<![\\p{L}])${escaped}`, 'giu')) ?? []).length;
}

const proofStart = /^proof\b[.:]?/i;
const statement = /^(theorem|lemma|proposition|corollary)\s*([\d.]*\d)?\s*(?:\(([^)]{3,60})\))?/i;

/** "Theorem 2.1 (Fundamental Theorem of Calculus)" followed by a proof -> "Prove the fundamental theorem of calculus (Theorem 2.1)". */
function proofObjectives(blocks: DocBlock[], casing: CasingIndex): string[] {
  const out: string[] = [];
  blocks.forEach((b, i) => {
    const m = statement.exec(b.text.trim());
    if (!m) return;
    const proved = blocks.slice(i + 1, i + 4).some((n) => proofStart.test(n.text.trim()));
    if (!proved) return;
    const label = m[2] ? `${m[1][0].toUpperCase()}${m[1].slice(1).toLowerCase()} ${m[2]}` : undefined;
    if (m[3] && !objectObjection(m[3], casing))
      out.push(
        `Prove ${subjectPhrase(m[3], casing).replace(/^an? (?=.*\b(?:theorem|lemma|law|rule|identity|inequality)\b)/i, 'the ')}${label ? ` (${label})` : ''}`,
      );
    else if (label) out.push(`Prove ${label}`);
  });
  return out;
}

/** "What is the expected weight of the shopping bag?" -> "Compute the expected weight of the shopping bag". */
function taskObjective(blocks: DocBlock[], casing: CasingIndex): string | undefined {
  for (const b of blocks) {
    if (b.kind !== 'paragraph' && b.kind !== 'list-item' && b.kind !== 'exercise') continue;
    for (const s of fastSentences(b.text)) {
      const m =
        /^what is the ((?:expected |average |mean |total |maximum |minimum )?(?:probability|value|number|weight|time|waiting time|cost|rate|length|size|variance|distribution)\b[^?]{3,80})\?$/i.exec(
          s.trim(),
        );
      if (m && !/\b(?:this|that|these|those|it|its|you|your|we|our)\b/i.test(m[1]) && !objectObjection(m[1], casing, 16))
        return `Compute the ${m[1]}`;
    }
  }
  return undefined;
}

/** A heading that is an instruction ("Fit the model", "Plotting a regression line"): the task its code does. */
function codeObjective(titles: string[], blocks: DocBlock[]): string | undefined {
  if (!blocks.some((b) => b.kind === 'code' && b.text.split('\n').length >= 2)) return undefined;
  const language = blocks.find((b) => b.kind === 'code' && b.language)?.language;
  for (const t of titles) {
    const m =
      /^(fit|plot|compute|calculate|simulate|implement|estimate|test|run|read|load|build|train|sort|search|draw|generate|sample|fitting|plotting|computing|calculating|simulating|implementing|estimating|testing|building|training|sorting|generating|sampling)\s+(.{3,60})$/i.exec(
        t.trim(),
      );
    if (!m || objectObjection(m[2])) continue;
    const verb = /ing$/i.test(m[1]) ? (imperativeOf(m[1]) ?? m[1]).toLowerCase() : m[1].toLowerCase();
    return `Write ${language ? `${language} ` : ''}code to ${verb} ${m[2].toLowerCase()}`;
  }
  return undefined;
}

const maxObjectives = 6;

/** The objectives of one unit, each naming a term or task of its text; none when nothing specific can be said. */
export function actionObjectives(input: ObjectiveInput): string[] {
  const { casing } = input;
  const out: string[] = [];
  const push = (o: string | undefined) => {
    if (o && out.length < maxObjectives && !out.some((x) => x.toLowerCase() === o.toLowerCase())) out.push(o);
  };
  const text = input.blocks
    .filter((b) => b.kind === 'paragraph' || b.kind === 'list-item' || b.kind === 'quote')
    .map((b) => b.text)
    .join('\n');
  // Definitions: the terms the unit states what they are.
  const defined = input.terms.filter((t) => !objectObjection(t.term, casing)).slice(0, 3);
  if (defined.length)
    push(
      `Define ${listPhrase(defined.map((t) => (t.plural ? inTextCase(t.term, casing) : withArticle(inTextCase(t.term, casing), casing, t.term))))}`,
    );
  // Comparisons the text draws, between terms it uses more than once.
  let compared = 0;
  for (const b of input.blocks) {
    if (compared >= 2 || (b.kind !== 'paragraph' && b.kind !== 'list-item')) continue;
    for (const s of fastSentences(b.text)) {
      const pair = comparedPair(s, casing);
      if (!pair || compared >= 2 || pair.some((p) => usesOf(text, p) < 2)) continue;
      const [a, z] = pair.map((p) => withArticle(inTextCase(p, casing), casing, p));
      push(`Distinguish ${a} from ${z}`);
      compared++;
    }
  }
  for (const p of proofObjectives(input.blocks, casing).slice(0, 2)) push(p);
  let worked = 0;
  for (const e of input.examples) {
    const o = exampleObjective(e, casing);
    // "Apply the chain rule (Example 5.10)" next to "Apply the chain rule" says it twice.
    if (o && out.some((x) => o.toLowerCase().startsWith(`${x.toLowerCase()} (`))) continue;
    if (o && worked < 2) {
      push(o);
      worked++;
    }
  }
  push(taskObjective(input.blocks, casing));
  push(codeObjective([...input.sectionTitles, input.title], input.blocks));
  return out.map((o) => `${o}.`);
}
