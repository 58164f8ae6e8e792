/**
 * The PDF's logical structure (ISO 32000-1, 14.7-14.8: a tagged PDF, the reading order and roles a screen reader
 * follows): PDFKit's structure elements, with what is drawn marked as the content of the element it belongs to and
 * everything else (page numbers, rules, the bar beside a quotation) marked as an artifact. Elements nest as the
 * book does: sections, headings, paragraphs, lists (L, LI, Lbl, LBody), tables (Table, TR, TH, TD), figures and
 * formulas with alt text, links tied to their annotations.
 */
type Element = PDFKit.PDFStructureElement;
type ElementOptions = { alt?: string; lang?: string; title?: string; actual?: string };
/** An element whose marked content is open (what is drawn now is its content), or none. */
type Marked = { element: Element; type: string } | null;

export class PdfTags {
  private readonly stack: Element[];
  /** The element whose content is being drawn (its marked-content sequence is open), if any. */
  private open: Marked = null;
  /** Inside an artifact nothing is tagged: its drawing is not content, whatever it holds. */
  private quiet = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    root: Element,
  ) {
    this.stack = [root];
  }

  private get parent(): Element {
    return this.stack[this.stack.length - 1];
  }

  private pause(): Marked {
    const was = this.open;
    if (was) {
      this.doc.endMarkedContent();
      this.open = null;
    }
    return was;
  }

  private resume(was: Marked): void {
    if (!was) return;
    was.element.add(this.doc.markStructureContent(was.type));
    this.open = was;
  }

  /** A new element under the current one; `into` fills it later (the contents, known only at the end). */
  element(type: string, options: ElementOptions = {}): Element {
    const element = this.doc.struct(type, options);
    this.parent.add(element);
    return element;
  }

  /** Runs `draw` with `element` as the parent of what it tags, then ends the element. */
  into(element: Element, draw: () => void): void {
    this.inside(element, this.pause(), null, draw);
  }

  /** A grouping element (Sect, L, LI, LBody, Table, TR, BlockQuote, TOC): what `draw` tags goes inside it. */
  group(type: string, draw: () => void, options: ElementOptions = {}): void {
    if (this.quiet) return draw();
    this.into(this.element(type, options), draw);
  }

  /** An element with content of its own (P, H1-H6, Lbl, TH, TD, Figure, Formula, TOCI): what `draw` draws is it. */
  leaf(type: string, draw: () => void, options: ElementOptions = {}): void {
    if (this.quiet) return draw();
    const was = this.pause();
    const element = this.element(type, options);
    this.inside(element, was, { element, type }, draw);
  }

  /**
   * Runs `draw` with `element` as the parent (its own content open as `marked`, when it has some), then ends the
   * element and reopens what was open before it (`was`).
   */
  private inside(element: Element, was: Marked, marked: Marked, draw: () => void): void {
    this.stack.push(element);
    this.resume(marked);
    try {
      draw();
    } finally {
      this.pause();
      this.stack.pop();
      element.end();
      this.resume(was);
    }
  }

  /**
   * An element inside a line (a formula, a link): the line's marked content is interrupted for it and resumed
   * after. A link is drawn in PDFKit's closure form, which ties the link annotation to the Link element.
   */
  inline(type: 'Formula' | 'Link' | 'Span', draw: () => void, options: ElementOptions = {}): void {
    if (this.quiet) return draw();
    const was = this.pause();
    const element = this.doc.struct(type, options);
    (was?.element ?? this.parent).add(element);
    if (type === 'Link') element.add(draw);
    else {
      element.add(this.doc.markStructureContent(type));
      draw();
      this.doc.endMarkedContent();
    }
    element.end();
    this.resume(was);
  }

  /** Drawing that is not content: page numbers, rules, backgrounds, a repeated table header. */
  artifact(draw: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
    if (this.quiet) return draw();
    const was = this.pause();
    this.doc.markContent('Artifact', { type });
    this.quiet++;
    try {
      draw();
    } finally {
      this.quiet--;
      this.doc.endMarkedContent();
      this.resume(was);
    }
  }
}
