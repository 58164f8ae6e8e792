import type { DocBlock } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';
import type { OcrLine, OcrPage } from './ocr-engine';

/** A line that opens a list item: a bullet, or "1." / "2)" / "a)" before its text. */
const bulletLine = /^([•●▪◦○■□➢►‣∙·*–-]\s+|(\d{1,2}|[a-hA-H])[.)]\s+)/;
/** A page number or running folio standing alone. */
const folio = /^(page\s+)?\d{1,4}(\s+(of|\/)\s+\d{1,4})?$/i;

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Lines joined into prose: a word hyphenated at a line's end is whole again. */
export function joinLines(lines: string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else if (/\p{Ll}-$/u.test(out) && /^\p{Ll}/u.test(line)) out = out.slice(0, -1) + line;
    else out += ` ${line}`;
  }
  return normalizeCharacters(out).replace(/\s+/g, ' ').trim();
}

/**
 * One recognized page as blocks: tesseract's paragraphs joined into prose, a paragraph opening
 * with bullets or numbers split into list items, short lines clearly taller than the page's text
 * (a third or more) as headings, and a lone page number at the top or bottom dropped.
 */
export function pageBlocks(page: OcrPage, pageNumber: number): DocBlock[] {
  const all = page.paragraphs.flatMap((p) => p.lines);
  const body = median(all.filter((l) => l.text.length >= 20).map((l) => l.height)) || median(all.map((l) => l.height));
  const blocks: DocBlock[] = [];
  for (const para of page.paragraphs) {
    const lines = para.lines.filter((l) => !(folio.test(l.text) && (l.y1 < page.height * 0.1 || l.y0 > page.height * 0.9)));
    if (!lines.length) continue;
    const text = joinLines(lines.map((l) => l.text));
    const words = text.split(/\s+/).length;
    const tall = median(lines.map((l) => l.height));
    if (body && lines.length <= 2 && words <= 14 && tall >= body * 1.3 && /\p{L}{2}/u.test(text) && !/[.,;]$/.test(text)) {
      blocks.push({ kind: 'heading', text, level: tall >= body * 1.8 ? 1 : 2, page: pageNumber });
      continue;
    }
    let item: OcrLine[] | undefined;
    let prose: OcrLine[] = [];
    const flushProse = () => {
      if (prose.length) blocks.push({ kind: 'paragraph', text: joinLines(prose.map((l) => l.text)), page: pageNumber });
      prose = [];
    };
    const flushItem = () => {
      if (!item) return;
      const joined = joinLines(item.map((l) => l.text));
      const ordered = /^(\d{1,2}|[a-hA-H])[.)]\s/.test(joined);
      blocks.push({ kind: 'list-item', text: joined.replace(bulletLine, ''), depth: 0, ordered, page: pageNumber });
      item = undefined;
    };
    for (const line of lines) {
      if (bulletLine.test(line.text)) {
        flushProse();
        flushItem();
        item = [line];
      } else if (item) item.push(line);
      else prose.push(line);
    }
    flushProse();
    flushItem();
  }
  return blocks;
}
