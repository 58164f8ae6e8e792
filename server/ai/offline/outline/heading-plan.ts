import type { DocBlock, Material } from '@server/ai/material';
import type { SourceSentence } from '../compose/select-sentences';
import { buildSourceSentences, type SourceParagraph } from '../compose/source-sentences';
import type { TermStats } from '@server/ai/shared/term-vectors';
import { cleanHeadingTitle } from '@server/ai/shared/heading-title';
import { isBackMatter, isFrontMatter, numberedDepth } from './plan';

/** Where a paragraph of the material belongs in the document's own structure. */
type Slot = { kind: 'orphan' } | { kind: 'opening'; chapter: number } | { kind: 'section'; chapter: number; section: number };

export interface HeadingChapter {
  title: string;
  opening: SourceSentence[];
  sections: Array<{ title: string; candidates: SourceSentence[] }>;
}

export interface HeadingPlan {
  chapters: HeadingChapter[];
  /** Material outside any chapter (front matter, text before the first heading). */
  orphans: SourceSentence[];
  sentences: SourceSentence[];
  stats: TermStats;
}

/** Fewer top-level headings than this and the document's structure is not a book outline. */
const minChapters = 3;
/** More than this and the headings are too fine to be chapters (clustering does better). */
const maxChapters = 16;

interface WalkState {
  chapters: Array<{ title: string; sections: string[] }>;
  paragraphs: SourceParagraph[];
  slots: Slot[];
}

/** A top heading followed by this many words before the next heading opens a chapter, even if it reads as the title. */
const chapterWordsAfterTitle = 80;

/** Words of prose after each heading, up to the next heading. */
function wordsAfterHeadings(blocks: DocBlock[]): number[] {
  const out: number[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') {
      if (b.text.trim()) out.push(0);
    } else if (out.length && (b.kind === 'paragraph' || b.kind === 'list-item')) {
      out[out.length - 1] += b.text.split(/\s+/).filter(Boolean).length;
    }
  }
  return out;
}

/** Depth 1 = chapter, 2 = section, 3+ = inside a section, 0 = the document's title (front matter). */
function headingDepths(headings: DocBlock[], docTitle: string | undefined, wordsAfter: number[]): number[] {
  const numbered = headings.map((h) => numberedDepth(h.text));
  const topNumbered = headings.filter((_, i) => numbered[i] === 1);
  if (topNumbered.length >= 2) {
    const l1 = Math.min(...topNumbered.map((h) => h.level ?? 1));
    const firstNumbered = numbered.findIndex((d) => d === 1);
    return headings.map((h, i) => {
      if (numbered[i] !== null) return numbered[i] as number;
      // Unnumbered headings before the first numbered one are the title block and front matter.
      if (i < firstNumbered) return 0;
      return (h.level ?? l1) <= l1 ? 1 : 2;
    });
  }
  const levels = headings.map((h) => h.level ?? 1);
  const min = Math.min(...levels);
  const depths = levels.map((l) => l - min + 1);
  // A single top heading that opens the document (or matches its title) is the title, not a chapter.
  const tops = depths.filter((d) => d === 1).length;
  const first = headings[0];
  // A DOCX without Word's Title style: its first Heading 1 may be both the document's title and a real chapter.
  const opensChapter = tops > 1 && (wordsAfter[0] ?? 0) >= chapterWordsAfterTitle;
  const isTitle =
    depths[0] === 1 &&
    !opensChapter &&
    (tops === 1 || (docTitle && cleanHeadingTitle(first.text).toLowerCase() === cleanHeadingTitle(docTitle).toLowerCase()));
  if (isTitle) {
    depths[0] = 0;
    if (tops === 1) for (let i = 1; i < depths.length; i++) depths[i] = Math.max(1, depths[i] - 1);
  }
  return depths;
}

function walkDocument(blocks: DocBlock[], docTitle: string | undefined, sourceId: number, state: WalkState): void {
  const headings = blocks.filter((b) => b.kind === 'heading' && b.text.trim());
  let depths = headingDepths(headings, docTitle, wordsAfterHeadings(blocks));
  // One chapter heading with many below it: the subsections are the real chapters.
  const count = (d: number) => depths.filter((x) => x === d).length;
  if (count(1) < minChapters && count(2) >= minChapters) depths = depths.map((d) => (d <= 1 ? 0 : d - 1));
  const firstChapter = state.chapters.length;
  // Text outside any chapter (title block, abstract) waits for the next chapter and opens it, in reading order.
  let pending: number[] = [];
  const startChapter = (title: string) => {
    state.chapters.push({ title, sections: [] });
    const chapter = state.chapters.length - 1;
    for (const i of pending) state.slots[i] = { kind: 'opening', chapter };
    pending = [];
    return chapter;
  };
  let slot: Slot | null = { kind: 'orphan' };
  let h = 0;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (!block.text.trim()) continue;
      const depth = depths[h++];
      const title = cleanHeadingTitle(block.text);
      // "Summary" or "Abstract" is front matter only before the first chapter; "8. Summary" is a chapter.
      const front = isFrontMatter(title) && state.chapters.length === firstChapter && numberedDepth(block.text) === null;
      if (depth === 0 || front) slot = { kind: 'orphan' };
      else if (isBackMatter(title) && depth <= 2) slot = null;
      else if (depth === 1 || slot?.kind === 'orphan') slot = { kind: 'opening', chapter: startChapter(title) };
      else if (depth === 2 && slot) {
        // Below a skipped back-matter heading (slot null) the subsections stay skipped.
        const chapterIndex: number = slot.chapter;
        const sections: string[] = state.chapters[chapterIndex].sections;
        sections.push(title);
        slot = { kind: 'section', chapter: chapterIndex, section: sections.length - 1 };
      }
      continue;
    }
    // Captions, table rows and bibliography entries are not prose for a textbook.
    if (!slot || (block.kind !== 'paragraph' && block.kind !== 'list-item')) continue;
    if (slot.kind === 'orphan') pending.push(state.paragraphs.length);
    state.paragraphs.push({ text: block.text, sourceId });
    state.slots.push(slot);
  }
  // Orphan text after the document's last chapter heading closes that chapter (it follows it in the source).
  const last = state.chapters.length - 1;
  if (pending.length && last >= firstChapter) {
    const lastSection = state.chapters[last].sections.length - 1;
    const slotAtEnd: Slot =
      lastSection >= 0 ? { kind: 'section', chapter: last, section: lastSection } : { kind: 'opening', chapter: last };
    for (const i of pending) state.slots[i] = slotAtEnd;
  }
}

/**
 * An outline that follows the documents' own headings: numbered
 * or top-level headings become chapters, the level below sections. Null when
 * the documents have no usable heading structure.
 */
export function planFromHeadings(material: Material): HeadingPlan | null {
  const state: WalkState = { chapters: [], paragraphs: [], slots: [] };
  for (const source of material.sources) {
    const chaptersBefore = state.chapters.length;
    const paragraphsBefore = state.paragraphs.length;
    walkDocument(source.document.blocks, source.document.title, source.id, state);
    // Among several documents, one without headings becomes a chapter of its own.
    if (material.sources.length > 1 && state.chapters.length === chaptersBefore && state.paragraphs.length > paragraphsBefore) {
      state.chapters.push({
        title: cleanHeadingTitle(source.document.title ?? source.filename.replace(/\.[a-z0-9]+$/i, '')),
        sections: [],
      });
      const chapter = state.chapters.length - 1;
      for (let i = paragraphsBefore; i < state.slots.length; i++) state.slots[i] = { kind: 'opening', chapter };
    }
  }
  const withText = new Set(state.slots.filter((s) => s.kind !== 'orphan').map((s) => (s as { chapter: number }).chapter));
  const chapterCount = state.chapters.filter((_, i) => withText.has(i)).length;
  if (chapterCount < minChapters || chapterCount > maxChapters) return null;

  const { sentences, stats } = buildSourceSentences(state.paragraphs);
  const chapters: HeadingChapter[] = state.chapters.map((c) => ({
    title: c.title,
    opening: [],
    sections: c.sections.map((title) => ({ title, candidates: [] })),
  }));
  const orphans: SourceSentence[] = [];
  for (const s of sentences) {
    const slot = state.slots[s.paragraph];
    if (slot.kind === 'orphan') orphans.push(s);
    else if (slot.kind === 'opening') chapters[slot.chapter].opening.push(s);
    else chapters[slot.chapter].sections[slot.section].candidates.push(s);
  }
  const kept = chapters.filter((c) => c.opening.length + c.sections.reduce((n, s) => n + s.candidates.length, 0) > 0);
  if (kept.length < minChapters) return null;
  return { chapters: kept, orphans, sentences, stats };
}
