// A heading as a title: its numbering ("3.1", "Chapter 2", "IV.") taken off and its capitals tidied.
// A part, unit, lesson or module labelled with its number and a colon ("Part 1: Coins") is the author's own title.

const labelled = /^(?:part|unit|lesson|module)\s+(?:\d+|[IVXLC]+)\s*[:\u2013\u2014]\s*\S/i;

const numbering = /^(?:(?:chapter|section|part|unit|lesson|module)\s+)?(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z](?=\.))[.:)]?\s+(?=\S)/i;

/** "3.1 Typed Trace Trees" -> "Typed Trace Trees"; "INTRODUCTION" -> "Introduction". */
export function cleanHeadingTitle(raw: string): string {
  let t = raw.replace(/\s+/g, ' ').trim();
  // Roman numerals only count as numbering when followed by a dot ("IV. Results"), not words like "I think".
  if (/^[IVXLC]+\s/.test(t) && !/^[IVXLC]+[.:)]\s/.test(t)) return tidy(t);
  // A single letter before a word in lower case is a genus or an initial ("C. difficile", "E. coli"), not a label.
  if (/^[A-Z]\.\s+\p{Ll}/u.test(t)) return tidy(t);
  if (labelled.test(t)) return tidy(t);
  t = t.replace(numbering, '');
  return tidy(t);
}

function tidy(text: string): string {
  let t = text.replace(/[.:;,\s]+$/, '').trim();
  if (t.length > 3 && t === t.toUpperCase() && /[A-Z]/.test(t)) {
    t = t.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  }
  return t.length > 120 ? `${t.slice(0, 117).trimEnd()}...` : t;
}
