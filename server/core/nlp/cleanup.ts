/**
 * Text cleanup shared by the extractors (PDF, DOCX, TXT), the engines and
 * references. Pure functions on strings; no NLP model needed.
 */

/** Typographic ligatures, which spell the same letters apart. Œ and œ are letters of French ("cœur", "œuvre"), not ligatures: they stay. */
const ligatures: Record<string, string> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
  '\u0132': 'IJ',
  '\u0133': 'ij',
};

const spacingAccents: Record<string, string> = {
  '\u00A8': '\u0308', // diaeresis
  '\u00B4': '\u0301', // acute
  '\u0060': '\u0300', // grave
  '\u02C6': '\u0302', // circumflex
  '\u02DC': '\u0303', // tilde
  '\u00B8': '\u0327', // cedilla
  '\u02C7': '\u030C', // caron
  '\u02DA': '\u030A', // ring
};

/**
 * TeX-made PDFs set an accent as a separate spacing character before the
 * letter ("na¨ıve"): turn it into the composed letter ("naïve"). A tilde after
 * a slash is the "~" of a web address ("http://tau.ac.il/˜tromer/"), no accent.
 */
export function composeAccents(text: string): string {
  return text
    .replace(/\/\u02DC\s?(?=[\w.-])/g, '/~')
    .replace(/([\u00A8\u00B4\u02C6\u02DC\u00B8\u02C7\u02DA])\s?([A-Za-z\u0131])/g, (_m, accent: string, letter: string) =>
      `${letter === '\u0131' ? 'i' : letter}${spacingAccents[accent]}`.normalize('NFC'),
    );
}

/** Ligatures to letters, odd spaces to plain spaces, soft hyphens and zero-widths removed. */
export function normalizeCharacters(text: string): string {
  return (
    composeAccents(text)
      .replace(/[\uFB00-\uFB06\u0132\u0133]/g, (c) => ligatures[c] ?? c)
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
      .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t\f\v]/g, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/[\u2028\u2029]/g, '\n')
      // Control characters other than newline carry nothing a reader can see.
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '')
  );
}

/** Collapses runs of spaces inside lines and trims each line. */
export function collapseSpaces(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n');
}

/**
 * Joins words split across lines by a hyphen ("compi-\nlation" -> "compilation").
 * A hyphen before a capitalised word or between two words that are both
 * hyphenated compounds elsewhere ("well-\nknown") is kept as a real hyphen.
 */
export function joinHyphenation(text: string, knownCompounds?: Set<string>, knownWords?: Set<string>): string {
  return text.replace(/([\p{L}]+)[-\u2010\u2011]\s*\n\s*([\p{L}]+)/gu, (m, left: string, right: string, at: number) => {
    const joined = `${left}${right}`.toLowerCase();
    const compound = `${left}-${right}`.toLowerCase();
    if (knownWords?.has(joined)) return `${left}${right}`;
    // "step-\nby-step": the next line goes on with another hyphen, so the break is inside a compound.
    if (/^[-\u2010\u2011]\p{L}/u.test(text.slice(at + m.length))) return `${left}-${right}`;
    if (knownCompounds?.has(compound)) return `${left}-${right}`;
    // "run-\ntime": both halves are words of the document (and not the joined form): a real compound.
    if (knownWords && left.length >= 3 && right.length >= 3 && knownWords.has(left.toLowerCase()) && knownWords.has(right.toLowerCase())) {
      return `${left}-${right}`;
    }
    // Before a capital the hyphen is usually real ("non-European"); without document evidence leave it alone.
    if (/^\p{Lu}/u.test(right)) return knownWords ? `${left}-${right}` : m;
    return `${left}${right}`;
  });
}

/** Hyphenated compounds that appear inside lines (not at a break): evidence that a break hyphen is real. */
export function collectCompounds(text: string): Set<string> {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b([A-Za-z]+-[a-z]+)\b/g)) found.add(m[1].toLowerCase());
  return found;
}

/** Paragraph text: lines joined by spaces, hyphenation joined, spaces collapsed. */
export function unwrapLines(text: string, knownCompounds?: Set<string>): string {
  return joinHyphenation(text, knownCompounds)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Full cleanup for a block of extracted text, keeping paragraph breaks (blank lines). */
export function cleanText(text: string): string {
  const normalized = collapseSpaces(normalizeCharacters(text));
  return normalized
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .join('\n\n');
}

export function countWords(text: string): number {
  const m = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu);
  return m ? m.length : 0;
}

/** Cuts at a word boundary and adds an ellipsis when cut. */
export function truncateWords(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** "the TRACE-based   compiler" -> "The TRACE-based compiler" (first letter up, spaces collapsed). */
export function toTitleStart(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

/** Title Case for short headings/topics, keeping acronyms and small words. */
export function toTitleCase(text: string): string {
  const small = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'via', 'vs', 'with']);
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((w, i) => {
      if (/[A-Z]/.test(w.slice(1)) || /\d/.test(w)) return w;
      const lower = w.toLowerCase();
      if (i > 0 && small.has(lower)) return lower;
      return lower[0]?.toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
