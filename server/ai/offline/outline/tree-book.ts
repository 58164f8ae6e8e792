import type { Chapter, Section, TextbookContent } from '../../../../common/textbook';
import type { DocBlock, DocSection, ExtractedDocument } from '../../../core/document-model';
import { documentTree } from '../../../core/document-tree';
import type { Material } from '../../material';
import { escapeHtml } from '../compose/html';
import { renderBlocks, type RenderOptions } from '../compose/render-blocks';
import { chapterOpening, chapterReview, keyTermsOf } from './apparatus';
import { cleanHeadingTitle } from './plan';

/** Units that are not teaching text: a table of contents, lists of figures, an index. */
const navigationTitle = /^(contents|table of contents|list of (figures|tables|algorithms|symbols)|index)$/i;
/** A document's reference list: its entries become the book's references, not its text. */
const referenceListTitle = /^(references|bibliography|works cited|literature cited|citations)$/i;
/** Units that belong with the chapter they follow. */
const companionTitle = /^(exercises?|problems?|problem sets?|further reading|summary|review|questions|self-test|quiz|appendix\b.*|notes)$/i;
/** Up to this many words of material the book keeps all of it; above, each unit is condensed towards it. */
export const fullTextWords = 40_000;
/** A condensed unit keeps at least this many words of its own (or all it has). */
const unitFloorWords = 150;

/** Page furniture and boilerplate that is no teaching text, whichever extractor let it through. */
const furniture =
  /permission to make digital or hard copies|all rights reserved|\bcopyright\b|©|^\s*(categories and subject descriptors|general terms|keywords?)\b|^\s*\d+\s*$|^\s*(page\s+)?\d+\s*(of\s+\d+)?\s*$/i;

export function isFurniture(block: DocBlock): boolean {
  return (block.kind === 'paragraph' || block.kind === 'caption') && furniture.test(block.text);
}

/** Sentences of real prose (a title block of names and affiliations has none). */
function proseWords(blocks: DocBlock[]): number {
  return blocks
    .filter((b) => b.kind === 'paragraph' && /[.!?]["”’)]?$/.test(b.text.trim()) && words(b.text) >= 8)
    .reduce((n, b) => n + words(b.text), 0);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const blockWords = (blocks: DocBlock[]) =>
  blocks.reduce((n, b) => n + (b.kind === 'bibliography' || b.kind === 'heading' ? 0 : words(b.text)), 0);

function keptUnit(node: DocSection): boolean {
  const title = cleanHeadingTitle(node.title);
  return !navigationTitle.test(title) && !referenceListTitle.test(title);
}

function prune(nodes: DocSection[]): DocSection[] {
  return nodes.filter(keptUnit).map((n) => ({ ...n, blocks: n.blocks.filter((b) => !isFurniture(b)), children: prune(n.children) }));
}

interface DocumentUnits {
  /** The document's own title heading and the text under it before its first unit. */
  intro?: { title: string; blocks: DocBlock[] };
  chapters: DocSection[];
}

/**
 * The units of one document that become chapters: its top-level headings, below a single
 * title heading when the whole document sits under one (a chapter file: its numbered
 * sections are the units), and below date-only session headings in lecture notes (the
 * topics are the units, in the order given).
 */
export function documentUnits(doc: Pick<ExtractedDocument, 'blocks' | 'title'>): DocumentUnits {
  const tree = documentTree(doc);
  let roots = prune(tree.sections);
  let intro: DocumentUnits['intro'];
  const preamble = tree.preamble.filter((b) => b.kind !== 'bibliography' && !isFurniture(b));
  while (roots.length === 1 && roots[0].children.length > 0) {
    const [only] = roots;
    intro = { title: only.title, blocks: [...(intro?.blocks ?? preamble), ...only.blocks] };
    roots = only.children;
  }
  if (!intro && blockWords(preamble) > 0) intro = { title: doc.title ?? '', blocks: preamble };
  // A first heading that is the document's title, with little under it: the title, not a chapter.
  const first = roots[0];
  if (
    roots.length > 1 &&
    first &&
    first.children.length === 0 &&
    doc.title &&
    cleanHeadingTitle(first.title).toLowerCase() === cleanHeadingTitle(doc.title).toLowerCase()
  ) {
    intro = { title: first.title, blocks: [...(intro?.blocks ?? []), ...first.blocks] };
    roots = roots.slice(1);
  }
  // Title-block lines set large (course name, "Lecture 5", the author) before the first real unit: the title, not chapters.
  for (
    let n = 0;
    n < 3 && roots.length > 1 && roots[0].children.length === 0 && proseWords(roots[0].blocks) === 0 && blockWords(roots[0].blocks) < 25;
    n++
  ) {
    intro = { title: intro?.title || roots[0].title, blocks: [...(intro?.blocks ?? []), ...roots[0].blocks] };
    roots = roots.slice(1);
  }
  // One chapter and its exercises or further reading beside it: the chapter's sections are the units, the rest follows them.
  const big = roots.filter((r) => r.children.length >= 2);
  if (
    roots.length > 1 &&
    big.length === 1 &&
    roots.every((r) => r === big[0] || (r.children.length === 0 && companionTitle.test(cleanHeadingTitle(r.title))))
  ) {
    const at = roots.indexOf(big[0]);
    intro = { title: big[0].title, blocks: [...(intro?.blocks ?? []), ...big[0].blocks] };
    roots = [...roots.slice(0, at), ...big[0].children, ...roots.slice(at + 1)];
  }
  const sessions = roots.filter((r) => r.session).length;
  if (sessions > 0 && sessions >= roots.length / 2) {
    roots = roots.flatMap((r) => {
      if (!r.session || r.children.length === 0) return [r];
      const [firstTopic, ...rest] = r.children;
      return [{ ...firstTopic, blocks: [...r.blocks, ...firstTopic.blocks] }, ...rest];
    });
  }
  return { intro, chapters: roots };
}

/** Keeps a unit's blocks within a word budget: its first paragraph always, then the most telling ones, in reading order. */
function condense(blocks: DocBlock[], budget: number): DocBlock[] {
  const total = blockWords(blocks);
  if (total <= budget) return blocks;
  const score = (b: DocBlock, i: number): number => {
    if (b.kind === 'figure' || b.kind === 'equation' || b.kind === 'table') return 2;
    let s = i === 0 ? 3 : 0;
    if (/\b(is|are) (defined as|called|known as)|\bwe (call|define)\b|\bdefinition\b/i.test(b.text)) s += 2;
    if (/\b(for example|for instance|example)\b/i.test(b.text)) s += 1;
    return s - i / (blocks.length * 4);
  };
  const ranked = blocks.map((b, i) => ({ b, i, s: score(b, i) })).sort((x, y) => y.s - x.s);
  const keep = new Set<number>();
  let used = 0;
  for (const { b, i } of ranked) {
    const w = words(b.text);
    if (used > 0 && used + w > budget) continue;
    keep.add(i);
    used += w;
  }
  return blocks.filter((_, i) => keep.has(i));
}

interface ComposeOptions extends RenderOptions {
  /** Share of each unit's words kept (1 = all). */
  keep: number;
}

function unitBlocks(blocks: DocBlock[], options: ComposeOptions): DocBlock[] {
  if (options.keep >= 1) return blocks;
  const total = blockWords(blocks);
  return condense(blocks, Math.max(unitFloorWords, Math.round(total * options.keep)));
}

/** A unit and everything below it as HTML: its own blocks, then each sub-unit under a heading one level down (h3 to h6). */
function renderUnit(node: DocSection, headingLevel: number, options: ComposeOptions): string {
  let html = renderBlocks(unitBlocks(node.blocks, options), options);
  for (const child of node.children) {
    const level = Math.min(6, headingLevel);
    html += `<h${level}>${escapeHtml(cleanHeadingTitle(child.title))}</h${level}>`;
    html += renderUnit(child, headingLevel + 1, options);
  }
  return html;
}

function composeChapter(node: DocSection, options: ComposeOptions): Chapter {
  const title = cleanHeadingTitle(node.title) || 'Untitled unit';
  const terms = keyTermsOf(node);
  const sectionTitles = node.children.map((c) => cleanHeadingTitle(c.title) || title);
  const own = renderBlocks(unitBlocks(node.blocks, options), options);
  const opening = chapterOpening(sectionTitles, terms);
  // A rule between the chapter's opening apparatus and its own text, so the text never reads as part of the objectives.
  const lead = opening && own ? `${opening}<hr />` : opening;
  const review = chapterReview(node.children.length ? node.children : [node], node.children.length ? sectionTitles : [title], terms);
  if (node.children.length === 0) {
    return { title, content: lead + own + review, sections: [] };
  }
  const sections: Section[] = node.children.map((child, i) => ({ title: sectionTitles[i], content: renderUnit(child, 3, options) }));
  if (review) sections.push({ title: `Review: ${title}`, content: review });
  return { title, content: lead + own, sections };
}

/** True when the material's documents carry headings to build the book on. */
export function hasDocumentStructure(material: Material): boolean {
  return material.sources.some((s) => s.document.blocks.some((b) => b.kind === 'heading' && b.text.trim()));
}

/**
 * The book from the documents' own structure: each document's units become chapters in
 * the order given (documents in the order sent), the next level sections, deeper levels
 * stay as sub-headings inside the section; every block kept in reading order (figures,
 * equations, tables, lists with them), condensed per unit only for whole books. Each
 * chapter opens with an overview and objectives and closes with a review drawn from it.
 */
export function composeFromDocuments(
  material: Material,
  options: { title: string; onProgress?: (fraction: number) => void },
): TextbookContent {
  const perDocument = material.sources.map((s) => ({ source: s, units: documentUnits(s.document) }));
  const totalWords = material.sources.reduce((n, s) => n + blockWords(s.document.blocks), 0);
  const compose: ComposeOptions = { imageUrls: material.imageUrls, keep: totalWords > fullTextWords ? fullTextWords / totalWords : 1 };
  const units: DocSection[] = [];
  for (const { source, units: u } of perDocument) {
    // Only real prose makes an introduction a chapter: a title block of names and affiliations does not.
    const introWords = proseWords(u.intro?.blocks ?? []);
    if (u.chapters.length === 0) {
      // A document without headings: one chapter named by its title or file name.
      const title = source.document.title || source.filename.replace(/\.[a-z0-9]+$/i, '');
      units.push({
        title,
        level: 1,
        depth: 1,
        pos: {},
        blocks: [...(u.intro?.blocks ?? []), ...source.document.blocks.filter((b) => b.kind !== 'heading')],
        children: [],
      });
      continue;
    }
    // A chapter file's own introduction (before its first numbered section) opens the book's part for it.
    if (u.intro && introWords >= 30)
      units.push({
        title: u.intro.title || source.document.title || 'Introduction',
        level: 1,
        depth: 1,
        pos: {},
        blocks: u.intro.blocks,
        children: [],
      });
    else if (u.intro && introWords > 0 && blockWords(u.intro.blocks) < 120)
      u.chapters[0] = { ...u.chapters[0], blocks: [...u.intro.blocks, ...u.chapters[0].blocks] };
    units.push(...u.chapters);
  }
  const chapters: Chapter[] = [];
  units.forEach((unit, i) => {
    options.onProgress?.(i / Math.max(1, units.length));
    chapters.push(composeChapter(unit, compose));
  });
  options.onProgress?.(1);
  return { title: options.title, chapters, references: [] };
}
