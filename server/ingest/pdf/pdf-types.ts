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
  /** Set in a bold font (CMBX, "...-Bold", "...-Semibold"): headings in body-size type, run-in headings. */
  bold?: boolean;
  /** Set in an italic or slanted text font (CMTI, "...-Italic"); math italic is mathematics, not this. */
  italic?: boolean;
  /** Visible characters set in a math font (CMMI, CMSY, CMEX, Cambria Math...) or that are math symbols. */
  math?: number;
  /**
   * A glyph of TeX's extension font (a big operator or delimiter, CMEX): TeX hangs it from its
   * baseline, so `y` is moved down to where the line's baseline most likely is, and the line it
   * belongs to is found with a looser match.
   */
  hangs?: boolean;
  /** Set in a bold math font (CMMIB, CMBSY): a bold vector or matrix symbol, which the text alone does not say. */
  boldMath?: boolean;
  /** Text printed upside down, read the right way up (pdf-rotated-text): the number of the group it stands in. */
  turned?: number;
  /** A radical sign in running text (pdf-text-roots.ts): where its rule ends, and its index if any. */
  root?: { end: number; index?: string };
  /**
   * A formula read from glyphs set over and under the line (pdf-tall-fractions.ts), `str` its inline LaTeX: the glyphs it
   * was read from, so a line's share of mathematics counts them and not the letters of its LaTeX.
   */
  glyphs?: number;
}

/** A painted shape of a page (a stroked or filled path, or an image), as a box in PDF points (y up). */
export interface PdfMark {
  kind: 'path' | 'image';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill?: boolean;
  stroke?: boolean;
}

/** A link annotation of a page (URI action): the text under its rectangle, lines apart by "\n", and its target. */
export interface PdfLink {
  text: string;
  href: string;
  /** Baseline area's bottom, PDF points (y up): where the anchor ends on the page. */
  y: number;
  /** The word printed just before the anchor on its line and just after it on its last line: where on the page it sits. */
  before?: string;
  after?: string;
}

/** Why a page gave no text: its text is drawn in fonts with no Unicode map, or the page is a picture of text. */
export type UnreadablePage = 'unmapped' | 'image';

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  items: PdfItem[];
  /** Painted shapes, for figures, rules and the pictures of scanned pages (empty when the operator list was not read). */
  marks?: PdfMark[];
  /** Boxes of rotated text runs (a plot's vertical axis label): never read as text, but part of a figure they touch. */
  rotated?: Array<{ x0: number; y0: number; x1: number; y1: number }>;
  /** Pieces of a tall delimiter of TeX's extension font read as no character: where each was set. */
  pieces?: Array<{ x0: number; x1: number; y: number }>;
  /** Set when the page has no readable text for the reason given (its items are then empty). */
  unreadable?: UnreadablePage;
  /**
   * Glyphs of a readable page that no font mapping names (control codes from a Type 3 bitmap font or
   * a damaged encoding: a "≤" of a formula): left out of the text, and the page named in a warning.
   */
  unmappedGlyphs?: number;
  /** Of those, glyphs read from the document's own words (pdf-null-glyph-words.ts): named in the reading warning. */
  inferredGlyphs?: number;
  /** Characters the document's own fonts have no glyph for (printed blank; "\uFFFD" in the text): the page is named in a warning. */
  missingGlyphs?: number;
  /** Web and mail links (link annotations) in reading order. */
  links?: PdfLink[];
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

/** A page area kept as a picture: a figure, a display equation or a table whose cells could not be read. */
export interface PdfRegion {
  /** `callout`: a box of text under a title band (a due date, a tip): its text is the book's, kept as a callout with the title as its label. */
  kind: 'figure' | 'equation' | 'table' | 'callout';
  page: number;
  /** Box in PDF points (y up). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The text drawn inside it (figure labels, the equation as text). */
  text: string;
  caption?: string;
  /** Equation numbers, "(5.1a)". */
  label?: string;
  /** Table cells, when the columns are clear. */
  rows?: string[][];
  /** An equation read reliably from its one line of text (pdf-equation-latex.ts): stored as LaTeX, not drawn. */
  latex?: string;
  /** Boxes inside the region painted white when it is drawn: an equation's numbers, kept as its label instead. */
  masks?: Array<{ x0: number; y0: number; x1: number; y1: number }>;
  /** The first row of `rows` is a header row. */
  header?: boolean;
}

/** Bold or italic words starting a line that goes on in another face; `gap` when a wide space (an em or so) follows them. */
export interface RunInLead {
  text: string;
  face: 'bold' | 'italic';
  gap: boolean;
}

/** Words inside a line set in a bold or italic text face while the line goes on in another (pdf-faces.ts). */
export interface FacedRun {
  text: string;
  face: 'bold' | 'italic';
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
  /** The raised mark (†, ∗, a digit) the line opens with, dropped from its text: at a page's foot, a footnote's first line. */
  leadMark?: string;
  /** The footnote marks dropped after the line's words, in order: where its footnotes are called. */
  noteMarks?: string[];
  /** A margin note (smaller type beside the body column): its own block, never part of the paragraph beside it. */
  isMargin?: boolean;
  /** The title over a slide of a deck (a Beamer frame title, often set in small capitals that read in lower case). */
  frameTitle?: boolean;
  mono?: boolean;
  /** A line of an algorithm float's pseudocode, under its "Algorithm N" caption (pdf-algorithms). */
  algorithm?: boolean;
  /** An item of a list set in columns (pdf-column-lists): a list item of its own, in the order the columns are read. */
  columnItem?: boolean;
  /** A label with its answer box, as a blank to fill in (pdf-answer-boxes): a paragraph of its own. */
  answer?: boolean;
  /** An exercise's answer set in small type under it (pdf-exercise-columns): a paragraph of its own after the exercise, never a display's. */
  solution?: boolean;
  /** Most of the line is set in a bold font. */
  bold?: boolean;
  /** Most of the line is set in an italic text font. */
  italic?: boolean;
  /** The line starts with bold or italic words and goes on in the text face: maybe a run-in heading ("Evaluating a Prediction of Y Suppose that ..."). */
  lead?: RunInLead;
  /** Its words in bold or italic inside a line in the text face, in reading order. */
  faces?: FacedRun[];
  /** Share of the visible characters set in math fonts or being math symbols (0-1). */
  math?: number;
  /** Every glyph sits on the line's baseline or is a script of it, none in TeX's extension font, a bold or a monospace face: its text says all it shows. */
  plainMath?: boolean;
  /** Where the line's big operators (∑, ∫, lim ...) are set, in reading order: a display's limits are written on them. */
  bigOps?: Array<{ x0: number; x1: number }>;
  /** A figure, equation or table standing in the reading order where this line is. */
  region?: PdfRegion;
  /** Runs of the line set an em or more apart (a table row's cells that came as one line), when there are two or more. */
  cells?: TextCell[];
}

/** A piece of a line between wide gaps: one cell of a table row. */
export interface TextCell {
  x0: number;
  x1: number;
  text: string;
}
