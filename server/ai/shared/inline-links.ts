import type { DocLink } from '@server/core/document-model';

/** Where one link's anchor sits: in which of the texts, and its span there. */
export interface PlacedLink {
  piece: number;
  start: number;
  end: number;
  href: string;
}

/** The schemes a link of the user's material may point to (docs/document-model.md): anything else stays plain text. */
const keptHref = /^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+)$/i;

export function isKeptHref(href: string): boolean {
  return keptHref.test(href.trim());
}

const inlineMath = /\\\((.+?)\\\)/g;

/** True when [start, end) cuts an inline formula `\(...\)` of the text in two (the link would break the formula). */
function cutsFormula(text: string, start: number, end: number): boolean {
  for (const m of text.matchAll(inlineMath)) {
    const a = m.index ?? 0;
    const b = a + m[0].length;
    if ((start > a && start < b) || (end > a && end < b)) return true;
  }
  return false;
}

/**
 * The block's links placed on its texts (one for a paragraph, a table's cells in reading order):
 * each anchor is looked for after the previous one, as `DocBlock.links` lists them; a link whose
 * anchor is not found (the text was shortened since) or whose target is no kept scheme is left out.
 */
export function placeLinks(pieces: readonly string[], links: readonly DocLink[] | undefined): PlacedLink[] {
  const placed: PlacedLink[] = [];
  if (!links?.length) return placed;
  let piece = 0;
  let offset = 0;
  for (const link of links) {
    const anchor = link.text;
    if (!anchor.trim() || !isKeptHref(link.href)) continue;
    for (let p = piece, from = offset; p < pieces.length; p++, from = 0) {
      let at = pieces[p].indexOf(anchor, from);
      while (at >= 0 && cutsFormula(pieces[p], at, at + anchor.length)) at = pieces[p].indexOf(anchor, at + 1);
      if (at < 0) continue;
      placed.push({ piece: p, start: at, end: at + anchor.length, href: link.href.trim() });
      piece = p;
      offset = at + anchor.length;
      break;
    }
  }
  return placed;
}
