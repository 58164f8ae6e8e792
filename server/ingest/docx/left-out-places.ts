import { decodeEntities } from '@common/textbook-ops/html';

/**
 * Where in a Word document its left-out pictures were. A Word file has no pages, so a warning names the heading a
 * picture stood under (as a PDF's warning names its page), or, before the first heading, the paragraph it was in:
 * the user can find what to add by hand.
 */
export type LeftOutKind = 'vector' | 'large' | 'beyond';

/** The `src` a left-out picture is given while the document is converted, so its place can be found afterwards. */
export const leftOutSrc = (kind: LeftOutKind) => `ts-left-out:${kind}`;

const element = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>|<p\b|<img\b[^>]*?\bsrc="ts-left-out:(vector|large|beyond)"[^>]*>/g;

const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** The converted HTML with the markers emptied again (as a picture that is not kept always was), and each kind's places. */
export function leftOutPlaces(html: string): { html: string; places: Record<LeftOutKind, string[]> } {
  const places: Record<LeftOutKind, string[]> = { vector: [], large: [], beyond: [] };
  if (!html.includes('ts-left-out:')) return { html, places };
  let heading = '';
  let paragraphs = 0;
  for (const m of html.matchAll(element)) {
    if (m[1]) heading = plainText(m[2]) || heading;
    else if (!m[3]) paragraphs++;
    else {
      const place = heading ? `“${heading.length > 80 ? `${heading.slice(0, 79)}…` : heading}”` : String(Math.max(1, paragraphs));
      const list = places[m[3] as LeftOutKind];
      if (!list.includes(place)) list.push(place);
    }
  }
  return { html: html.replace(/\bsrc="ts-left-out:(?:vector|large|beyond)"/g, 'src=""'), places };
}

const joined = (items: readonly string[]) =>
  items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * " (in paragraph 2 and under “Methods” and “Results”)" from leftOutPlaces' places (a paragraph's number or a quoted
 * heading): at most three places, then how many more.
 */
export function placesClause(places: readonly string[]): string {
  if (!places.length) return '';
  const shown = places.slice(0, 3);
  const more = places.length - shown.length;
  const paragraphs = shown.filter((p) => /^\d+$/.test(p));
  const headings = shown.filter((p) => !/^\d+$/.test(p));
  const parts = [
    ...(paragraphs.length ? [`in ${paragraphs.length === 1 ? 'paragraph' : 'paragraphs'} ${joined(paragraphs)}`] : []),
    ...(headings.length ? [`under ${joined(headings)}`] : []),
  ];
  const text = parts.join(' and ');
  return ` (${text}${more ? `, and ${more} more ${more === 1 ? 'place' : 'places'}` : ''})`;
}
