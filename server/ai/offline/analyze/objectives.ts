import type { Keyphrase } from '../../../core/nlp';
import { frameHeading, type MaterialView } from './material-view';

/** Every objective starts with one of these (measurable action verbs, Bloom's taxonomy). */
export const actionVerbs = [
  'Explain',
  'Describe',
  'Compare',
  'Apply',
  'Analyze',
  'Evaluate',
  'Define',
  'Identify',
  'Summarize',
  'Design',
] as const;

const processWords =
  /(algorithm|method|procedure|process|formation|construction|implementation|recording|allocation|optimi[sz]ation|compilation|calculation|derivation|technique|workflow|protocol)/i;
const evaluationWords = /(evaluation|results|performance|benchmark|experiment|measurement|analysis)/i;
const comparisonWords = /(comparison|versus|vs\.?|related|alternatives|differences)/i;
const designWords = /(design|architecture|model|framework|structure)/i;

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** "Key Definitions" -> "key definitions" (Title Case headings read as shouting mid-sentence); acronyms and names stay. */
function headingPhrase(heading: string): string {
  const words = heading
    .replace(/[.:]+$/, '')
    .replace(/^(the|a|an)\s+/i, '')
    .split(/\s+/);
  const titleCase = words.length > 1 && words.filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).length >= Math.ceil(words.length / 2);
  return titleCase ? words.map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) ? w.toLowerCase() : w)).join(' ') : lowerFirst(words.join(' '));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

/** A heading asked as a question ("How do we calculate p-values...?"): the skill it asks for. */
function fromQuestion(heading: string): string | undefined {
  const q = heading.replace(/[\s.…?!]+$/u, '').trim();
  const how = /^how (?:do|does|can|should|would|to) (?:we |you |one |i |it |they )?(.+)$/i.exec(q);
  if (how) return `Explain how to ${lowerFirst(how[1])}`;
  const what = /^what (is|are) ((?:an? |the )?.+)$/i.exec(q);
  if (what) return `Explain what ${lowerFirst(what[2])} ${what[1].toLowerCase()}`;
  const why = /^why (?:do|does|is|are) (.+)$/i.exec(q);
  if (why) return `Explain why ${lowerFirst(why[1])}`;
  if (/\?$/.test(heading.trim())) return `Answer the question "${q}?"`;
  return undefined;
}

function fromHeading(heading: string): string {
  const asked = fromQuestion(heading);
  if (asked) return asked;
  const h = headingPhrase(heading);
  if (evaluationWords.test(heading)) return `Evaluate the evidence presented on ${h}`;
  if (comparisonWords.test(heading)) return `Compare the approaches discussed under ${h}`;
  if (processWords.test(heading)) return `Describe the steps involved in ${h}`;
  if (designWords.test(heading)) return `Analyze the ${h} and the choices behind it`;
  return `Explain ${h}`;
}

/**
 * 3 to 8 objectives built from the material itself: its main sections
 * (largest first, framing sections like the introduction left out) and its
 * key phrases, each opening with an action verb.
 */
export function buildObjectives(view: MaterialView, phrases: Keyphrase[], topic: string, fullText: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (text: string) => {
    const key = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if (!seen.has(key) && out.length < 8) {
      seen.add(key);
      out.push(text);
    }
  };
  const topicLower = topic.toLowerCase();
  // Only terms the material itself defines make objectives: a frequent word ("line", "data") is no concept to master.
  const terms = phrases.map((p) => p.phrase).filter((p) => p.toLowerCase() !== topicLower && isDefinedIn(p, fullText));

  if (terms[0]) push(`Define ${terms[0]} and explain its role in ${topic || 'the material'}`);

  const sections = view.sections
    .filter((s) => !frameHeading.test(s.heading) && s.heading.split(/\s+/).length <= 10 && s.words >= 80)
    .sort((a, b) => a.level - b.level || b.words - a.words)
    .slice(0, 4);
  for (const s of sections) push(fromHeading(s.heading));

  if (terms[1] && terms[2]) push(`Compare ${terms[1]} with ${terms[2]}`);
  if (terms[3] && /\b(trade-?offs?|cost|overhead|limitations?|drawbacks?|advantages?)\b/i.test(fullText)) {
    push(`Analyze the trade-offs of ${terms[3]}`);
  }
  if (terms[1] && /\b(example|exercise|problem|task)\s*\d*[.:]/i.test(fullText)) push(`Apply ${terms[1]} to a worked example`);
  for (const term of terms.slice(4)) {
    if (out.length >= 3) break;
    push(`Identify where ${term} is used and why`);
  }
  // A material too thin for three distinct objectives still gets three, from its topic.
  const fallback = topic || 'the material';
  for (const text of [
    `Summarize the main ideas of ${fallback}`,
    `Explain the key terms used in ${fallback}`,
    `Apply the ideas of ${fallback} to a new example`,
  ]) {
    if (out.length >= 3) break;
    push(text);
  }
  return out;
}
