import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fixturePath } from '@server/test/fixture-path.support';

/**
 * A PDF's text straight from pdfjs (one line per printed line), independent
 * of the ingest pipeline, so the bibliography parser is tested on raw PDF text too.
 */
export async function rawPdfText(file: string): Promise<string> {
  const data = new Uint8Array(readFileSync(fixturePath(`pdf/${file}`)));
  const doc = await getDocument({ data, useSystemFonts: true }).promise;
  let out = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      out += item.str + (item.hasEOL ? '\n' : '');
    }
    out += '\n\n';
  }
  await doc.loadingTask.destroy();
  return out;
}
