import type { Keyphrase } from '@server/core/nlp';
import { frameHeading, type MaterialView } from './material-view';
import {
  CasingIndex,
  collapseSeries,
  escapeRegExp,
  inTextCase,
  listPhrase,
  objectiveForHeading,
  skillVerbs,
  withArticle,
} from '@server/ai/shared/phrasing';

/** Every objective starts with one of these: measurable actions a student can take. */
export const actionVerbs = [
  'Explain',
  'Describe',
  'Compare',
  'Apply',
  'Define',
  'Distinguish',
  'Work through',
  'Answer',
  ...[...skillVerbs].map((v) => v[0].toUpperCase() + v.slice(1)),
] as const;

/** True when the text says what the term is: "A regression line is ...", "Gradients are ...", "... is called a gradient". */
export function isDefinedIn(term: string, text: string): boolean {
  const t = escapeRegExp(term);
  const defines = new RegExp(
    `(?:^|[.!?:]\\s+|\\n)(?:an?\\s+|the\\s+)?${t}(?:e?s)?\\s+(?:is|are|refers to|means|denotes)\\s+(?:an?|the|defined|called|used|known|one|any|a set|the set)\\b`,
    'i',
  );
  const called = new RegExp(`\\b(?:is|are) (?:called|known as|defined as) (?:an?\\s+|the\\s+)?${t}\\b`, 'i');
  if (defines.test(text) || called.test(text)) return true;
  // A term of two or more words that a sentence is about ("The Calvin cycle fixes ...") is a concept of the material too.
  const subject = new RegExp(`(?:^|[.!?]\\s+|\\n)(?:an?\\s+|the\\s+)?${t}(?:e?s)?\\s+(?:then\\s+|also\\s+)?\\p{Ll}+`, 'iu');
  return term.trim().split(/\s+/).length >= 2 && subject.test(text);
}

/** What objectives are made from: teaching headings in order, the body text, the terms it defines, its worked examples. */
export interface ObjectiveSource {
  headings: string[];
  text: string;
  terms: string[];
  /** "Example 5.3 (Taylor polynomial)". */
  examples?: string[];
  /** Phrases the material is about, for objectives when it has few headings: `defined` when it says what they are. */
  concepts?: Array<{ phrase: string; defined: boolean }>;
  /** The topic the user typed: the material's subject in their words. */
  topic?: string;
  casing?: CasingIndex;
}

/**
 * Objectives grounded in the material, each something a student can do: one per teaching
 * heading (its verb chosen from the heading and the material's own wording), one for the
 * worked examples, one for the terms the material defines. Never a template filled with a
 * stray word: a material with no headings, terms or examples gets fewer objectives, not invented ones.
 */
export function groundedObjectives(source: ObjectiveSource, max = 8): string[] {
  const casing = source.casing ?? new CasingIndex(source.text);
  const out: string[] = [];
  const push = (o: string) => {
    if (out.length < max && !out.some((x) => x.toLowerCase() === o.toLowerCase())) out.push(o);
  };
  const topicLower = source.topic?.trim().toLowerCase();
  if (topicLower && !source.headings.some((h) => h.toLowerCase() === topicLower)) {
    const parts = (source.concepts?.map((c) => c.phrase) ?? source.terms)
      .slice(0, 3)
      .map((t) => withArticle(inTextCase(t, casing), casing, t));
    // The typed topic is written as a title ("Linear regression in ecology"); in a sentence it takes the text's case.
    push(`Explain ${inTextCase(source.topic!.trim(), casing)}${parts.length ? `, including ${listPhrase(parts)}` : ''}`);
  }
  for (const h of collapseSeries(source.headings).slice(0, Math.max(1, max - 2))) push(objectiveForHeading(h.title, casing));
  // Few headings: the concepts the material explains are what a student learns from it.
  for (const c of out.length < 3 ? (source.concepts ?? []) : []) {
    if (out.length >= 4) break;
    const phrase = withArticle(inTextCase(c.phrase, casing), casing, c.phrase);
    push(c.defined ? objectiveForHeading(c.phrase, casing) : `Explain the role of ${phrase}`);
  }
  const examples = source.examples ?? [];
  if (examples.length)
    push(`Work through ${listPhrase(examples.slice(0, 3))}${examples.length > 3 ? ' and the other worked examples' : ''}`);
  const covered = out.join(' ').toLowerCase();
  const terms = source.terms.filter((t) => !covered.includes(t.toLowerCase())).slice(0, 3);
  if (terms.length) push(`Define ${listPhrase(terms.map((t) => withArticle(inTextCase(t, casing), casing, t)))}`);
  return out;
}

function countOf(phrase: string, text: string): number {
  return (text.match(new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, 'giu')) ?? []).length;
}

/** Headings that stand for a document rather than teach (a course code, "Lecture 5", a date). */
const titleLine =
  /^(?:[A-Z]{2,6}\s?\d{2,4}\b.*|lecture\s*#?\s*\d+.*|week\s+\d+.*|addendum\b.*|handout\b.*|lecture notes\b.*|notes\b.*|\d{1,2}\/\d{1,2}\/\d{2,4})$/i;
const companion =
  /^(?:exercises?|problems?|further reading|suggested reading|readings?|questions( to consider)?|homework|assignments?|(?:for )?(?:the )?next (?:time|session|class|lecture|week)|appendix\b.*|list of .*|glossary|acknowledge?ments?)$/i;

/**
 * The objectives of an uploaded material at extraction: from its teaching headings (the top
 * units first, the next level when there are few; framing, navigation, exercises and title
 * lines left out), the terms it defines (key phrases it states what they are) and its worked examples.
 */
export function buildObjectives(view: MaterialView, phrases: Keyphrase[], topic: string, fullText: string, typedTopic?: string): string[] {
  const teaching = view.sections.filter(
    (s) =>
      !frameHeading.test(s.heading) &&
      !companion.test(s.heading) &&
      !titleLine.test(s.heading) &&
      s.heading.split(/\s+/).length <= 12 &&
      !view.titles.some((t) => t.toLowerCase() === s.heading.toLowerCase()),
  );
  // Words under each heading, its sub-headings included: a chapter heading with no text of its own still teaches.
  const withSubs = teaching.map((s) => {
    const i = view.sections.indexOf(s);
    let words = s.words;
    for (let j = i + 1; j < view.sections.length && view.sections[j].level > s.level; j++) words += view.sections[j].words;
    return { ...s, words };
  });
  const levels = [...new Set(withSubs.map((s) => s.level))].sort((a, b) => a - b);
  let headings = withSubs.filter((s) => s.level === levels[0] && s.words >= 60);
  if (headings.length < 3 && levels[1] !== undefined) headings = withSubs.filter((s) => s.level <= levels[1] && s.words >= 60);
  const topicLower = topic.toLowerCase();
  const terms = phrases
    .map((p) => p.phrase)
    .filter((p) => p.toLowerCase() !== topicLower && p.split(/\s+/).length >= 1 && p.length > 3 && isDefinedIn(p, fullText));
  // "Example 5.3 (Taylor Polynomial)" once, with its subject when the material gives one; examples that are headings are objectives already.
  const examples = new Map<string, string>();
  for (const m of fullText.matchAll(/\bExample\s+(\d+(?:\.\d+)*|[A-Z])\b\s*(?:\(([^)\n]{3,60})\)|:\s*([^\n.]{3,60}))?/g)) {
    const label = `Example ${m[1]}`;
    const subject = (m[2] ?? m[3])?.trim();
    if (headings.some((h) => h.heading.startsWith(label))) continue;
    if (!examples.has(label) || (subject && !examples.get(label))) examples.set(label, subject ?? '');
  }
  const casing = new CasingIndex(fullText.slice(0, 400_000));
  return groundedObjectives({
    headings: headings.map((h) => h.heading),
    text: fullText,
    terms,
    examples: [...examples].map(([label, subject]) => (subject ? `${label} (${inTextCase(subject, casing)})` : label)),
    concepts: [
      ...terms.map((phrase) => ({ phrase, defined: true })),
      // Phrases of two or more words the material keeps coming back to.
      ...phrases
        .map((p) => p.phrase)
        .filter((p) => !terms.includes(p) && p.toLowerCase() !== topicLower && p.split(/\s+/).length >= 2 && countOf(p, fullText) >= 2)
        .map((phrase) => ({ phrase, defined: false })),
    ],
    topic: typedTopic,
    casing,
  });
}
