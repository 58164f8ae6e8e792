import type { DocBlock } from '@server/core/document-model';
import type { PdfLine } from './pdf-types';

/**
 * What an exercise is worth, as exercise sheets print it beside the exercise's title at the right margin ("4 points",
 * "3 (+1 Bonus) Punkte", "[10 marks]", "(2 pts)"), in the languages the readers know.
 */
const pointsLabel =
  /^[([]?\d+(?:[.,]\d+)?\s*(?:\(\s*\+\s*\d+(?:[.,]\d+)?\s*(?:bonus)?\s*\)\s*)?(?:points?|pts?\.?|punkte?|pkt\.?|marks?|punti|puntos?)(?:\s*\(\s*\+\s*\d+(?:[.,]\d+)?\s*(?:bonus)?\s*\))?[)\]]?\.?/iu;

/**
 * A points label set at the right of an exercise's title is read as a line of its own, and its size and weight may make
 * it a heading of its own, whose number the outline then takes for a section number ("(+1 Bonus) Punkte"). It is the
 * exercise's: a paragraph of its own right under the title, its number kept. A label read as the first words of the
 * paragraph under the title stays there (a sentence may open with a count: "2 Punkte A und B liegen ..."). Changes
 * `blocks` in place.
 */
export function pointsUnderTitles(blocks: DocBlock[]): void {
  for (let i = 1; i < blocks.length; i++) {
    const title = blocks[i - 1];
    const block = blocks[i];
    if (title.kind !== 'heading' || (block.page ?? 0) !== (title.page ?? 0)) continue;
    if (block.kind !== 'heading') continue;
    const label = pointsLabel.exec(block.text.trim())?.[0];
    if (!label || label.length !== block.text.trim().length) continue;
    blocks[i] = { kind: 'paragraph', text: label, ...(block.page ? { page: block.page } : {}) };
  }
}

/**
 * A points label at the right of a title too long to leave it room wraps: its number stays on the title's line and its
 * word goes to the next ("... Maxwell-Gleichungen    3 (+1 Bonus)" / "Punkte"), where it would be read as the title's
 * next line. The word goes back to its number, so the label reads whole.
 */
export function joinWrappedPoints(lines: PdfLine[]): PdfLine[] {
  const out: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    const whole = next && `${line.text.trim()} ${next.text.trim()}`;
    if (
      next &&
      next.page === line.page &&
      Math.abs(next.size - line.size) < 0.5 &&
      Math.abs(next.y - line.y) > 1 &&
      Math.abs(next.y - line.y) < line.size * 2 &&
      !pointsLabel.test(line.text.trim()) &&
      pointsLabel.exec(whole)?.[0].length === whole.length
    ) {
      out.push({ ...line, text: whole, x1: Math.max(line.x1, next.x1) });
      i++;
    } else out.push(line);
  }
  return out;
}
