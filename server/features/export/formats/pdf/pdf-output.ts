/**
 * What PDFKit writes, gathered from the moment the document is made: `finish()` ends the document and answers its
 * bytes once PDFKit has written the last of them (or rejects with its error).
 */
export function collectPdf(pdf: PDFKit.PDFDocument): { finish(): Promise<Uint8Array> } {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  return {
    async finish() {
      pdf.end();
      await finished;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
