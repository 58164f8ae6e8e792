import type { DocBlock } from '@server/core/document-model';
import { isSessionHeading } from '../session-heading';

/** A line that is only a date: "July 17, 2018", "2018-07-17", or written day first ("17. Juli 2018", "12 mars 2025"). */
export function isDateLine(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,}\.?,?\s+\d{4}$/u.test(t)) return true;
  return isSessionHeading(t) && !/^(?:week|lecture|session|day|class|meeting)\b/i.test(t);
}

/**
 * A handout typed without styles sets its title block as bold lines under the title, each alone ("R Refresher", "Part
 * of the ... Workshop Series", "July 17, 2018"), and bold lines read as headings: the book's one chapter was titled by
 * the date and the subtitle was an empty section. The headings stacked right under the opening title, with no text
 * between them, down to one that is only a date, are that title block; a heading with text under it before any date
 * stays a heading, and so does the first date of notes whose sessions are headed by their dates.
 */
export function typedTitleBlock(blocks: DocBlock[]): { blocks: DocBlock[]; lines: string[] } {
  if (blocks[0]?.kind !== 'heading') return { blocks, lines: [] };
  let end = 1;
  while (end < blocks.length && end <= 4 && blocks[end].kind === 'heading' && !isDateLine(blocks[end].text)) end++;
  const date = blocks[end];
  if (!date || date.kind !== 'heading' || !isDateLine(date.text)) return { blocks, lines: [] };
  // Notes dated session by session ("January 10, 2019", "January 17, 2019") head each session with its date.
  if (blocks.slice(end + 1).some((b) => b.kind === 'heading' && isSessionHeading(b.text))) return { blocks, lines: [] };
  return { blocks: [blocks[0], ...blocks.slice(end + 1)], lines: blocks.slice(1, end + 1).map((b) => b.text.trim()) };
}
