import { DOMParser } from '@xmldom/xmldom';
import type { ListMarker } from '@server/core/document-model';
import type { XmlNode } from './omml-latex';
import type { WordStyle } from './style-chain';

/** The text a placeholder for a list item's number (and its letters or numerals) reads as (private-use characters no document contains). */
export const listNumberMark = (n: number, marker = '') => `\uE000LN${n}${marker}\uE001`;
export const listNumberMarks = /\uE000LN(\d+)([aAiI]?)\uE001/g;

/** Word's number formats that label with letters or roman numerals. */
const markers: Record<string, ListMarker> = { lowerLetter: 'a', upperLetter: 'A', lowerRoman: 'i', upperRoman: 'I' };

type El = XmlNode & { getElementsByTagName(name: string): ArrayLike<El> };

interface Level {
  start: number;
  ordered: boolean;
  marker?: ListMarker;
}

/** numbering.xml read for counting: each abstract list's levels, and each list instance's abstract list and start overrides. */
export interface Numbering {
  abstracts: Map<string, Level[]>;
  nums: Map<string, { abstractId: string; overrides: Map<number, number> }>;
}

/** A whole number as Word writes one, or undefined for anything else (a damaged part). */
const whole = (text: string): number | undefined => (/^\d{1,6}$/.test(text.trim()) ? Number(text) : undefined);
const all = (root: El, name: string): El[] => Array.from(root.getElementsByTagName(name));
const val = (el: El | undefined) => el?.getAttribute?.('w:val') ?? undefined;

export function readNumbering(xml: string | undefined): Numbering {
  const numbering: Numbering = { abstracts: new Map(), nums: new Map() };
  if (!xml) return numbering;
  const root = (new DOMParser().parseFromString(xml, 'text/xml') as unknown as { documentElement: El }).documentElement;
  for (const abstract of all(root, 'w:abstractNum')) {
    const levels: Level[] = [];
    for (const lvl of all(abstract, 'w:lvl')) {
      const ilvl = whole(lvl.getAttribute?.('w:ilvl') ?? '0');
      if (ilvl === undefined || ilvl > 8) continue;
      const format = val(all(lvl, 'w:numFmt')[0]) ?? 'decimal';
      // Word counts from 0 when a level names no start (ECMA-376 17.9.25); Word itself always writes one.
      levels[ilvl] = {
        start: whole(val(all(lvl, 'w:start')[0]) ?? '0') ?? 1,
        ordered: format !== 'bullet' && format !== 'none',
        ...(markers[format] ? { marker: markers[format] } : {}),
      };
    }
    numbering.abstracts.set(abstract.getAttribute?.('w:abstractNumId') ?? '', levels);
  }
  for (const num of all(root, 'w:num')) {
    const overrides = new Map<number, number>();
    for (const o of all(num, 'w:lvlOverride')) {
      const start = val(all(o, 'w:startOverride')[0]);
      const at = whole(start ?? '');
      if (at !== undefined) overrides.set(whole(o.getAttribute?.('w:ilvl') ?? '0') ?? 0, at);
    }
    numbering.nums.set(num.getAttribute?.('w:numId') ?? '', { abstractId: val(all(num, 'w:abstractNumId')[0]) ?? '', overrides });
  }
  return numbering;
}

/**
 * Counts numbered paragraphs the way Word shows them, so a list keeps its numbers where mammoth's
 * HTML would restart every list at 1: lists of one abstract list continue each other (a list
 * interrupted by a paragraph goes on at 4), a list instance with a start override restarts at it
 * the first time it is used, and a level restarts below the level above it. `number` is called
 * once per numbered paragraph in reading order; it answers the item's number (with its letters or
 * numerals), or undefined for a bullet or a list it cannot read.
 */
export function listCounter(numbering: Numbering) {
  const counters = new Map<string, number[]>();
  const seen = new Set<string>();
  return (numId: string, ilvl: number): { n: number; marker?: ListMarker } | undefined => {
    const num = numbering.nums.get(numId);
    const levels = num && numbering.abstracts.get(num.abstractId);
    const level = levels?.[ilvl];
    if (!num || !levels || !level) return undefined;
    const counts = counters.get(num.abstractId) ?? [];
    counters.set(num.abstractId, counts);
    const key = `${numId}/${ilvl}`;
    if (!seen.has(key)) {
      seen.add(key);
      const override = num.overrides.get(ilvl);
      if (override !== undefined) counts[ilvl] = override - 1;
    }
    counts[ilvl] = (counts[ilvl] ?? (levels[ilvl]?.start ?? 1) - 1) + 1;
    // The levels below restart when this one counts on.
    for (let d = ilvl + 1; d < counts.length; d++) counts[d] = (levels[d]?.start ?? 1) - 1;
    return level.ordered ? { n: counts[ilvl], marker: level.marker } : undefined;
  };
}

/** Paragraph styles that number their paragraphs themselves ("List Number"): style id -> list instance and level. */
export function styleNumbers(styles: WordStyle[]): Map<string, { numId: string; ilvl: number }> {
  const out = new Map<string, { numId: string; ilvl: number }>();
  for (const style of styles) {
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(style.xml)?.[1];
    const numId = numPr && /<w:numId w:val="(\d+)"/.exec(numPr)?.[1];
    if (numId) out.set(style.id, { numId, ilvl: Number(/<w:ilvl w:val="(\d+)"/.exec(numPr)?.[1] ?? 0) });
  }
  return out;
}
