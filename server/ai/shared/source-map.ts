import type { DocBlock } from '@server/core/document-model';
import { quickTokenize } from '@server/core/nlp';
import type { Material } from '@server/ai/material';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { htmlToText } from '@common/textbook-ops/html';
import { numberListItems } from '@server/ai/shared/list-numbers';
import { renderBlocks, type RenderOptions } from '@server/ai/shared/render-blocks';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { TermStats, type TermVector } from './term-vectors';
import { isFurniture, isPublishingNotice } from '@server/ai/shared/furniture';
import { ReferenceLines } from './reference-lines';

/**
 * The material as the expansion tools read it: every block of every document
 * in reading order, each owned by a unit of its document's section tree
 * (docs/document-model.md), with the unit tree itself. A document's
 * preamble belongs to a root unit named by the document, so every block has
 * a unit and every top-level unit a parent.
 */
export interface MapBlock {
  /** Position in the whole material's reading order (documents in the order they were linked). */
  order: number;
  unit: number;
  block: DocBlock;
  /** The text as the editor shows the rendered block (inline math is a node, not text). */
  text: string;
  /** Sentences of a prose block: `raw` keeps inline `\(latex\)`, `key` compares with the book's text. */
  sentences: Array<{ raw: string; key: string }>;
  words: number;
  vector: TermVector;
  terms: Set<string>;
  /** Page furniture, bibliography entries, tiny fragments: never printed by an expansion. */
  isDebris: boolean;
}

export interface MapUnit {
  index: number;
  sourceId: number;
  filename: string;
  title: string;
  /** Comparison key of the title: numbering, case and punctuation removed. */
  titleKey: string;
  /** Depth in the tree: 0 for a document's root, 1 for its top-level units. */
  depth: number;
  parent: number | null;
  children: number[];
  /** Orders of the unit's own blocks (not its children's). */
  own: number[];
  /** Reading-order range of the unit with everything below it: [first, last]. */
  first: number;
  last: number;
}

export interface SourceMap {
  blocks: MapBlock[];
  units: MapUnit[];
  /** Sentence key -> order of the first block that holds it. */
  byKey: Map<string, number>;
  stats: TermStats;
  filenames: string[];
  render: RenderOptions;
}

const prose = new Set<DocBlock['kind']>(['paragraph', 'list-item', 'quote', 'exercise', 'margin', 'note', 'table-row']);
const inlineMath = /\\\((.+?)\\\)/g;
/** A referencing heading of a document ("3.1 Typed Traces", "Chapter 2: ...") compared without its number. */
const numbering = /^(?:(?:chapter|section|part|unit|lesson|module|lecture|week)\s+)?(?:\d+(?:\.\d+)*|[ivxlc]+(?=[.:)]))[.:)]?\s+/i;

export function titleKey(title: string): string {
  return sentenceKey(title.trim().replace(numbering, ''));
}

/**
 * Not to be printed as new text: furniture, a licence line (the book has it where it stood), reference entries, a running head
 * (a heading's words repeated at the top of a page, "Chapter 2. Block Ciphers"),
 * a code listing flattened into prose ("u i n t 8 t sbox"), a stray fragment.
 */
function debris(block: DocBlock, text: string, next: DocBlock | undefined, headings: Set<string>): boolean {
  if (block.kind === 'heading' || block.kind === 'bibliography' || block.kind === 'caption') return true;
  if (isFurniture(block) || isPublishingNotice(block)) return true;
  if (block.kind === 'figure' || block.kind === 'equation' || block.kind === 'table' || block.kind === 'code') return false;
  if (headings.has(titleKey(text.replace(runningHeadLabel, '')))) return true;
  // An entry of a reference list opens with its authors ("Atkinson, R. C., & ...", "[12] A. Gal, ..."); prose that names a year does not.
  if (referenceOpening.test(text) && /\b(?:1[5-9]|20)\d\d\b/.test(text) && ReferenceLines.isCitation(text)) return true;
  if (/(?:\b\p{L}\b\s){4}/u.test(text) || /^\s*(?:\/\/|#include|[{}])|\s;\s*$/.test(text)) return true;
  const words = text.split(/\s+/).filter(Boolean).length;
  // A few words on their own line ("Quotient Rule:") only read as text when the formula they introduce follows.
  return words < 4 && next?.kind !== 'equation';
}

const referenceOpening = /^(?:\[\d+\]|\p{Lu}[\p{L}'’-]+,\s+\p{Lu}\.|(?:\p{Lu}\.\s*){1,3}\p{Lu}[\p{L}'’-]+,)/u;
const runningHeadLabel = /^(?:chapter|section|part|lecture)\s+[\dIVXLC]+(?:\.\d+)*\.?\s*/i;

const cache = new WeakMap<Material, SourceMap>();

/** The source map of a material, built once per material object. */
export function sourceMap(material: Material): SourceMap {
  const hit = cache.get(material);
  if (hit) return hit;
  const map = buildSourceMap(material);
  cache.set(material, map);
  return map;
}

function buildSourceMap(material: Material): SourceMap {
  const render: RenderOptions = { imageUrls: material.imageUrls };
  const blocks: Array<Omit<MapBlock, 'vector'> & { tokens: string[] }> = [];
  const units: MapUnit[] = [];
  const byKey = new Map<string, number>();
  const headings = new Set(
    material.sources.flatMap((s) => (s.document.blocks ?? []).filter((b) => b.kind === 'heading').map((b) => titleKey(b.text))),
  );
  headings.delete('');
  for (const source of material.sources) {
    const doc = source.document;
    const root: MapUnit = {
      index: units.length,
      sourceId: source.id,
      filename: source.filename,
      title: doc.title || source.filename,
      titleKey: titleKey(doc.title || ''),
      depth: 0,
      parent: null,
      children: [],
      own: [],
      first: blocks.length,
      last: blocks.length,
    };
    units.push(root);
    const stack: Array<{ unit: MapUnit; level: number }> = [{ unit: root, level: 0 }];
    // Each numbered item keeps its number, so a piece of a list an expansion prints reads as in the document.
    const list = numberListItems(doc.blocks ?? []);
    list.forEach((block, i) => {
      const order = blocks.length;
      if (block.kind === 'heading') {
        const level = block.level ?? 1;
        while (stack.length > 1 && stack[stack.length - 1].level >= level) stack.pop();
        const parent = stack[stack.length - 1].unit;
        const unit: MapUnit = {
          index: units.length,
          sourceId: source.id,
          filename: source.filename,
          title: block.text.trim(),
          titleKey: titleKey(block.text),
          depth: parent.depth + 1,
          parent: parent.index,
          children: [],
          own: [],
          first: order,
          last: order,
        };
        units.push(unit);
        parent.children.push(unit.index);
        stack.push({ unit, level });
      }
      const owner = stack[stack.length - 1].unit;
      // Nothing under a reference list (or its sub-headings) is prose to print.
      const inReferences = ReferenceLines.isReferenceSection(stack.map((x) => x.unit.title).slice(1));
      const text = block.kind === 'heading' ? block.text : htmlToText(renderBlocks([block], render));
      const sentences = prose.has(block.kind)
        ? fastSentences(block.text).map((raw) => ({ raw, key: sentenceKey(raw.replace(inlineMath, ' ')) }))
        : [{ raw: block.text, key: sentenceKey(text) }];
      for (const s of sentences) if (s.key && !byKey.has(s.key)) byKey.set(s.key, order);
      const tokens = quickTokenize(block.kind === 'figure' ? (block.caption ?? block.text) : text);
      blocks.push({
        order,
        unit: owner.index,
        block,
        text,
        sentences: sentences.filter((s) => s.key),
        words: text.split(/\s+/).filter(Boolean).length,
        terms: new Set(tokens),
        tokens,
        isDebris: inReferences || debris(block, text, list[i + 1], headings),
      });
      if (block.kind !== 'heading') owner.own.push(order);
      for (const s of stack) s.unit.last = order;
    });
  }
  const stats = new TermStats(blocks.map((b) => b.tokens));
  return {
    blocks: blocks.map(({ tokens, ...b }) => ({ ...b, vector: stats.vector(tokens) })),
    units,
    byKey,
    stats,
    filenames: material.sources.map((s) => s.filename),
    render,
  };
}

/** A unit and every unit below it, in reading order. */
export function subtree(map: SourceMap, unit: number): number[] {
  const out = [unit];
  for (const child of map.units[unit].children) out.push(...subtree(map, child));
  return out;
}

/** True when `inner` is `outer` or lies below it. */
export function isWithin(map: SourceMap, inner: number, outer: number): boolean {
  for (let u: number | null = inner; u !== null; u = map.units[u].parent) if (u === outer) return true;
  return false;
}
