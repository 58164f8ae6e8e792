/**
 * English's most frequent general nouns: the nouns every subject's prose uses (the commonest nouns of general and
 * academic English), whatever it teaches. Blanked alone, such a noun is a slot any text fills ("referring to missing
 * _____" for "data", "the _____ of the function" for "value"): the rubric in docs/quality-review.md counts "a word
 * every text uses" as a trivially guessable key. A phrase headed by one ("missing data", "expected value") names a
 * thing of the subject and is not among them.
 */
const generalNouns = new Set(
  `
  ability account action activity amount analysis answer application approach area argument aspect attempt basis
  behavior behaviour benefit case cause change choice component concept condition content context cost course data
  datum degree detail development difference direction effect end event evidence example experience extent
  fact factor feature form goal group history idea impact importance information issue item job kind knowledge lack
  level life look lot manner material matter meaning means method name nature need number opinion option order
  outcome part pattern people performance period person place plan point position possibility practice principle
  problem procedure process project purpose quality question reason relation relationship report requirement research
  resource response rest result role rule side situation size solution sort source stage step structure study subject
  system task technique text theme thing time tool topic type use value variety view way whole work world year
  `
    .trim()
    .split(/\s+/),
);

/** True for a key that is one of the language's general nouns, in the singular or a regular plural ("values", "processes"). */
export function isGeneralNoun(key: string): boolean {
  const w = key.trim().toLowerCase();
  if (!/^\p{Ll}+$/u.test(w)) return false;
  return (
    generalNouns.has(w) ||
    generalNouns.has(w.replace(/s$/, '')) ||
    generalNouns.has(w.replace(/es$/, '')) ||
    generalNouns.has(w.replace(/ies$/, 'y'))
  );
}
