/**
 * Finds a document's References / Bibliography section and splits it into
 * entries. Works on text as PDF extraction gives it (one line per printed
 * line) and on unwrapped paragraphs (entries run together on one line).
 */
import { authorYearLabel } from './citation-parser';

/** Control characters around a heading are left by PDFs with broken font encodings. */
const sectionHeading =
  /^[ \t\x00-\x09\x0b-\x1f]*(?:(?:\d+|[IVX]+)\.?[ \t]+)?(references|bibliography|works cited|literature cited|references and notes|reference list|cited literature|sources)[ \t]*:?[ \t\x00-\x09\x0b-\x1f]*$/gim;

/** Headings that end a bibliography (what usually follows it in papers and theses). */
const sectionEnd =
  /^[ \t]*(?:(?:\d+|[A-Z])\.?[ \t]+)?(appendix|appendices|acknowledge?ments?|about the authors?|author biograph(?:y|ies)|index|notes|supplementary material|list of (?:abbreviations|acronyms|figures|tables|symbols)|glossary)\b[^\n]{0,60}$/im;

export interface BibliographySpan {
  section: string;
  /** Where the heading starts and the section ends in the text, so callers can look outside it. */
  start: number;
  end: number;
}

/** The text after the last bibliography heading, up to a heading that ends it. */
export function locateBibliography(text: string): BibliographySpan | undefined {
  let headingAt = -1;
  let bodyAt = -1;
  for (const m of text.matchAll(sectionHeading)) {
    headingAt = m.index ?? 0;
    bodyAt = headingAt + m[0].length;
  }
  if (bodyAt < 0) return undefined;
  const rest = text.slice(bodyAt);
  const endOffset = rest.search(sectionEnd);
  const end = endOffset >= 0 ? bodyAt + endOffset : text.length;
  const section = text.slice(bodyAt, end).trim();
  return section ? { section, start: headingAt, end } : undefined;
}

const bracketMarker = /\[(\d{1,3})\][ \t]*/g;
const lineMarker = /^[ \t]*(?:(\d{1,3})\.|\((\d{1,3})\))[ \t]+(?=\S)/gm;

/**
 * Numbered entries ([1], 1., (1)): a marker counts only when it continues the
 * sequence 1, 2, 3... (one missing number tolerated: extraction sometimes
 * loses a line), so "[12]" cited inside an entry or "2006." at a line start
 * never splits one.
 */
function splitNumbered(section: string, pattern: RegExp): string[] | undefined {
  const cuts: Array<{ at: number; body: number }> = [];
  let expected = 1;
  for (const m of section.matchAll(pattern)) {
    const n = Number(m[1] ?? m[2]);
    if (n !== expected && !(n === expected + 1 && cuts.length > 0)) continue;
    cuts.push({ at: m.index ?? 0, body: (m.index ?? 0) + m[0].length });
    expected = n + 1;
  }
  if (cuts.length < 2) return undefined;
  return cuts.map((cut, i) => section.slice(cut.body, cuts[i + 1]?.at ?? section.length).trim());
}

/** "Surname, I." or "Surname, Given" or "SURNAME I" opening a line: the usual start of an unnumbered entry. */
const entryStart =
  /^[ \t]*(?:\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){0,2},[ \t]+\p{Lu}|\p{Lu}[\p{L}'’-]+[ \t]+\p{Lu}{1,3}[,.]|\p{Lu}\.[ \t]?(?:\p{Lu}\.[ \t]?)*\p{Lu}[\p{L}'’-]+,)/u;

function splitUnnumbered(section: string): string[] {
  const blocks = section
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  if (blocks.length >= 3) return blocks;
  const entries: string[] = [];
  let current = '';
  for (const line of section.split('\n')) {
    const startsEntry = entryStart.test(line) && /[.)\]]\s*$|\d\s*$|https?:\/\/\S+\s*$/.test(current);
    if (startsEntry && current.trim()) {
      entries.push(current.trim());
      current = line;
    } else {
      current = current ? `${current}\n${line}` : line;
    }
  }
  if (current.trim()) entries.push(current.trim());
  return entries;
}

/** Entries longer than this are not one citation (the section ran into other text). */
const maxEntryChars = 700;

/** "Surname, I. I., & Other, I. (2015)." starting inside an entry: the next author-year entry run into this one. */
const authorYearStart =
  /\s(?=\p{Lu}[\p{L}'’-]+,\s(?:\p{Lu}\.\s?)+(?:,?\s(?:&\s|and\s)?\p{Lu}[\p{L}'’-]+,\s(?:\p{Lu}\.\s?)+)*\s?\((?:1[5-9]|20)\d\d[a-z]?\))/gu;

/** An author-year label starting inside an entry ("... de la chaleur. [Haykin and Van Veen, 2007] Haykin, S."). */
const labelledStart = new RegExp(`\\s(?=${authorYearLabel.source})`, 'gu');

/**
 * Author-year entries that extraction ran together ("...446-460. https://doi.org/x Dingman, S. L. (2015). ...")
 * are cut where the next one starts: after a full stop or an address, at "Surname, I. (year)".
 */
export function splitRunOnEntries(entries: string[]): string[] {
  return entries.flatMap((entry) => {
    const cuts = [0];
    for (const m of entry.matchAll(labelledStart)) {
      const before = entry.slice(0, m.index);
      if (/(\.|\S\/\S*)$/.test(before) && before.trim().length >= 20) cuts.push((m.index ?? 0) + 1);
    }
    for (const m of entry.matchAll(authorYearStart)) {
      const before = entry.slice(0, m.index);
      if (/(\.|\S\/\S*)$/.test(before) && before.trim().length >= 20) cuts.push((m.index ?? 0) + 1);
    }
    return cuts.map((at, i) => entry.slice(at, cuts[i + 1]).trim()).filter(Boolean);
  });
}

export function splitBibliography(section: string): string[] {
  const entries = splitRunOnEntries(
    splitNumbered(section, bracketMarker) ?? splitNumbered(section, lineMarker) ?? splitUnnumbered(section),
  );
  return entries
    .map((entry, i, all) => (i === all.length - 1 ? entry.split(/\n[ \t]*\n/)[0] : entry))
    .map((entry) => entry.trim())
    .filter((entry) => entry.length >= 10 && entry.length <= maxEntryChars);
}
