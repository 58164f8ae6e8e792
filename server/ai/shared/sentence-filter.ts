/**
 * Decides whether a sentence taken from extracted material is fit to quote on its
 * own (in an overview, a summary, a key term, a question, or the sentence-picking
 * outline used when the material has no blocks), and repairs the small extraction
 * scars that can be repaired. What fails here is debris or no teaching sentence:
 * running heads, page furniture, figure and table fragments, code, reference-list
 * entries, sentences broken across columns, a licence or copyright notice. It never
 * decides what a book composed from the documents prints: that book carries every
 * block (outline/document-units.ts drops only page furniture, and the generation
 * report names the contents, index and reference list it does not print as text).
 */

const spacingMarks: Record<string, string> = {
  '\u00a8': '\u0308', // diaeresis
  '\u00b4': '\u0301', // acute
  '`': '\u0300',
  '\u02c6': '\u0302', // circumflex
  '\u02dc': '\u0303', // tilde
  '\u00b8': '\u0327', // cedilla
};

/** "na¨ıve" -> "naïve": PDF text often carries a spacing accent before a dotless i or letter. */
export function repairAccents(text: string): string {
  return text
    .replace(/([\u00a8\u00b4`\u02c6\u02dc])\s?([A-Za-z\u0131])/g, (_m, mark: string, letter: string) =>
      `${letter === '\u0131' ? 'i' : letter}${spacingMarks[mark]}`.normalize('NFC'),
    )
    .replace(/([A-Za-z])\u00b8/g, (_m, letter: string) => `${letter}\u0327`.normalize('NFC'));
}

const boilerplate =
  /\b(copyright|all rights reserved|permission to make digital|to copy otherwise|prior specific permission|licensed under|creative commons|isbn|issn|doi:|arxiv:|proceedings of|in proc\.|preprint|manuscript submitted|corresponding author|e-?mail:|retrieved from|accessed on)\b/i;

/** Front-matter lines of papers that read like sentences but are lists of terms. */
const frontMatterLine =
  /^(keywords|key words|index terms|general terms|categories and subject descriptors|acm reference format|ccs concepts)\b/i;

function balanced(text: string): boolean {
  let round = 0;
  let square = 0;
  for (const c of text) {
    if (c === '(') round++;
    else if (c === ')') round--;
    else if (c === '[') square++;
    else if (c === ']') square--;
    if (round < 0 || square < 0) return false;
  }
  const quotes = (text.match(/["\u201c\u201d]/g) ?? []).length;
  return round === 0 && square === 0 && quotes % 2 === 0;
}

function looksLikeReferenceEntry(text: string): boolean {
  if (/^\[\d+\]/.test(text)) return true;
  // Author lists: "Gal, A., Franz, M." / "A. Gal and M. Franz."
  const initials = (text.match(/\b[A-Z]\.\s?(?:[A-Z]\.\s?)?(?=[\s,])/g) ?? []).length;
  const year = /\b(19|20)\d{2}[a-z]?\b/.test(text);
  if (initials >= 3 && year) return true;
  if (/\bpp\.\s*\d+|\bvol\.\s*\d+|\bno\.\s*\d+,/i.test(text) && year) return true;
  return /^[A-Z][a-z]+,\s+[A-Z]\.(?:\s?[A-Z]\.)?,?\s+(?:and\s+)?[A-Z]/.test(text) && year;
}

function codeLike(text: string): boolean {
  const symbols = (text.match(/[{}();=<>\[\]|&*+\\/_#$%^~]/g) ?? []).length;
  if (symbols / text.length > 0.06) return true;
  return /[{};]\s*$|^\s*(?:var|let|const|function|for|while|if|return)\b[^.]*[({=]/.test(text);
}

/**
 * A worked computation in prose ("The rate is distance divided by time:
 * 120 km / 4.0 Myr = 30 km/Myr."): it opens with words, not figures, and
 * carries an equation or a quantity with a unit. Such sentences are the heart
 * of a worked example, so the number and symbol checks below do not apply.
 */
const labelWord = /^(?:example|exercise|problem|question|step|case|solution|answer|activity|task)$/i;

function isWorkedComputation(text: string): boolean {
  const words = text.split(' ');
  if (!/^\p{L}{2,}[,:]?$/u.test(words[0]) || words.filter((w) => /^\p{L}{2,}[,:.]?$/u.test(w)).length < words.length * 0.4) return false;
  if (/[{};]|\b(?:var|let|const|function|return)\b/.test(text)) return false;
  return /\d\s*(?:\p{L}+(?:\/\p{L}+)?\s*)?[=×÷\/]\s*\d|[=≈×÷]|\d\s?(?:\p{L}{1,4}\/\p{L}{1,4}|%)/u.test(text);
}

export interface FilterOptions {
  minWords?: number;
  maxWords?: number;
}

/**
 * The printable form of a sentence, or null when it is debris. Conservative:
 * a textbook with a sentence too few reads better than one with a scar.
 */
export function cleanSentence(raw: string, opts: FilterOptions = {}): string | null {
  const minWords = opts.minWords ?? 6;
  const maxWords = opts.maxWords ?? 90;
  let text = repairAccents(raw.replace(/\s+/g, ' ').trim());
  // Stray citation or footnote numbers left at the start by column breaks: "(12) For example, ...".
  text = text.replace(/^(?:\(\d{1,3}\)|\[\d{1,3}(?:,\s?\d{1,3})*\]|\d{1,3}(?=\s+[A-Z][a-z]))\s+/, '');
  // A question's part label on an exam or a problem sheet ("(b) The mode of a list ...", "{(c) The prime numbers ..."): not the sentence's.
  text = text.replace(/^[{[]?\((?:[a-h]|i{1,3}|iv|vi{0,3}|ix|x)\)\s+(?=\p{Lu})/u, '');
  if (!text) return null;
  // Must open like a sentence and close like one.
  if (!/^[\p{Lu}"'\u201c\u2018(]/u.test(text) && !/^\d+(?:\.\d+)?\s?%?\s+[a-z]/.test(text)) return null;
  if (!/[.!?]["'\u201d\u2019)]?$/.test(text)) return null;
  const words = text.split(' ');
  // A question is a sentence in a lecture or worked example even when short ("What is the half-spreading rate?").
  const least = text.endsWith('?') ? Math.min(minWords, 3) : minWords;
  if (words.length < least || words.length > maxWords) return null;
  // A word broken across a line that extraction did not join ("com- pile").
  if (/\p{Ll}[-\u2010\u2011] \p{Ll}/u.test(text)) return null;
  // Captions ("Figure 4. ..."); an "Example 1." label opens a worked example and is kept.
  if (/^(?:fig(?:ure)?|table|listing|algorithm|chart|plate|eq(?:uation)?)\.?\s*\d+[.:]/i.test(text)) return null;
  if (boilerplate.test(text) || frontMatterLine.test(text) || /@\w|https?:\/\/\S+\s*$/.test(text)) return null;
  if (looksLikeReferenceEntry(text)) return null;
  const computation = isWorkedComputation(text);
  if (!balanced(text) || (!computation && codeLike(text))) return null;
  // Letters among the printed characters (spaces left out, so prose of short words is not penalised).
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters / text.replace(/\s/g, '').length < (computation ? 0.5 : 0.8)) return null;
  // An "Example 1." label is not a figure of the sentence.
  const numeric = words.filter((w, i) => /^[\d.,:%x()+-]+$/.test(w) && !(i === 1 && labelWord.test(words[0]))).length;
  if (numeric / words.length > (computation ? 0.45 : 0.2)) return null;
  // Mostly one-letter tokens: math or a figure's axis labels.
  const single = words.filter((w) => /^\p{L}[.,]?$/u.test(w) && !/^(a|A|I)$/.test(w)).length;
  if (single / words.length > 0.15) return null;
  return text;
}

/** A key that is equal for sentences that differ only in case, spacing or punctuation. */
export function sentenceKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
