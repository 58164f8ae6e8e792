import type { SourceSentence } from './select-sentences';

export interface ParagraphOptions {
  /** Longest paragraph, in sentences. */
  maxSentences?: number;
  /** With enough sentences, at least this many paragraphs. */
  minParagraphs?: number;
}

/**
 * Groups selected sentences (in reading order) into paragraphs: sentences
 * from one source paragraph stay together, long runs are cut, and a lone
 * sentence joins its neighbour, so the text reads as prose rather than a list.
 */
/** "Asthenosphere: the weak, ductile layer ..." - one entry of a definitions list. */
function isGlossaryEntry(text: string): boolean {
  return /^[\p{Lu}][\p{L}'’ -]{1,40}: \p{Ll}/u.test(text);
}

export function groupParagraphs(sentences: SourceSentence[], opts: ParagraphOptions = {}): string[][] {
  const maxSentences = opts.maxSentences ?? 5;
  const minParagraphs = opts.minParagraphs ?? 2;
  const groups: SourceSentence[][] = [];
  for (const s of sentences) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    // Consecutive in the source and in one paragraph: keep together. In a definitions list each entry
    // is a paragraph of its own, however many sentences it has.
    const room = isGlossaryEntry(last?.[0]?.text ?? '') ? !isGlossaryEntry(s.text) : (last?.length ?? 0) < maxSentences;
    if (last && prev && prev.paragraph === s.paragraph && room) last.push(s);
    else groups.push([s]);
  }
  // Lone sentences join the paragraph before them (or after, at the start); glossary entries stay apart.
  const merged: SourceSentence[][] = [];
  for (const g of groups) {
    const prev = merged[merged.length - 1];
    const entries = prev && isGlossaryEntry(prev[0].text) && isGlossaryEntry(g[0].text);
    if (prev && !entries && (g.length === 1 || prev.length === 1) && prev.length + g.length <= maxSentences + 1) prev.push(...g);
    else merged.push([...g]);
  }
  // Too few paragraphs for the amount of text: cut the longest in two.
  const total = sentences.length;
  while (merged.length < minParagraphs && total >= minParagraphs * 2) {
    let longest = 0;
    merged.forEach((g, i) => {
      if (g.length > merged[longest].length) longest = i;
    });
    const g = merged[longest];
    if (g.length < 4) break;
    const half = Math.ceil(g.length / 2);
    merged.splice(longest, 1, g.slice(0, half), g.slice(half));
  }
  return merged.map((g) => g.map((s) => s.text));
}
