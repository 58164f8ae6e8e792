/**
 * A book as every export format and the reader page see it: the textbook's chapters and sections with their
 * editor HTML read once into blocks and inline runs. Writers (HTML, EPUB, DOCX, PDF, cartridge) only walk this,
 * so a piece of markup is understood the same way in every format, and broken markup is repaired in one place.
 */

import type { TextbookLicense } from '../textbook';

/** A piece of text with its marks; `href` makes it (part of) a link. */
export interface TextRun {
  kind: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  code?: boolean;
  sub?: boolean;
  sup?: boolean;
  href?: string;
}

export type Inline = TextRun | { kind: 'math'; latex: string } | { kind: 'break' };

export interface TableCell {
  header: boolean;
  colspan: number;
  rowspan: number;
  blocks: Block[];
}

/** Letters (a, A) or roman numerals (i, I) for an ordered list's labels. */
export type ListMarker = 'a' | 'A' | 'i' | 'I';

/** The label of an ordered list's item `n` (1-based): "3", "c", "C", "iii" or "III". */
export function listLabel(n: number, marker?: ListMarker): string {
  if (!marker || n < 1) return String(n);
  if (marker === 'a' || marker === 'A') {
    let s = '';
    for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(97 + ((k - 1) % 26)) + s;
    return marker === 'A' ? s.toUpperCase() : s;
  }
  const numerals: Array<[number, string]> = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let s = '';
  let k = n;
  for (const [value, numeral] of numerals) for (; k >= value; k -= value) s += numeral;
  return marker === 'I' ? s.toUpperCase() : s;
}

/**
 * What numbering.ts adds to a block: `anchor`, the id a cross-reference links to (unique in the book);
 * `role` 'equation-number' marks the "(2.3)" line set beside a formula.
 */
export interface BlockTarget {
  anchor?: string;
  role?: 'equation-number';
}

export type Block = BlockTarget &
  /** Level 1 = chapter, 2 = section; headings inside the text are 3 to 6. */
  (
    | { kind: 'heading'; level: number; content: Inline[] }
    | { kind: 'paragraph'; content: Inline[] }
    /** `marker`: an ordered list labelled with letters or roman numerals (HTML's `<ol type>`). */
    | { kind: 'list'; ordered: boolean; start: number; marker?: ListMarker; items: Block[][] }
    | { kind: 'table'; rows: TableCell[][] }
    /** `src` as stored: `/api/images/{id}` or a raster data URL. */
    | { kind: 'image'; src: string; alt: string }
    | { kind: 'math'; latex: string }
    | { kind: 'code'; text: string }
    | { kind: 'quote'; blocks: Block[] }
    | { kind: 'rule' }
  );

export interface BookSection {
  /** Stable, unique in the book, usable as an XML id and a file name. */
  anchor: string;
  title: string;
  blocks: Block[];
}

export interface BookChapter extends BookSection {
  sections: BookSection[];
  /** The glossary or the index after the last chapter (back-matter.ts), derived when the book is rendered. */
  backMatter?: 'glossary' | 'index';
  /** The course files the chapter's text was taken from, most first (chapter-sources.ts prints them under its title). */
  sourceFiles?: string[];
}

export interface BookDocument {
  title: string;
  authors: string[];
  /** The material's own title-page lines (subtitle, authors, course, date), printed on the title page under the title. */
  credits: string[];
  /** BCP 47 tag of the book's language ("en" unless the content names another): every format declares it. */
  language: string;
  /** The owner's choice (all rights reserved unless set): every format states it in its metadata and on the title page. */
  license: TextbookLicense;
  /** The day the book was made, YYYY-MM-DD. */
  date: string;
  chapters: BookChapter[];
  /** The approved references, one paragraph each, already formatted in a citation style. */
  bibliography: Block[];
  /** The educational materials as appendix parts (empty unless asked for). */
  appendix: BookSection[];
}

/** The plain text of inline content: titles for a table of contents, bookmarks, alt texts. */
export function inlineText(content: readonly Inline[]): string {
  return content.map((i) => (i.kind === 'text' ? i.text : i.kind === 'math' ? i.latex : ' ')).join('');
}

/** Every image source a list of blocks uses, in order. */
export function imageSources(blocks: readonly Block[], into: string[] = []): string[] {
  for (const b of blocks) {
    if (b.kind === 'image') into.push(b.src);
    else if (b.kind === 'list') for (const item of b.items) imageSources(item, into);
    else if (b.kind === 'quote') imageSources(b.blocks, into);
    else if (b.kind === 'table') for (const row of b.rows) for (const cell of row) imageSources(cell.blocks, into);
  }
  return into;
}
