import { joinLines, type WordEvidence } from './pdf-join';
import type { PdfLine } from './pdf-types';

const bracketStart = /^\[[^\]]{1,24}\]/;
const numberStart = /^\d{1,3}\.\s+\S/;

/**
 * Splits a bibliography's lines into entries. Styles, in order of evidence:
 * "[12] ..." / "[Gal09] ...", "12. ...", or hanging indents (an entry's first
 * line flush left, the rest indented).
 */
export function splitBibliography(lines: PdfLine[], evidence: WordEvidence): string[] {
  const texts = lines.map((l) => l.text.trim()).filter(Boolean);
  if (texts.length === 0) return [];
  const share = (re: RegExp) => texts.filter((t) => re.test(t)).length / texts.length;
  let isStart: (line: PdfLine, prev: PdfLine | undefined) => boolean;
  if (share(bracketStart) >= 0.15) isStart = (l) => bracketStart.test(l.text.trim());
  else if (share(numberStart) >= 0.15) isStart = (l) => numberStart.test(l.text.trim());
  else {
    const indented = lines.filter((l) => l.x0 - l.columnLeft > 0.7 * l.size).length;
    if (indented >= lines.length * 0.2) isStart = (l) => l.x0 - l.columnLeft <= 0.7 * l.size;
    // No markers and no indents: an entry ends at a short line that ends with a full stop.
    else isStart = (_l, prev) => !prev || (prev.x1 < prev.columnRight - 2 * prev.size && /\.$/.test(prev.text.trim()));
  }
  const entries: string[] = [];
  let current: PdfLine[] = [];
  lines.forEach((line, i) => {
    if (current.length && isStart(line, lines[i - 1])) {
      entries.push(
        joinLines(
          current.map((l) => l.text),
          evidence,
        ),
      );
      current = [];
    }
    current.push(line);
  });
  if (current.length)
    entries.push(
      joinLines(
        current.map((l) => l.text),
        evidence,
      ),
    );
  return entries.filter((e) => /\p{L}{2}/u.test(e) && e.length >= 12);
}
