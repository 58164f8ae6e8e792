/**
 * The document model: what the extractors (PDF, DOCX, TXT/Markdown) read out of a
 * user's file and what every later stage (analysis, references, outline, expansion,
 * materials, exports) reads. See docs/document-model.md.
 *
 * Stored form: the flat list of blocks in reading order (headings carry their level),
 * in `sources.structure`; the section tree is derived from it by `documentTree`
 * (document-tree.ts), so the two can never disagree.
 *
 * Text fields are plain text. Inline math inside a text field is written `\(latex\)`
 * (never `$...$`, which collides with prices); display math is an `equation` block.
 */

/** Where a block sits in its source, so generated text can be traced back to it. */
export interface SourcePos {
  /** 1-based page (PDF, scanned image) or slide (PPTX). */
  page?: number;
  /** 0-based index of the paragraph / line in the source (DOCX, TXT, Markdown). */
  index?: number;
}

/**
 * A hyperlink inside a block's text: `text` is the anchor as it occurs in the block's `text`
 * (links are listed in reading order, each found after the previous one), `href` its target
 * (http, https or mailto only; anything else is dropped by the extractors).
 */
export interface DocLink {
  text: string;
  href: string;
}

/** An image kept from the source (embedded raster, rendered vector figure, equation crop). */
export interface ImageRef {
  /** sha256 hex of the image bytes: images are stored once per owner (content-addressed). */
  sha256: string;
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width?: number;
  height?: number;
}

/** The bytes of an image the extractor found; `document.images` carries them out of the worker. */
export interface ExtractedImage extends ImageRef {
  data: Uint8Array;
}

/** Letters (a, A) or roman numerals (i, I) for an ordered list's labels, as HTML's `<ol type>` names them. */
export type ListMarker = 'a' | 'A' | 'i' | 'I';

export type DocBlockKind =
  | 'heading'
  | 'paragraph'
  /** One item of a list; consecutive items form a list, `depth` 0 is the outermost level. */
  | 'list-item'
  | 'table'
  | 'figure'
  /** Display math: LaTeX when it could be read reliably, else an image with the equation's text as alt. */
  | 'equation'
  | 'code'
  | 'quote'
  /** Footnote or endnote, with its marker ("1", "*") in `label` when known. */
  | 'note'
  /** Margin note or sidebar: kept apart from the body paragraph beside it. */
  | 'margin'
  /**
   * A key word a textbook sets in its margin beside the passage that defines it (forall x: "valid", "sound"): an entry for
   * the book's index, pointing at the block before it; never printed as body text or a note.
   */
  | 'index-term'
  | 'exercise'
  /** A caption that could not be attached to a figure or table. */
  | 'caption'
  | 'bibliography'
  /** Legacy: one table row as text (documents read by extractor versions before the table block). */
  | 'table-row';

/**
 * One block of a document in reading order. One shape for every kind (the fields a
 * kind does not use stay undefined), so stages can pass blocks along without switching.
 * `text` is always the block's plain text (a table's cells, a figure's caption, an
 * equation's alt text), so analysis and retrieval can read every block the same way.
 */
export interface DocBlock {
  kind: DocBlockKind;
  text: string;
  /** Heading level 1-6 for headings. */
  level?: number;
  /** 1-based page for PDFs and scans, 1-based slide (in the deck's order) for PPTX. */
  page?: number;
  /** 0-based paragraph/line index for DOCX, TXT and Markdown. */
  index?: number;
  /** heading: a date-only heading ("Week 3", "January 10, 2019") - a session, not a topic. */
  session?: boolean;
  /** list-item: nesting depth (0 = outermost) and numbering. */
  depth?: number;
  ordered?: boolean;
  /** list-item: on the first item of an ordered list that does not start at 1, its number ("5." -> 5). */
  start?: number;
  /** list-item: an ordered list labelled with letters or roman numerals ("a.", "iv."), as the source labels it. */
  marker?: ListMarker;
  /** list-item: an entry of a list of definitions (a glossary typed "term:" + tab + definition): the term its text opens with, shown in bold. */
  term?: string;
  /** Inline code in `text` (paragraph, list item, quote, margin), in reading order: shown as code, as typed. */
  code?: string[];
  /** Text the source sets in bold (strong) or italic (emphasis) inside `text` (paragraph, list item, quote, margin, note), in reading order: shown so. */
  strong?: string[];
  emphasis?: string[];
  /** Hyperlinks in `text` (paragraph, list item, table cell text, note, margin), from PDF link annotations, DOCX hyperlinks, Markdown. */
  links?: DocLink[];
  /** table: cells by row; `header` when the first row is a header row. */
  rows?: string[][];
  header?: boolean;
  /** table: the columns (0-based) the source sets in a monospaced font (a guide's patterns, commands): shown as inline code. */
  codeColumns?: number[];
  /** figure / table / code: caption as the document gives it ("Figure 5.2: ...", "Listing 2.1 – ..."). */
  caption?: string;
  /** figure without a caption of its own: what its picture shows for a reader who cannot see it (its alt text only, never printed). */
  alt?: string;
  /** figure, table or equation kept as an image. */
  image?: ImageRef;
  /** equation: LaTeX source when recovered reliably. */
  latex?: string;
  /** equation number "(6.9)", note marker "3", exercise label "5.4". */
  label?: string;
  /** code: language when known. */
  language?: string;
  /** code: set inside the quotation or callout box before it (a listing in a hint box): the box holds it, in its place. */
  boxed?: boolean;
}

/** One warning of a reader: the sentence the user reads, and what it is about. */
export interface ReadingWarning {
  message: string;
  /** The pages (a deck's slides) it names; none when it is about the file as a whole. */
  pages?: number[];
  /** It names what the reader left out on purpose (`omitted`), which the generation report lists apart. */
  leftOut?: boolean;
}

export interface ExtractedDocument {
  filename: string;
  mime:
    | 'application/pdf'
    | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
    | 'application/vnd.oasis.opendocument.presentation'
    | 'text/plain'
    | 'text/markdown'
    /** A scan or photo of a page, read by text recognition. */
    | 'image/png'
    | 'image/jpeg';
  /** The cleaned text, blocks joined with blank lines, headings on their own line. */
  text: string;
  blocks: DocBlock[];
  /** Title from metadata or the first heading, when known. */
  title?: string;
  /** The lines set with the title on a first page (subtitle, authors, course, institution, date): metadata, not headings or text. */
  titleBlock?: string[];
  /** The bibliography / references section's raw entries, when found. */
  bibliography?: string[];
  pageCount?: number;
  /** Images the blocks refer to by sha256. Their bytes leave the worker here and are stored apart (never in `structure`). */
  images?: ExtractedImage[];
  /** What was read, in words for the user ("23 slides, 11 with speaker notes", "8 scanned pages read as text"). */
  summary?: string;
  /** Pages read by text recognition (scans, photos), each with the recognizer's mean word confidence (0-100). */
  recognized?: Array<{ page: number; confidence: number }>;
  /** What could not be read, in words for the user ("pages 3-7 are images of text: no readable text"). */
  warnings?: string[];
  /**
   * The same warnings in the same order, each with what its reader knew as it wrote it: the pages (slides) it is about
   * and whether it names a part left out on purpose (`omitted`). The generation report places the warnings by these.
   * Documents stored before this field have `warnings` only: each is then a note on the file as a whole.
   */
  warningDetails?: ReadingWarning[];
  /** What the reader left out on purpose (the author's to-do notes), one line each: the generation report names it. */
  omitted?: string[];
  /** The material's language as a BCP 47 tag ("en", "de", "fr"), when it could be detected. */
  language?: string;
  /** Where the headings came from: the PDF's bookmarks, Word heading styles, Markdown, or guessed from layout. */
  headingSource?: 'outline' | 'styles' | 'markdown' | 'layout' | 'none';
}

/** A node of the section tree: a heading, its own blocks in reading order, and its subsections. */
export interface DocSection {
  title: string;
  /** The heading's level in the document (1 = top). */
  level: number;
  /** Depth in the tree (1 = top-level unit), independent of skipped levels. */
  depth: number;
  pos: SourcePos;
  session?: boolean;
  blocks: DocBlock[];
  children: DocSection[];
}

export interface DocumentTree {
  title?: string;
  /** Blocks before the first heading. */
  preamble: DocBlock[];
  sections: DocSection[];
}
