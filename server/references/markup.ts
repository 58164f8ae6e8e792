import { decodeEntities } from '@common/textbook-ops/html';

/**
 * Plain text out of the markup that scholarly APIs put in abstracts and titles
 * (Crossref's JATS `<jats:p>`, HTML `<p>`, `<i>`, MathML, Atom entities).
 */

/** Only things shaped like tags: "a < b and c > d" in an abstract is kept. */
const tagPattern = /<\/?[a-z][\w:.-]*(?:\s[^<>]*)?\/?>/gi;

/**
 * JATS/HTML to text: block elements become paragraph breaks, a leading
 * "Abstract" heading is dropped (it says nothing about the work), tags go.
 */
export function stripMarkup(text: string): string {
  // Some records escape their tags (&lt;i&gt;): decode once, then strip real and decoded tags alike.
  const decoded = decodeEntities(text.replace(/&(amp;)?(lt|gt);/gi, (_m, _a, which: string) => (which.toLowerCase() === 'lt' ? '<' : '>')));
  const withoutHeading = decoded.replace(/^\s*<(?:jats:)?(title|p)>\s*Abstract\s*<\/(?:jats:)?\1>/i, '');
  return withoutHeading
    .replace(/<\/?(?:jats:)?(?:p|sec|title|list-item|list|break|br)\b[^<>]*>/gi, ' ')
    .replace(tagPattern, '')
    .replace(/\s+/g, ' ')
    .trim();
}
