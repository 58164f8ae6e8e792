import { eachOnce } from './each-once';
import type { Material } from './material';

/** As many as the content model keeps (common/textbook.ts `credits`). */
const maxLines = 60;
const maxLength = 300;

/**
 * The lines each document sets with its title (subtitle, authors, course, institution, date: `titleBlock` of the
 * extraction), once each in the order met: the book's title page prints them, so an instructor's name, course and
 * date are kept without becoming a chapter.
 */
export function materialCredits(material: Material): string[] {
  return eachOnce(
    material,
    (document) => (document.titleBlock ?? []).map((raw) => raw.replace(/\s+/g, ' ').trim().slice(0, maxLength)),
    maxLines,
  );
}
