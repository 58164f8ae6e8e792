import { tokenColumns, wink } from '@server/core/nlp/wink';

const nounTags = new Set(['NOUN', 'PROPN']);
const subjectTags = new Set(['NOUN', 'PROPN', 'ADJ', 'PART']);

/**
 * True when `subject`, the words before "is"/"are" in `sentence`, is a noun phrase the sentence
 * defines ("A typed trace", "Gradients"), tagged in its sentence ("typed" before "trace" is a
 * modifier there): "Every loop back edge", "Section 3" and "This" are not terms.
 */
export function isTermSubject(sentence: string, subject: string, opts: { lenient?: boolean } = {}): boolean {
  if (
    /(?:^|\s)\d|[,;:()]/.test(subject) ||
    /^(?:every|each|all|some|any|no|this|that|these|those|it|there|one|our|their|its|his|her|such|section|chapter|figure)\b/i.test(subject)
  )
    return false;
  const { surface, pos, stop } = tokenColumns(wink().readDoc(sentence).tokens());
  const start = pos[0] === 'DET' ? 1 : 0;
  const end = surface.findIndex((w, i) => i >= start && /^(?:is|are)$/.test(w));
  if (
    end <= start ||
    end - start > 4 ||
    surface
      .slice(start, end)
      .join(' ')
      .replace(/ ([’']s)/g, '$1') !== subject.replace(/\s+/g, ' ')
  )
    return false;
  // The tagger reads some nouns of a compound as adjectives ("random variable"): `lenient` accepts a phrase of two or more words ending so.
  const lastIsNoun =
    nounTags.has(pos[end - 1]) || (end - start > 1 && (pos[end - 1] === 'VERB' || (opts.lenient && pos[end - 1] === 'ADJ')));
  if (!lastIsNoun) return false;
  for (let i = start; i < end; i++) {
    const isModifier = subjectTags.has(pos[i]) || (pos[i] === 'VERB' && /(?:ed|ing)$/.test(surface[i]));
    if (!isModifier || (stop[i] && pos[i] !== 'PART')) return false;
  }
  return true;
}

/** True when the phrase ends in a noun in the sentence it comes from ("mesh networks", not "analytic"). */
export function endsInNoun(sentence: string, phrase: string): boolean {
  const { surface, pos } = tokenColumns(wink().readDoc(sentence).tokens());
  const last = phrase.trim().split(/\s+/).pop()?.toLowerCase();
  const at = surface.findIndex((w) => w.toLowerCase() === last);
  return at >= 0 && nounTags.has(pos[at]);
}
