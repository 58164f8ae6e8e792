import type { Reference } from '@common/textbook';
import type { Material, RetrievedChunk } from '@server/ai/material';
import { fastSentences } from '@server/ai/shared/fast-sentences';
import { sentenceKey } from '@server/ai/shared/sentence-filter';
import { formatSourceKey } from '@common/block-provenance';
import { sourceMap, subtree, type SourceMap } from '@server/ai/shared/source-map';
import { describePosition, type SourceKeys, type SourcePosition } from '../source-notes';

/** Longest excerpt given to the model, in characters (bounded so prompts fit small local models too). */
const excerptChars = 1800;

export interface NumberedMaterial {
  text: string;
  keys: Set<string>;
  /** Where each [S..] key points in the documents, for the numbered source notes. */
  positions: SourceKeys;
}

/** Reading-order blocks [first, last] of the material as a stored source key (document:first-last). */
function sourceKeyOf(map: SourceMap, first: number, last: number): string | undefined {
  let root = map.blocks[first]?.unit;
  if (root === undefined) return undefined;
  while (map.units[root].parent !== null) root = map.units[root].parent!;
  const start = map.units[root].first;
  return formatSourceKey({ documentId: map.units[root].sourceId, block: first - start, end: last - start });
}

/** Where a retrieved chunk sits: its file, the heading above it, and the page of its first sentence. */
function chunkPosition(material: Material | undefined, chunk: RetrievedChunk): SourcePosition {
  const source = material?.sources.find((s) => s.id === chunk.sourceId);
  const heading = chunk.headingPath[chunk.headingPath.length - 1];
  let page: number | undefined;
  let key: string | undefined;
  if (material) {
    const map = sourceMap(material);
    const sentences = fastSentences(chunk.text);
    for (const s of sentences.slice(0, 3)) {
      const order = map.byKey.get(sentenceKey(s));
      if (order !== undefined) {
        page = map.blocks[order].block.page;
        break;
      }
    }
    // The blocks the excerpt spans: from its first sentence found to its last, in one document.
    const orders = sentences.map((s) => map.byKey.get(sentenceKey(s))).filter((o): o is number => o !== undefined);
    const same = orders.filter((o) => map.units[map.blocks[o].unit].sourceId === chunk.sourceId);
    if (same.length) key = sourceKeyOf(map, Math.min(...same), Math.max(...same));
  }
  return {
    filename: source?.filename ?? 'your material',
    ...(heading ? { heading } : {}),
    ...(page ? { page } : {}),
    ...(key ? { source: key } : {}),
  };
}

/** A unit of the documents as the model reads it: its heading path, and its text (all its sub-units) in reading order. */
function unitPassage(material: Material, unit: number, limit: number): { text: string; position: SourcePosition } {
  const map = sourceMap(material);
  const u = map.units[unit];
  const parts: string[] = [];
  let length = 0;
  for (const v of subtree(map, unit)) {
    const child = map.units[v];
    if (v !== unit) parts.push(`${'#'.repeat(Math.min(6, child.depth - u.depth + 2))} ${child.title}`);
    for (const order of child.own) {
      const b = map.blocks[order];
      if (b.isDebris && b.block.kind !== 'caption') continue;
      const text = b.block.kind === 'equation' && b.block.latex ? `$$${b.block.latex}$$` : b.block.text.replace(/\\\((.+?)\\\)/g, '$$$1$$');
      parts.push(text);
      length += text.length;
      if (length > limit) break;
    }
    if (length > limit) break;
  }
  const text = parts.join('\n');
  return {
    text: text.length > limit ? `${text.slice(0, limit)}...` : text,
    position: {
      filename: u.filename,
      ...(u.depth > 0 ? { heading: u.title } : {}),
      page: map.blocks[u.first]?.block.page,
      ...(u.last >= u.first ? { source: sourceKeyOf(map, u.first, u.last) } : {}),
    },
  };
}

export interface PromptMaterialInput {
  material?: Material;
  /** Units of the documents (source map indices) mapped to this part of the book: given first, in full as far as `unitChars` allows. */
  units?: number[];
  unitChars?: number;
  chunks: RetrievedChunk[];
  references: Reference[];
}

/**
 * The material for one prompt, each passage keyed [S1]..[Sn] with its
 * position (file, heading, page): the mapped source units first, then the
 * retrieved excerpts that are not part of them; the approved references as
 * [R1]..[Rm].
 */
export function promptMaterial(input: PromptMaterialInput): NumberedMaterial {
  const keys = new Set<string>();
  const positions: SourceKeys = new Map();
  const lines: string[] = [];
  const units = input.material ? (input.units ?? []) : [];
  let n = 0;
  const covered = new Set<string>();
  if (units.length && input.material) {
    lines.push('Source units mapped to this part (write from these first):');
    const each = Math.max(1200, Math.floor((input.unitChars ?? 12_000) / units.length));
    for (const unit of units) {
      const { text, position } = unitPassage(input.material, unit, each);
      const key = `S${++n}`;
      keys.add(key);
      positions.set(key, position);
      if (position.heading) covered.add(position.heading);
      lines.push(`[${key}] (${describePosition(position)})\n${text}`);
    }
  }
  const extra = input.chunks.filter((c) => !covered.has(c.headingPath[c.headingPath.length - 1] ?? ''));
  if (extra.length) {
    lines.push(units.length ? 'Further excerpts found by search:' : "Source excerpts from the user's material:");
    for (const c of extra) {
      const key = `S${++n}`;
      keys.add(key);
      const position = chunkPosition(input.material, c);
      positions.set(key, position);
      const text = c.text.length > excerptChars ? `${c.text.slice(0, excerptChars)}...` : c.text;
      lines.push(`[${key}] (${describePosition(position)})\n${text}`);
    }
  }
  if (n === 0) lines.push('There are no source excerpts: write only what is generally established about the topic, and keep it brief.');
  if (input.references.length) {
    lines.push('', 'Approved references you may cite:');
    input.references.forEach((r, i) => {
      const key = r.key ?? `R${i + 1}`;
      keys.add(key.toUpperCase());
      const meta = [r.authors, r.year ? String(r.year) : '', r.publisher].filter(Boolean).join(', ');
      lines.push(`[${key}] ${r.title}${meta ? ` (${meta})` : ''}`);
    });
  }
  return { text: lines.join('\n'), keys, positions };
}

/** Retrieved chunks as [S1]..[Sn] and approved references as [R1]..[Rm], ready for a prompt. */
export function numberMaterial(chunks: RetrievedChunk[], references: Reference[], material?: Material): NumberedMaterial {
  return promptMaterial({ material, chunks, references });
}

export const groundingRules =
  'Write for students, in clear plain paragraphs. Use only the source excerpts and references given. ' +
  'When a sentence relies on an excerpt or reference, cite it with its key in square brackets, like [S2] or [R1]. ' +
  'Never cite a key that was not given and never invent references, facts, numbers or quotations. ' +
  'Write formulas in LaTeX between dollar signs, as the sources do.';
