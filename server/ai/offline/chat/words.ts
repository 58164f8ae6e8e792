/** Number words and quoting helpers for reading plain English requests. */

const cardinals = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const ordinals = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];

/** Regex source matching a number as digits, a word ("six") or an ordinal ("6th", "sixth"). */
export const NUM = `(?:\\d{1,3}(?:st|nd|rd|th)?|${cardinals.slice(1).join('|')}|${ordinals.slice(1).join('|')}|half|halves)`;
/** Cardinals only ("6", "six"): "make it six chapters", never "the first chapter". */
export const CARD = `(?:\\d{1,3}|${cardinals.slice(1).join('|')})`;
export const ORD = `(?:${ordinals.slice(1).join('|')}|\\d{1,3}(?:st|nd|rd|th)|last|final)`;

/** Parses "3", "three", "3rd", "third"; "half"/"halves" mean 2 (split in half). */
export function parseNumber(word: string): number | null {
  const w = word.trim().toLowerCase();
  const digits = /^(\d{1,3})(?:st|nd|rd|th)?$/.exec(w);
  if (digits) return Number(digits[1]);
  if (w === 'half' || w === 'halves') return 2;
  const c = cardinals.indexOf(w);
  if (c > 0) return c;
  const o = ordinals.indexOf(w);
  if (o > 0) return o;
  return null;
}

const quotePairs: Array<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
  ['`', '`'],
];

/** Removes one pair of surrounding quotes and trailing sentence punctuation. */
export function unquote(text: string): string {
  let t = text
    .trim()
    .replace(/[.!?;,]+$/, '')
    .trim();
  for (const [open, close] of quotePairs) {
    if (t.length >= 2 && t.startsWith(open) && t.endsWith(close)) {
      t = t.slice(1, -1).trim();
      break;
    }
  }
  return t;
}

/** True when the text was written in quotes (so it is a title verbatim). */
export function isQuoted(text: string): boolean {
  const t = text.trim();
  return quotePairs.some(([open, close]) => t.length >= 2 && t.startsWith(open) && t.endsWith(close));
}

const smallWords = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'to', 'for', 'with', 'at', 'by', 'from', 'vs', 'via']);

/**
 * A title from what the user typed: verbatim when quoted, otherwise without
 * a leading article and in title case ("add a section on the Calvin cycle"
 * -> "Calvin Cycle"); words with capitals inside (JavaScript, iOS) are kept.
 */
export function toTitle(text: string): string {
  if (isQuoted(text.trim().replace(/[.!?;,]+$/, ''))) return unquote(text);
  const t = unquote(text)
    .replace(/\s+/g, ' ')
    .replace(/^(the|a|an)\s+(?=\S)/i, '');
  return t
    .split(' ')
    .map((w, i) => (i > 0 && smallWords.has(w) ? w : /^\p{Ll}/u.test(w) && !/\p{Lu}/u.test(w) ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** Lowercased words for matching titles loosely. */
export function titleWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^(chapter|section)\s+\d+(\.\d+)?[:.)-]?\s*/, '')
    .replace(/^\d+(\.\d+)*[:.)-]?\s+/, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !smallWords.has(w));
}
