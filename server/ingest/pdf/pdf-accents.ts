/**
 * Accents TeX builds from two glyphs. Without T1 fonts (`\usepackage[T1]{fontenc}`), LaTeX sets "è",
 * "ê", "à", "ù", "î" as a spacing accent (`, ˆ, ´, ¨, ˜) moved back over the letter that follows,
 * and pdf.js ends one text run at the accent and starts the next at the letter, inside the first
 * run's width: "probl`" + "eme", "Forˆ" + "ets", "o`" + "u". Read as they stand, French notes printed
 * "probl`eme", "o` u" and "plutˆ ot", and a run put back out of order cut sentences and headings.
 * An accent ending a run that the next run overlaps is combined with that run's first letter.
 */

const combining: Record<string, string> = {
  '`': '\u0300',
  '´': '\u0301',
  ˆ: '\u0302',
  '˜': '\u0303',
  '¯': '\u0304',
  '˘': '\u0306',
  '˙': '\u0307',
  '¨': '\u0308',
  '˚': '\u030a',
  '˝': '\u030b',
  ˇ: '\u030c',
  '¸': '\u0327',
};

/** The spacing accent a run ends with (spaces after it aside), or undefined. */
export function trailingAccent(run: string): string | undefined {
  const last = run.trimEnd().slice(-1);
  return combining[last] ? last : undefined;
}

/**
 * The two runs with the accent ending the first put on the first letter of the second ("ı" losing its
 * dot under it: "paraˆ" + "ıt" reads "paraît"); undefined when the second run starts with no letter.
 */
export function placeAccent(before: string, after: string): { before: string; after: string } | undefined {
  const accent = trailingAccent(before);
  if (!accent) return undefined;
  const rest = after.trimStart();
  const letter = /^\p{L}/u.exec(rest)?.[0];
  if (!letter) return undefined;
  const base = letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter;
  const composed = (base + combining[accent]).normalize('NFC');
  return { before: before.trimEnd().slice(0, -1), after: composed + rest.slice(letter.length) };
}
