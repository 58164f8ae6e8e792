/**
 * Whether a sentence of the material reads on its own, out of its paragraph: what a quiz
 * question, a summary line or a review question may be built from. Its subject is named (no
 * opening pronoun, no "I"/"we"), "this"/"these"/"those" come with a noun of their own (not
 * "in this way"), it points to nothing the reader cannot see (a figure, "above", "here"), and it
 * has at least seven words.
 */

/** Openers that point back at an earlier sentence: out of context they do not say what they are about. */
export const anaphoricStart =
  /^(?:this|these|that|those|it|its|it's|they|their|them|such|he|she|his|her|here|there|then|now|thus|hence|so|also|similarly|however|therefore|instead|otherwise|finally|next|again|both|another|other|in (?:this|that|these|those|the same|contrast|particular|addition|practice|turn)|for (?:this|that|these|example|instance)|at (?:this|that)|on (?:this|that)|as a result|the (?:former|latter|same|other|next|first|second|third|last|remaining|above|following)|first|second|third|one|two|but|and|or|yet|still|well|so|because of this|anyway|once again|as before|as we saw|as shown)\b/i;
/** "I imagine...", "We will...", "My view...": a speaker's aside, not a fact to test. */
export const firstPerson =
  /^(?:i|i['’]m|i['’]ve|i['’]d|i['’]ll|we|we['’]re|we['’]ll|we['’]ve|we['’]d|my|our|us|let['’]s|let us|you|you['’]ll|you['’]re|your)(?![\p{L}])/iu;
/** Course logistics and asides: a fact of the lecture, not of the subject. */
const logistics =
  /\b(?:we will|we['’]ll|we are going to|this semester|the semester|this course|in class|next class|homework|assignment|exam)\b/i;
/** Elided or half-printed text: "a […] unit increase", a formula lost from the sentence. */
const elided = /\[\s*(?:…|\.\.\.)\s*\]|…|\.\.\.|\\\(/;
/** A part of a picture named by its place ("the left graph"): the reader of a question cannot see it. */
const placeInPicture =
  /\b(?:left|right|top|bottom|middle|upper|lower)\s+(?:graph|plot|panel|figure|image|picture|chart|column|row|side|diagram)\b/i;
/** References to things a reader of the question cannot see, or to other parts of the text. */
const pointsElsewhere =
  /\b(?:figure|fig\.|table|section|listing|line|lines|above|below|previous|following|aforementioned|here|slide|board|today|last week|next week|next time)\b/i;
/** "this way", "these cases", "this is": a demonstrative standing in for something said before. */
const danglingDemonstrative =
  /\b(?:this|these|those)(?:\s+(?:way|ways|case|cases|point|reason|example|examples|approach|idea|ideas|result|results|one|ones|kind|type|types|sort|form|setting|context|situation|step|steps|stage|equation|expression|formula|lecture|class|course|book|chapter|material|document|handout|notes|page|slides|video|reading|problem|question|fact|sense|end|time|thing|things|line|graph|picture|plot|dataset|data)\b|\s+(?:is|are|was|were|can|could|will|would|may|might|must|should|has|have|had|does|do|did|means|shows|gives|allows|makes|yields|implies|leads)\b|\s*[.,;:?!)]|\s*$)/i;

/** A drawing's labels read in order ("Diagram: Fecal samples; culture; Isolates; ..."): the deck reader's line for a flowchart, no sentence. */
const drawingLabels = /^(?:diagram|flowchart)\s*:/i;

export const minStandaloneWords = 7;

/** A verb that makes a clause of the words before a semicolon ("Rates rise; ..."), as against a label ("An aside comment; ..."). */
const clauseVerb =
  /\b(?:is|are|was|were|be|been|being|has|have|had|can|cannot|could|will|would|may|might|must|should|shall|does|do|did|\p{L}+(?:ed|es))\b/iu;

/**
 * "An aside comment; the activation energy can also be negative.": a few words without a verb before a semicolon are a
 * label, not a clause; a semicolon joins two clauses, so the sentence is a note's fragment and what follows leans on it.
 */
export function opensWithLabel(text: string): boolean {
  const m = /^([^;:.!?]{1,60});\s/u.exec(text.trim());
  if (!m) return false;
  const words = m[1].replace(/_+/g, ' x ').split(/\s+/).filter(Boolean);
  return words.length <= 4 && !clauseVerb.test(m[1]);
}

/** Why the sentence does not read on its own, or undefined when it does. */
export function standaloneProblem(text: string): string | undefined {
  if (drawingLabels.test(text.trim())) return "is a drawing's labels, not a sentence";
  const t = text.replace(/^\s*(?:q|question|a|answer|note|tip|hint|remember|recall)\s*[:.]\s*/i, '').trim();
  if (anaphoricStart.test(t)) return 'opens with a pronoun or a pointer back';
  if (opensWithLabel(t)) return 'opens with a label, not a clause';
  if (firstPerson.test(t)) return 'opens in the first or second person';
  if (t.replace(/_+/g, ' ').split(/\s+/).filter(Boolean).length < minStandaloneWords) return 'under 7 words';
  if (danglingDemonstrative.test(t)) return '"this"/"these" without its noun';
  if (pointsElsewhere.test(t) || placeInPicture.test(t)) return 'points to something not shown';
  if (elided.test(t)) return 'has text left out';
  if (logistics.test(t)) return 'is about the course, not the subject';
  return undefined;
}

export function isStandaloneSentence(text: string): boolean {
  return standaloneProblem(text) === undefined;
}
