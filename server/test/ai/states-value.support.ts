/**
 * Whether a text states a value, written independently of the quiz builders (so a test of "the prompt does not give its
 * answer away" does not reuse the rule it checks): a figure by its number ("39", "39%", "39x"), any other value in any
 * case or without plural endings.
 */
const numbersOf = (text: string) => [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
const singular = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => (w.length > 4 ? w.replace(/(?:es|s)$/, '') : w))
    .join(' ')} `;

/** A figure: a number, a share or a factor ("1,200", "39%", "3x"). */
export const isFigure = (s: string) => /^\d[\d,.]*(?:x|×|%)?$/.test(s);

export function statesValue(text: string, value: string): boolean {
  if (isFigure(value)) return numbersOf(text).includes(Number(value.replace(/[,x×%]/g, '')));
  return text.toLowerCase().includes(value.toLowerCase()) || singular(text).includes(singular(value));
}
