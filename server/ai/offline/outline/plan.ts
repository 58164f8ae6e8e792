import type { SourceSentence } from '../compose/select-sentences';

/**
 * The shape of a book before its text is chosen: chapters and sections with
 * the source sentences that may fill them (candidates), in reading order.
 */
export interface PlannedSection {
  title: string;
  /** True when the title is the document's own heading (not made from key phrases). */
  fromHeading: boolean;
  candidates: SourceSentence[];
}

export interface PlannedChapter {
  title: string;
  fromHeading: boolean;
  /** The chapter's own opening text (before its first section), when the source has one. */
  opening: SourceSentence[];
  sections: PlannedSection[];
}

const backMatter =
  /^(references|bibliography|works cited|literature cited|citations|acknowledge?ments?|appendix|appendices|index|glossary of symbols|about the authors?|author biograph(y|ies)|notes|endnotes|footnotes|funding|conflicts? of interest|supplementary material)\b/i;
const frontMatter =
  /^(abstract|summary|keywords|key words|categories and subject descriptors|general terms|table of contents|contents|preface|foreword|title page)\b/i;

export function isBackMatter(title: string): boolean {
  return backMatter.test(title.trim());
}
export function isFrontMatter(title: string): boolean {
  return frontMatter.test(title.trim());
}

/** Depth of a numbered heading: "3" -> 1, "3.1" -> 2, "3.1.2" -> 3; null when unnumbered. */
export function numberedDepth(raw: string): number | null {
  const t = raw.trim();
  const m = /^(?:(?:chapter|part|unit|lesson|module)\s+)?(\d+(?:\.\d+)*)[.:)]?\s+\S/i.exec(t);
  if (m) return /^(chapter|part|unit|lesson|module)\b/i.test(t) ? 1 : m[1].split('.').length;
  if (/^[IVXLC]+[.:)]\s+\S/.test(t)) return 1;
  return null;
}

/** Titles made unique: a repeated title gets its position appended, never silently merged. */
export function distinctTitles(titles: string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((t) => {
    const key = t.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? t : `${t} (${n})`;
  });
}
