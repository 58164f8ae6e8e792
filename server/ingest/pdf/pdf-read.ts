import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { ExtractError } from '../extract-error';
import type { PdfItem, PdfOutlineEntry, PdfPage, PdfRaw } from './pdf-types';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdfjs in Node wants directory URLs with a trailing slash for its data files.
const dataUrl = (dir: string) => `${pathToFileURL(path.join(pdfjsRoot, dir)).href}/`;

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
}

/** Items whose characters are mostly control codes come from fonts without a Unicode map. */
function readableText(str: string): { text: string; unreadable: number } {
  let control = 0;
  for (const ch of str) if (ch < ' ' && ch !== '\n') control++;
  const visible = str.replace(/\s/g, '').length;
  if (visible > 0 && control / visible > 0.3) return { text: '', unreadable: visible };
  return { text: control ? str.replace(/[\u0000-\u001f]/g, ' ') : str, unreadable: 0 };
}

async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({
      data,
      verbosity: VerbosityLevel.ERRORS,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: dataUrl('standard_fonts'),
      cMapUrl: dataUrl('cmaps'),
      cMapPacked: true,
      wasmUrl: dataUrl('wasm'),
      // We never render: images are not decoded for text extraction.
      maxImageSize: 1,
    }).promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new ExtractError('encrypted', 'encrypted');
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

async function readOutline(doc: PDFDocumentProxy): Promise<PdfOutlineEntry[]> {
  const out: PdfOutlineEntry[] = [];
  try {
    const walk = (items: Array<{ title: string; items: unknown[] }>, depth: number) => {
      for (const item of items) {
        if (out.length > 2000) return;
        const title = String(item.title ?? '')
          .replace(/\s+/g, ' ')
          .trim();
        if (title) out.push({ title, depth });
        walk((item.items ?? []) as Array<{ title: string; items: unknown[] }>, depth + 1);
      }
    };
    walk(((await doc.getOutline()) ?? []) as Array<{ title: string; items: unknown[] }>, 0);
  } catch {
    // A damaged outline is not worth failing the document over.
  }
  return out;
}

/** Reads every page's text runs with pdfjs. Broken pages are skipped; a broken document is an ExtractError. */
export async function readPdf(data: Uint8Array): Promise<PdfRaw> {
  const doc = await openPdf(data);
  try {
    const pages: PdfPage[] = [];
    let unreadableChars = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      let page;
      try {
        page = await doc.getPage(n);
      } catch {
        continue;
      }
      const [x0, y0, x1, y1] = page.view;
      const items: PdfItem[] = [];
      try {
        const content = await page.getTextContent();
        const styles = content.styles as Record<string, { fontFamily?: string }>;
        for (const raw of content.items as TextItemLike[]) {
          if (!raw.str || !raw.transform) continue;
          const [a, b, c, d, e, f] = raw.transform;
          // Rotated runs are margin stamps (arXiv ids, line numbers); they are not part of the reading flow.
          if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0) continue;
          const { text, unreadable } = readableText(raw.str);
          unreadableChars += unreadable;
          if (!text.trim()) continue;
          items.push({
            str: text,
            x: e - x0,
            y: f - y0,
            width: raw.width ?? 0,
            size: Math.abs(d) || Math.abs(a),
            font: raw.fontName ?? '',
            mono: styles[raw.fontName ?? '']?.fontFamily === 'monospace',
          });
        }
      } catch {
        // One unreadable page does not spoil the rest.
      }
      page.cleanup();
      pages.push({ number: n, width: x1 - x0, height: y1 - y0, items });
    }
    const outline = await readOutline(doc);
    let metaTitle: string | undefined;
    try {
      const meta = await doc.getMetadata();
      const title = (meta.info as { Title?: unknown } | undefined)?.Title;
      if (typeof title === 'string' && title.trim()) metaTitle = title.trim();
    } catch {
      // Metadata is optional.
    }
    return { pages, outline, metaTitle, unreadableChars };
  } finally {
    await doc.loadingTask.destroy();
  }
}
