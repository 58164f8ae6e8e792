declare namespace PDFKit {
  /** An image PDFKit has read once (openImage): drawn as often as needed, stored once in the file. */
  interface OpenedImage {
    readonly width: number;
    readonly height: number;
  }
  interface PDFDocument {
    openImage(src: Buffer | ArrayBuffer | Uint8Array): OpenedImage;
    image(src: OpenedImage, x?: number, y?: number, options?: Mixins.ImageOption): this;
  }
}
