import type { Material } from '../material';
import { fastSentences } from '../shared/fast-sentences';
import { sourceMap } from '../shared/source-map';

/** One line of the document map: a unit of the documents, keyed [U1].., with the opening of its own text. */
export interface MapEntry {
  key: string;
  /** The unit's index in the source map. */
  unit: number;
  /** Its top-level unit (or its document): map-reduce never splits one. */
  group: number;
  line: string;
}

/** Characters of a unit's own text shown in the map. */
const openingChars = 220;

/**
 * The heading tree of the material, one line per unit ("[U4] 2.1 Block
 * Ciphers (ciphers.pdf, p. 9): A block cipher maps ..."), indented by depth,
 * with a few sentences of each unit's own text: what a planner needs to
 * follow the documents' structure without reading them whole. A document
 * without headings is one unit named by its file.
 */
export function documentMap(material: Material): MapEntry[] {
  const map = sourceMap(material);
  const entries: MapEntry[] = [];
  // Where a document branches into its chapters: below its root, and below a single heading that holds everything.
  const splits = new Set<number>();
  for (const root of map.units.filter((u) => u.depth === 0)) {
    let top = root;
    while (top.children.length === 1 && map.units[top.children[0]].children.length > 0) top = map.units[top.children[0]];
    splits.add(top.index);
  }
  for (const u of map.units) {
    const hasText = u.own.some((o) => !map.blocks[o].isDebris);
    if (u.depth === 0 && (u.children.length > 0 || !hasText)) continue;
    // A unit with nothing of its own to teach (a reference list) is not a unit to plan from.
    if (!hasText && u.children.length === 0) continue;
    const opening: string[] = [];
    let length = 0;
    for (const o of u.own) {
      const b = map.blocks[o];
      if (b.isDebris || b.block.kind === 'equation' || b.block.kind === 'figure') continue;
      for (const s of fastSentences(b.text)) {
        if (length + s.length > openingChars && opening.length > 0) break;
        opening.push(s);
        length += s.length;
      }
      if (length >= openingChars) break;
    }
    // The unit's part of its document: the chapter-level unit above it (below a lone title heading, as in a paper).
    let group = u.index;
    while (map.units[group].parent !== null && !splits.has(map.units[group].parent!)) group = map.units[group].parent!;
    const key = `U${entries.length + 1}`;
    const page = map.blocks[u.first]?.block.page;
    const where = `${u.filename}${page ? `, p. ${page}` : ''}`;
    const text = opening.join(' ');
    entries.push({
      key,
      unit: u.index,
      group,
      line: `${'  '.repeat(Math.max(0, u.depth - 1))}[${key}] ${u.title} (${where})${text ? `: ${text.length > openingChars ? `${text.slice(0, openingChars)}...` : text}` : ''}`,
    });
  }
  return entries;
}

/**
 * The map cut into parts that each fit `budget` characters, never splitting
 * a top-level unit (a unit too long on its own is a part by itself, its
 * deepest lines dropped past the budget). One part when the whole map fits.
 */
export function mapParts(entries: MapEntry[], budget: number): MapEntry[][] {
  const groups: MapEntry[][] = [];
  for (const e of entries) {
    const last = groups[groups.length - 1];
    if (last && last[0].group === e.group) last.push(e);
    else groups.push([e]);
  }
  const size = (list: MapEntry[]) => list.reduce((n, e) => n + e.line.length + 1, 0);
  const parts: MapEntry[][] = [];
  for (const g of groups) {
    const fitted = size(g) <= budget ? g : trim(g, budget);
    const last = parts[parts.length - 1];
    if (last && size(last) + size(fitted) <= budget) last.push(...fitted);
    else parts.push([...fitted]);
  }
  return parts;
}

function trim(group: MapEntry[], budget: number): MapEntry[] {
  const out: MapEntry[] = [];
  let used = 0;
  // Shallow lines first: the deepest headings are dropped before any chapter or section is.
  const byDepth = [...group].sort((a, b) => indent(a) - indent(b) || group.indexOf(a) - group.indexOf(b));
  const kept = new Set<MapEntry>();
  for (const e of byDepth) {
    if (used + e.line.length + 1 > budget) continue;
    kept.add(e);
    used += e.line.length + 1;
  }
  for (const e of group) if (kept.has(e)) out.push(e);
  return out;
}

const indent = (e: MapEntry) => /^ */.exec(e.line)![0].length;
