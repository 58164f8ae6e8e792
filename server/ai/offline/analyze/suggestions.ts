import { splitSentences, type Keyphrase } from '@server/core/nlp';
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
  // Navigation lists, title lines ("Econ 103", "Addendum to Lecture # 5") and companions are not sections to fill.
  const thin = withSubsections.filter(
    (s) =>
      s.words < 60 &&
      !frameHeading.test(s.heading) &&
      !/^(?:list of\b.*|questions\b.*|for next time|[A-Z]{2,6}\s?\d{2,4}\b.*|addendum\b.*|lecture\b.*|handout\b.*)$/i.test(s.heading) &&
      !view.titles.some((t) => t.toLowerCase() === s.heading.toLowerCase()) &&
      s.heading.length > 2,
  );
  for (const s of thin.slice(0, 2)) {
    out.push(
      `The section "${s.heading}" has only ${s.words} words of material; add an explanation or an example so its textbook section is not thin.`,
    );
  }

  const sentences = splitSentences(fullText.slice(0, 400_000));
  // Only a term of the subject can lack a definition: a phrase of two or more words or an acronym, never a
  // common word ("order", "respect") or a name ("Taylor", "Cambridge University Press").
  const isSubjectTerm = (term: string) =>
    (term.trim().split(/\s+/).length >= 2 && !/^\p{Lu}/u.test(term)) || /^\p{Lu}{2,6}s?$/u.test(term.trim());
  const undefinedTerms = phrases
    .slice(0, 12)
    .map((p) => p.phrase)
    .filter((term) => isSubjectTerm(term) && countOccurrences(term, fullText) >= 3 && !isDefined(term, sentences));
  for (const term of undefinedTerms.slice(0, 2)) {
    out.push(`"${term}" is used ${countOccurrences(term, fullText)} times but never defined; add a definition or a glossary entry for it.`);
  }

  // A long stretch of text under one heading reads as a wall in a textbook section: past about
  // 1,200 words (two and a half printed pages) a reader wants a sub-heading to find their way.
  const long = view.sections.filter(
    (sec, i) => sec.words >= 1200 && !(view.sections[i + 1]?.level > sec.level) && !frameHeading.test(sec.heading),
  );
  for (const sec of long.slice(0, 1)) {
    out.push(
      `The section "${sec.heading}" runs ${sec.words} words under one heading; add sub-headings where its topic changes so readers can find their way in it.`,
    );
  }
  // A term the material defines only after using it several times: students meet it before they can understand it.
  for (const term of phrases
    .slice(0, 12)
    .map((p) => p.phrase)
    .filter(isSubjectTerm)) {
    const uses = sentences.map((x, i) => (new RegExp(`\\b${escape(term)}`, 'i').test(x) ? i : -1)).filter((i) => i >= 0);
    const defined = sentences.findIndex((x) => isDefined(term, [x]));
    if (defined > 0 && uses.filter((i) => i < defined).length >= 3) {
      out.push(
        `"${term}" is used ${uses.filter((i) => i < defined).length} times before the material says what it is; move its definition to its first use.`,
      );
      break;
    }
  }
  const main =
    view.sections.find((s) => !frameHeading.test(s.heading) && s.words >= 60)?.heading ??
    phrases.find((p) => isSubjectTerm(p.phrase))?.phrase;
  if (!/\b(for example|for instance|e\.g\.|example)\b/i.test(fullText)) {
    out.push(
      main
        ? `The material has no worked examples; add one or two that work through "${main}" step by step.`
        : 'The material has no worked examples; add one or two for students to follow step by step.',
    );
  }
  // Practice is a section of exercises or questions asked of the reader, not a '?' in code or a URL,
  // nor "in practice" in a sentence.
  const questions = sentences.filter((x) => /\?\s*$/.test(x)).length;
  const practiceSection = view.sections.some((x) =>
    /\b(exercises?|problems?|problem set|questions?|quiz(zes)?|practice|self-check)\b/i.test(x.heading),
  );
  if (questions < 2 && !practiceSection) {
    out.push(`There are no exercises or questions yet; add practice questions${main ? ` on "${main}"` : ''} to check understanding.`);
  }
  if (view.totalWords < 800) {
    out.push(`The material is short (${view.totalWords} words); add lecture notes or readings so each chapter has enough source text.`);
  }
  if (view.sections.length === 0 && view.totalWords >= 800) {
    out.push('The material has no headings; add section headings so the outline can follow your own structure.');
  }
  return out.slice(0, 6);
}
