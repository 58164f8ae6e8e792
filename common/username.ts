/**
 * What makes a username one person can be told apart by: compatibility forms folded (NFKC, so
 * "ｊｏｈｎ" is "john"), no invisible or direction-changing characters (a zero-width space or an
 * RTL override makes a name that looks like another), and letters from one script, or from a
 * combination a language writes together (Unicode TR #39, "Highly Restrictive"): "pаypal" with
 * a Cyrillic "а" is refused.
 */

/** Format characters (zero-width, bidi controls), everything Unicode says to show as nothing (fillers, variation selectors, soft hyphen), the blank braille cell. */
const invisible = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u{2800}]/u;

const scripts = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
] as const;
const scriptTests = scripts.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** Scripts a language writes together (TR #39 "Highly Restrictive"); any single script is fine too. */
const allowedTogether: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

export function normalizeUsername(name: string): string {
  return name.normalize('NFKC');
}

/** The scripts of a name's letters (digits, punctuation and marks belong to none). */
export function scriptsOf(name: string): Set<string> {
  const found = new Set<string>();
  for (const ch of name) {
    if (!/\p{L}/u.test(ch)) continue;
    found.add(scriptTests.find(([, test]) => test.test(ch))?.[0] ?? `other:${ch.codePointAt(0)?.toString(16)}`);
  }
  return found;
}

/** Why a (normalized) username cannot be registered, or null. */
export function usernameProblem(name: string): string | null {
  if (invisible.test(name)) return 'Username may not contain invisible or direction-changing characters';
  const found = scriptsOf(name);
  if (found.size > 1 && !allowedTogether.some((set) => [...found].every((s) => set.has(s))))
    return 'Username may not mix letters of different alphabets';
  return null;
}
