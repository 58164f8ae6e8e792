declare module 'svg-to-pdfkit' {
  /** Draws an SVG (as markup) into a PDFKit document at x, y. */
  function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; assumePt?: boolean; preserveAspectRatio?: string },
  ): void;
  export = SVGtoPDF;
}
