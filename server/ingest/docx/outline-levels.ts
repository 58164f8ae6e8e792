/**
 * A document typed without heading styles may still carry its outline in what Word itself reads as one: the outline
 * level (w:outlineLvl) set on a paragraph or on its style, the level of a heading style its own style is based on
 * ("Chapter" based on "heading 1"), or the level of a contents style it is based on ("Level 2" based on "toc 2": a
 * syllabus laid out as a contents page). Word's Navigation pane shows the first; the contents styles set each entry in
 * further by its level. mammoth reads none of them, and such a syllabus came out as 150 flat one-line paragraphs.
 *
 * The outline's levels become headings down to the deepest level that heads text of its own; the levels under it,
 * entries with no text between them ("Structural tags" over "<div>", "<span>"), are a list of topics under their
 * heading, nested as the outline nests them. The top level is a heading when the outline has more than one level or
 * heads text; one level of lines with no text under any is a list.
 */
import { styleTable, upChain, type WordStyle } from './style-chain';
import { child, paragraphStyle, setParagraphStyle, textOf, type El } from './word-dom';

/** The outline level (0 = top) a paragraph style gives, by style id: its own, else the one of a style it is based on. */
export function styleOutlineLevels(styles: WordStyle[]): Map<string, number> {
  const own = styleTable(styles, (s) => s.type === 'paragraph');
  // Word's built-in styles by their English names, whatever the language of the names shown ("Titolo 1", "Sommario 2").
  const levelOf = (s: WordStyle) => {
    const named = /^(?:heading|toc) ([1-9])$/i.exec(s.name ?? '')?.[1];
    return s.outlineLevel ?? (named ? Number(named) - 1 : undefined);
  };
  const levels = new Map<string, number>();
  for (const id of own.keys()) {
    const level = upChain(own, id, levelOf);
    // Level 9 is Word's "body text": no outline level.
    if (level !== undefined && level < 9) levels.set(id, level);
  }
  return levels;
}

/** The mammoth style map for the outline's list levels: each one a list nested in the item above it. */
export const outlineListStyleMap = [1, 2, 3, 4, 5, 6].map(
  (n) => `p.TsOutlineItem${n} => ${Array.from({ length: n }, () => 'ul > li').join(' > ')}:fresh`,
);

/**
 * Gives the body's outline paragraphs heading styles (TsHeading1-6) or list styles (TsOutlineItem1-6), when the document
 * uses no heading style; the paragraphs of the contents styles themselves are a table of contents, left out before.
 * Returns whether it found an outline.
 */
export function markOutlineLevels(body: El, styles: WordStyle[], headingIds: Set<string>): boolean {
  const byStyle = styleOutlineLevels(styles);
  const paragraphs = Array.from(body.getElementsByTagName('w:p')).filter((p) => p.parentNode === body);
  if (paragraphs.some((p) => headingIds.has(paragraphStyle(p)))) return false;
  const levelOf = (p: El): number | undefined => {
    const direct = child(child(p, 'w:pPr'), 'w:outlineLvl')?.getAttribute('w:val');
    if (direct !== null && direct !== undefined) return Number(direct) < 9 ? Number(direct) : undefined;
    return byStyle.get(paragraphStyle(p));
  };
  const entries: Array<{ p: El; level?: number }> = paragraphs.filter((p) => textOf(p).trim()).map((p) => ({ p, level: levelOf(p) }));
  const outline = entries.filter((e) => e.level !== undefined) as Array<{ p: El; level: number }>;
  // One line at an outline level is no outline (a paragraph someone set so by mistake).
  if (outline.length < 2) return false;
  const levels = [...new Set(outline.map((e) => e.level))].sort((a, b) => a - b);
  // The levels with text of their own under an entry (before the next entry of any level).
  const headsText = new Set<number>();
  entries.forEach((e, i) => {
    if (e.level !== undefined && entries[i + 1] && entries[i + 1].level === undefined) headsText.add(e.level);
  });
  // One level heading no text is a list of topics (lines set at an outline level, one under the other), not chapters.
  const deepest = headsText.size === 0 && levels.length === 1 ? -1 : Math.max(levels[0], ...headsText);
  const headingLevels = levels.filter((l) => l <= deepest).slice(0, 6);
  const listLevels = levels.filter((l) => l > deepest).slice(0, 6);
  for (const e of outline) {
    const h = headingLevels.indexOf(e.level);
    if (h >= 0) setParagraphStyle(e.p, `TsHeading${h + 1}`);
    else if (listLevels.includes(e.level)) setParagraphStyle(e.p, `TsOutlineItem${listLevels.indexOf(e.level) + 1}`);
  }
  return true;
}
