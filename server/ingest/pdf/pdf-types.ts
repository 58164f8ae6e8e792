/** One horizontal text run from pdfjs, in PDF user-space points (y grows upwards). */
export interface PdfItem {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  size: number;
  font: string;
  /** Set in a monospace font (code listings). */
  mono?: boolean;
}

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  items: PdfItem[];
}

export interface PdfOutlineEntry {
  title: string;
  depth: number;
}

export interface PdfRaw {
  pages: PdfPage[];
  outline: PdfOutlineEntry[];
  metaTitle?: string;
  /** Characters pdfjs returned that map to no readable character (fonts without a Unicode map). */
  unreadableChars: number;
}

/** A line of text inside one column of one page, after superscripts and spacing are resolved. */
export interface PdfLine {
  page: number;
  /** 0 for the left or only column, 1 for the right column. */
  column: number;
  x0: number;
  x1: number;
  y: number;
  size: number;
  font: string;
  text: string;
  /** Left and right edges of the column this line sits in (for indentation and short-line checks). */
  columnLeft: number;
  columnRight: number;
  /** Footnote text: read at the end of the section, so it never splits a paragraph. */
  isNote?: boolean;
  mono?: boolean;
}
