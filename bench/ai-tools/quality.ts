/**
 * What the AI tools add on real course materials (../shared/corpus/real, read
 * when it is beside the project; nothing is copied from it). Per document, on
 * the book the offline engine composes and on the same book cut to the first
 * paragraph of every part (the case expansion is for):
 * - Expand Section: sections that gained at least 4 paragraphs or all their
 *   source unit had left, and the share of added sentences from the unit or
 *   its neighbours in the document tree;
 * - Expand Chapter on chapters whose source has sub-units: succeeded, with a
 *   section per sub-unit (or grouped);
 * - a selection's expansion: the share of added sentences sharing a key term
 *   of their section;
 * - Customize Structure with the five example instructions: titles with more
 *   than one prefix, sentences lost.
 */
import { customizeExamples } from '@common/ai-tools';
import type { TextbookContent } from '@common/textbook';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { lostSentences } from '@server/ai/shared/units';
import { BookUsage } from '@server/ai/shared/book-usage';
import { gatherBlocks, keyTerms, neighbours, topicVector } from '@server/ai/offline/expand/gather';
import { locateUnit } from '@server/ai/shared/locate';
import { isWithin, sourceMap, type SourceMap } from '@server/ai/shared/source-map';
import { quickTokenize } from '@server/core/nlp';
import { pct, realDocuments, realCorpusDir, realFiles, table } from '../real/corpus';
import { composeBook, contextOf, engine, materialOf, thinBook } from './book-setup';
import { bookHtml, damageOf, materialText, type Damage, type MaterialText } from './wholeness';

/** Damaged units and lost text over every tool run on one document (goal 0 and 0). */
export interface Tally extends Damage {
  runs: number;
}
const newTally = (): Tally => ({ runs: 0, damaged: [], lost: [] });
function record(tally: Tally, material: MaterialText, before: string, after: string, tool: string): void {
  const d = damageOf(before, after, material);
  tally.runs++;
  tally.damaged.push(...d.damaged.map((x) => `${tool}: ${x}`));
  tally.lost.push(...d.lost.map((x) => `${tool}: ${x}`));
}

const sentencesOf = (html: string) => htmlBlocks(html).flatMap((b) => fastSentences(htmlToText(b)));
const paragraphsOf = (html: string) =>
  htmlBlocks(html).filter((b) => /^<(p|ul|ol|table|pre|blockquote)\b/.test(b) && htmlToText(b).split(/\s+/).length >= 8).length;

/** The paragraphs a unit (with its sub-units) still has that the book does not print. */
function paragraphsLeft(map: SourceMap, book: TextbookContent, unit: number | null, title: string, html: string): number {
  if (unit === null) return 0;
  const chosen = gatherBlocks(map, BookUsage.of(book), {
    unit,
    terms: keyTerms(map, title, htmlToText(html)),
    query: topicVector(map, title, htmlToText(html)),
    paragraphs: 10_000,
    minRelevance: 2, // the unit's own text only: nothing elsewhere is this similar
  });
  return chosen.filter(
    (c) => c.tier === 'unit' && c.block.kind !== 'equation' && c.block.kind !== 'figure' && c.block.text.split(/\s+/).length >= 8,
  ).length;
}

interface SectionFigures {
  tried: number;
  /** Sections that gained anything. */
  expanded: number;
  full: number;
  fromUnit: number;
  added: number;
}

async function expandSections(ctx: ReturnType<typeof contextOf>, book: TextbookContent, tally = newTally()): Promise<SectionFigures> {
  const map = sourceMap(ctx.material);
  const text = materialText(ctx.material);
  const figures: SectionFigures = { tried: 0, expanded: 0, full: 0, fromUnit: 0, added: 0 };
  for (const [ci, chapter] of book.chapters.entries()) {
    for (const section of chapter.sections) {
      if (section.title.startsWith('Review: ')) continue;
      const unit = locateUnit(map, section.title, section.content);
      const left = paragraphsLeft(map, book, unit, section.title, section.content);
      const r = await engine.generateSection(ctx, {
        book,
        chapterIndex: ci,
        chapterTitle: chapter.title,
        sectionTitle: section.title,
        references: [],
        paragraphCount: 8,
      });
      figures.tried++;
      record(tally, text, section.content, r.value, `expand section "${section.title}"`);
      const gained = r.exhausted ? 0 : paragraphsOf(r.value) - paragraphsOf(section.content);
      if (gained >= Math.min(4, left)) figures.full++;
      if (!r.exhausted) figures.expanded++;
      const before = new Set(sentencesOf(section.content).map(sentenceKey));
      const near = unit === null ? new Set<number>() : new Set(neighbours(map, unit));
      for (const s of sentencesOf(r.value)) {
        const key = sentenceKey(s);
        if (before.has(key)) continue;
        figures.added++;
        const order = map.byKey.get(key);
        if (order !== undefined && unit !== null && (isWithin(map, map.blocks[order].unit, unit) || near.has(order))) figures.fromUnit++;
      }
    }
  }
  return figures;
}

/** Chapters whose source unit has sub-units, folded into one text (as a chapter without sections is), expanded into 4 sections. */
async function expandChapters(
  ctx: ReturnType<typeof contextOf>,
  book: TextbookContent,
  tally = newTally(),
): Promise<{ tried: number; ok: number }> {
  const map = sourceMap(ctx.material);
  const text = materialText(ctx.material);
  let tried = 0;
  let ok = 0;
  for (const [ci, chapter] of book.chapters.entries()) {
    const unit = locateUnit(map, chapter.title, chapter.content + chapter.sections.map((s) => s.content).join(''));
    if (unit === null || map.units[unit].children.length < 2) continue;
    const content =
      chapter.content +
      chapter.sections
        .filter((s) => !s.title.startsWith('Review: '))
        .map((s) => s.content)
        .join('');
    const folded = { ...book, chapters: book.chapters.map((c, i) => (i === ci ? { ...c, content, sections: [] } : c)) };
    tried++;
    try {
      const r = await engine.expandChapter(ctx, {
        book: folded,
        chapterIndex: ci,
        chapterTitle: chapter.title,
        chapterContent: content,
        sectionCount: 4,
      });
      if (r.value.sections.length >= 2) ok++;
      record(tally, text, content, r.value.sections.map((x) => x.content).join(''), `expand chapter "${chapter.title}"`);
    } catch {
      // A refusal counts as a failure here.
    }
  }
  return { tried, ok };
}

async function expandSelections(
  ctx: ReturnType<typeof contextOf>,
  book: TextbookContent,
  tally = newTally(),
): Promise<{ added: number; onTopic: number }> {
  const map = sourceMap(ctx.material);
  const text = materialText(ctx.material);
  let added = 0;
  let onTopic = 0;
  for (const chapter of book.chapters) {
    for (const section of chapter.sections) {
      const first = sentencesOf(section.content).find((s) => s.split(/\s+/).length >= 8);
      if (!first || section.title.startsWith('Review: ')) continue;
      const r = await engine.expandParagraph(ctx, { paragraphHtml: first, book, context: `Current section: ${section.title}` });
      if (r.exhausted) continue;
      record(tally, text, `<p>${first}</p>`, r.value, `expand selection in "${section.title}"`);
      const terms = keyTerms(map, section.title, htmlToText(section.content));
      for (const s of sentencesOf(r.value)) {
        if (sentenceKey(s) === sentenceKey(first)) continue;
        added++;
        if (quickTokenize(s).some((t) => terms.all.has(t))) onTopic++;
      }
    }
  }
  return { added, onTopic };
}

/** A structure prefix of a title: "Week 3:", "Part 2:", "Beginner:". */
const structurePrefix = /\b(?:(?:week|session|part|unit|module|lecture)\s+\d+|beginner|intermediate|advanced)\s*:/gi;

/** Instructions beyond the five examples that every book can take (ten instructions in all). */
export const moreInstructions = [
  'Make it 4 chapters',
  'Move chapter 2 first',
  'Merge chapters 1 and 2',
  'Split chapter 1 in two',
  'Group chapters 1-2 into a part called Foundations',
];

async function restructure(
  ctx: ReturnType<typeof contextOf>,
  book: TextbookContent,
  tally = newTally(),
): Promise<{ stacked: number; lost: number; refused: number }> {
  let stacked = 0;
  let lost = 0;
  let refused = 0;
  const text = materialText(ctx.material);
  for (const guidance of [...customizeExamples, ...moreInstructions]) {
    try {
      const r = await engine.customizeStructure(ctx, { book, guidance });
      record(tally, text, bookHtml(book), bookHtml(r.content), `customize "${guidance}"`);
      stacked += r.content.chapters.filter((c) => (c.title.match(structurePrefix) ?? []).length > 1).length;
      lost += lostSentences(book, r.content).length;
    } catch {
      refused++;
    }
  }
  return { stacked, lost, refused };
}

/** Every tool on one document's book (each expansion on every part, the presets and the instructions): the tally of damage. */
export async function toolDamage(document: Parameters<typeof materialOf>[0], filename: string): Promise<Tally> {
  const ctx = contextOf(materialOf(document, filename));
  const composed = await composeBook(ctx, document.title ?? filename);
  const thin = thinBook(composed);
  const tally = newTally();
  await expandSections(ctx, thin, tally);
  await expandChapters(ctx, thin, tally);
  await expandSelections(ctx, thin, tally);
  await restructure(ctx, composed, tally);
  return tally;
}

export async function qualityReport(): Promise<void> {
  const files = realFiles();
  if (!files) {
    console.log(
      `\nbench:ai-tools quality: ${realCorpusDir} is not here (it lives beside the project in this workplace only); nothing to measure.`,
    );
    return;
  }
  const rows: string[][] = [];
  for await (const { file, document } of realDocuments(files)) {
    const ctx = contextOf(materialOf(document, file.name));
    const composed = await composeBook(ctx, document.title ?? file.name);
    const thin = thinBook(composed);
    const tally = newTally();
    const asComposed = await expandSections(ctx, composed, tally);
    const sections = await expandSections(ctx, thin, tally);
    const chapters = await expandChapters(ctx, thin, tally);
    const selections = await expandSelections(ctx, thin, tally);
    const shape = await restructure(ctx, composed, tally);
    for (const x of [...tally.damaged.slice(0, 3), ...tally.lost.slice(0, 3)]) console.log(`${file.name}: ${x}`);
    rows.push([
      file.name,
      `${asComposed.expanded}/${asComposed.tried} (+${asComposed.added})`,
      `${sections.full}/${sections.tried}`,
      sections.added ? pct(sections.fromUnit / sections.added) : '-',
      `${chapters.ok}/${chapters.tried}`,
      selections.added ? pct(selections.onTopic / selections.added) : '-',
      String(shape.stacked),
      String(shape.lost),
      String(shape.refused),
      `${tally.damaged.length} / ${tally.lost.length} in ${tally.runs} runs`,
    ]);
  }
  console.log('\nbench:ai-tools quality on the real course materials (thin book: every part cut to its first paragraph)');
  console.log(
    table(
      [
        'document',
        'as composed: sections expanded (+sentences)',
        'thin: sections +>=4 or all left',
        'added from unit/neighbours',
        'chapters with sub-units expanded',
        'selection sentences on topic',
        'stacked titles',
        'sentences lost',
        'refused',
        'damaged units / lost sentences',
      ],
      rows,
    ),
  );
}
