import { splitSentences, type Keyphrase } from '../../../core/nlp';
import { frameHeading, type MaterialView } from './material-view';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A sentence that defines the term: "X is/are/refers to ...", "called X", "known as X", "X, i.e.". */
function isDefined(term: string, sentences: string[]): boolean {
  const t = escape(term);
  const patterns = [
    new RegExp(`\\b${t}s?\\s+(is|are|refers? to|means|denotes|describes?)\\b`, 'i'),
    new RegExp(`\\b(called|known as|termed|defined as|we call( \\w+)?)\\s+(an? |the )?${t}`, 'i'),
    new RegExp(`\\b${t}s?\\s*(\\(|,\\s*(i\\.e\\.|that is|which is))`, 'i'),
    // Glossary entries: "Divergent boundary: a boundary where ...".
    new RegExp(`^[^.:]{0,40}\\b${t}s?\\s*:\\s`, 'i'),
  ];
  return sentences.some((s) => patterns.some((p) => p.test(s)));
}

function countOccurrences(term: string, text: string): number {
  return (text.match(new RegExp(`\\b${escape(term)}`, 'gi')) ?? []).length;
}

/**
 * Concrete gaps and next steps, each naming what it is about: thin sections,
 * terms used but never defined, missing examples or practice, a short material.
 */
export function buildSuggestions(view: MaterialView, phrases: Keyphrase[], fullText: string): string[] {
  const out: string[] = [];
  if (view.totalWords === 0) {
    return ['Upload course materials (PDF, DOCX or TXT) or enter chapter text, so the textbook can be grounded in your own content.'];
  }
  // A section's own words include its subsections' ("2. Background" opens with 2.1, 2.2 and has no text of its own).
  const withSubsections = view.sections.map((s, i) => {
    let words = s.words;
    for (let j = i + 1; j < view.sections.length && view.sections[j].level > s.level; j++) words += view.sections[j].words;
    return { ...s, words };
  });
  const thin = withSubsections.filter((s) => s.words < 60 && !frameHeading.test(s.heading) && s.heading.length > 2);
  for (const s of thin.slice(0, 2)) {
    out.push(
      `The section "${s.heading}" has only ${s.words} words of material; add an explanation or an example so its textbook section is not thin.`,
    );
  }

  const sentences = splitSentences(fullText.slice(0, 400_000));
  const undefinedTerms = phrases
    .slice(0, 10)
    .map((p) => p.phrase)
    .filter((term) => term.length > 3 && countOccurrences(term, fullText) >= 3 && !isDefined(term, sentences));
  for (const term of undefinedTerms.slice(0, 2)) {
    out.push(`"${term}" is used ${countOccurrences(term, fullText)} times but never defined; add a definition or a glossary entry for it.`);
  }

  const main = phrases[0]?.phrase ?? 'the main ideas';
  if (!/\b(for example|for instance|e\.g\.|example)\b/i.test(fullText)) {
    out.push(`The material has no worked examples; add one or two examples of ${main} for students to follow.`);
  }
  if (!/\?/.test(fullText) && !/\b(exercise|problem set|practice|quiz)\b/i.test(fullText)) {
    out.push(`There are no exercises or questions yet; add practice questions on ${phrases[1]?.phrase ?? main} to check understanding.`);
  }
  if (view.totalWords < 800) {
    out.push(`The material is short (${view.totalWords} words); add lecture notes or readings so each chapter has enough source text.`);
  }
  if (view.sections.length === 0 && view.totalWords >= 800) {
    out.push('The material has no headings; add section headings so the outline can follow your own structure.');
  }
  if (out.length < 2 && phrases.length >= 3) {
    out.push(`Consider a chapter that connects ${phrases[1].phrase} and ${phrases[2].phrase}, which the material discusses separately.`);
  }
  return out.slice(0, 6);
}
