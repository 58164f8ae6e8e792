import type { PdfLine } from './pdf-types';

const pageNumber = /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/** The text with digits folded, so "Chapter 3 - page 12" matches "Chapter 3 - page 13". */
function shape(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * Removes running headers, running footers and page numbers: lines in the
 * top or bottom 9% of the page that are page numbers, or whose text (digits
 * folded) recurs in the same band on at least a quarter of the pages.
 */
export function removeFurniture(pages: Array<{ height: number; lines: PdfLine[] }>): { pages: PdfLine[][]; removed: number } {
  const inBand = (line: PdfLine, height: number): 'top' | 'bottom' | undefined => {
    if (line.y > height * 0.91) return 'top';
    if (line.y < height * 0.09) return 'bottom';
    return undefined;
  };
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of page.lines) {
      const band = inBand(line, page.height);
      if (!band) continue;
      const key = `${band}|${shape(line.text)}`;
      if (!seen.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
      seen.add(key);
    }
  }
  const minRepeats = Math.max(2, Math.ceil(pages.length * 0.25));
  let removed = 0;
  const kept = pages.map((page) =>
    page.lines.filter((line) => {
      const band = inBand(line, page.height);
      if (!band) return true;
      const text = line.text.trim();
      const isFurniture = pageNumber.test(text) || (pages.length >= 3 && (counts.get(`${band}|${shape(text)}`) ?? 0) >= minRepeats);
      if (isFurniture) removed++;
      return !isFurniture;
    }),
  );
  return { pages: kept, removed };
}
