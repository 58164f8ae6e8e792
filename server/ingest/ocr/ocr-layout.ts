import type { DocBlock } from '@server/core/document-model';
import { normalizeCharacters } from '@server/core/nlp';
import type { OcrLine, OcrPage } from './ocr-engine';

/** A line that opens a list item: a bullet, or "1." / "2)" / "(a)" / "(ii)" before its text. */
const bulletLine = /^([•●▪◦○■□➢►‣∙·*–-]\s+|(\d{1,2}|[a-hA-H])[.)]\s+|\((\d{1,2}|[a-h]|[ivx]{1,4})\)\s+)/;
/** What is taken off an item's text: bullets and "1." numbers (the list numbers them); a label such as "(b)" is kept, exam questions cite it. */
const bulletMark = /^([•●▪◦○■□➢►‣∙·*–-]\s+|(\d{1,2}|[a-hA-H])[.)]\s+)/;
const orderedLine = /^((\d{1,2}|[a-hA-H])[.)]|\((\d{1,2}|[a-h]|[ivx]{1,4})\))\s/;
/**
 * A row of a form (an exam paper's cover, a cover sheet): a label of up to five words in title case or capitals, a colon,
 * then its value ("Date and Time: ...", "INSTRUCTIONS TO CANDIDATES: ..."). Rows typed close under one another are read
 * by the recognizer as one paragraph; each is a line of its own.
 */
const formRow = /^\p{Lu}[\p{L}\p{N}’'-]*(?:\s+(?:\p{Lu}[\p{L}\p{N}’'-]*|and|of|the|to|for|or|in|&)){0,4}:\s+\S/u;
/** A page number or running folio standing alone. */
const folio = /^(page\s+)?\d{1,4}(\s+(of|\/)\s+\d{1,4})?$/i;

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * A recognized line without the marks a scan adds: a ruled edge or a fold reads as "|" or "¦";
 * such marks standing alone are not text.
 */
export function cleanLine(text: string): string {
  const words = text
    .replace(/(^|\s)[|¦]+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  // Speckles at a line's ends read as "~~", "©", "+" or "oo": marks with no letter or digit there are dropped.
  const speck = /^([~©®°•+=_|¦:;.,'"“”‘’`^*<>«»—–-]+|o{2,}|~+\w{0,2})$/;
  while (words.length && speck.test(words[0])) words.shift();
  while (words.length && speck.test(words[words.length - 1])) words.pop();
  return words.join(' ');
}

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
 * Lines worth reading: marks cleaned away, and short lines recognized with little confidence
 * dropped (a handwritten note in the margin, a stamp, speckles read as "grb oe").
 */
function keptLines(lines: OcrLine[], page: OcrPage): OcrLine[] {
  return lines
    .map((l) => ({ ...l, text: cleanLine(l.text) }))
    .filter((l) => /[\p{L}\d]/u.test(l.text))
    .filter((l) => !(l.confidence < 60 && l.text.split(' ').length <= 3))
    .filter((l) => !(folio.test(l.text) && (l.y1 < page.height * 0.12 || l.y0 > page.height * 0.88)));
}

/** Tesseract's paragraphs cut again where the gap between two lines is clearly wider than the page's line spacing. */
function splitByGaps(lines: OcrLine[], bodyHeight: number): OcrLine[][] {
  const out: OcrLine[][] = [];
  let current: OcrLine[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev && line.y0 - prev.y1 > Math.max(prev.height, bodyHeight) * 0.6) {
      out.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * One recognized page as blocks: paragraphs joined into prose, a paragraph opening with bullets
 * or numbers split into list items, short lines clearly taller than the page's text (a third or
 * more) as headings, and a lone page number at the top or bottom dropped.
 */
export function pageBlocks(page: OcrPage, pageNumber: number): DocBlock[] {
  const all = page.paragraphs.flatMap((p) => p.lines);
  const body = median(all.filter((l) => l.text.length >= 20).map((l) => l.height)) || median(all.map((l) => l.height));
  const blocks: DocBlock[] = [];
  const groups = page.paragraphs.flatMap((p) => splitByGaps(keptLines(p.lines, page), body));
  for (const lines of groups) {
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
      blocks.push({
        kind: 'list-item',
        text: joined.replace(bulletMark, ''),
        depth: 0,
        ordered: orderedLine.test(joined),
        page: pageNumber,
      });
      item = undefined;
    };
    for (const line of lines) {
      if (bulletLine.test(line.text)) {
        flushProse();
        flushItem();
        item = [line];
      } else if (item) item.push(line);
      else {
        // A form's next row starts a paragraph of its own after a row (never inside prose that merely opens with a label).
        if (prose.length && formRow.test(prose[0].text) && formRow.test(line.text)) flushProse();
        prose.push(line);
      }
    }
    flushProse();
    flushItem();
  }
  return blocks;
}

/**
 * Lines repeated on most pages of a scan (a running header, a copyright footer) are page
 * furniture: dropped from every page when the scan has three pages or more.
 */
export function dropRepeatedLines(pages: DocBlock[][]): DocBlock[][] {
  if (pages.length < 3) return pages;
  const key = (b: DocBlock) => b.text.toLowerCase().replace(/\d+/g, '#');
  const counts = new Map<string, number>();
  for (const blocks of pages) for (const k of new Set(blocks.map(key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  const min = Math.max(3, Math.ceil(pages.length * 0.5));
  // Only short lines: a running head or a footer, never a paragraph of the text (a handout may repeat one on purpose).
  return pages.map((blocks) => blocks.filter((b) => (counts.get(key(b)) ?? 0) < min || b.text.length > 100));
}
