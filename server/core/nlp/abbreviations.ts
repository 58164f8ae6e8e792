/**
 * Words that end in a full stop without ending the sentence, lower case and without their last
 * stop: English, and the German and French ones course notes use ("z. B.", "ca. 4,19", "p. ex.",
 * "env. 1,33"), so notes in those languages are not cut after them.
 */
export const abbreviations = new Set(
  (
    'e.g i.e etc al cf vs fig figs eq eqs no nos vol vols pp p ch sec secs dr mr mrs ms prof st jr sr inc ltd co corp ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec approx dept est ref refs resp univ ed eds rev def thm lem prop ' +
    // German
    'nr ca vgl bzw usw ggf evtl sog inkl exkl abb bsp tab kap anm jh jhd hrsg zb dh ua bspw ff insb allg geb gest ' +
    // French
    'env chap éd éds mme mlle mm av apr éq ex réf vol sq'
  ).split(' '),
);

/**
 * True when `word` (the letters and stops before a full stop) is an abbreviation or an initial,
 * so the stop ends no sentence; `next` is the text after the stop's space.
 */
export function isAbbreviation(word: string, next = ''): boolean {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (abbreviations.has(w) || /^(\p{L}\.)+\p{L}$/u.test(w)) return true;
  // A capital alone is an initial ("J. Smith"); a small letter alone only opens "z. B.", "d. h.", "p. ex."
  // (a variable may end a sentence: "the size of x. Then ...").
  return /^\p{Lu}$/u.test(word) || (/^\p{Ll}$/u.test(word) && /^\p{L}{1,2}\./u.test(next));
}
