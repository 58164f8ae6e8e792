import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The DejaVu families (from the dejavu-fonts-ttf package): they cover Latin, Greek, Cyrillic and math symbols. */
const files = {
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
  serifBoldItalic: 'DejaVuSerif-BoldItalic.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
export type FontName = keyof typeof files;

let loaded: Record<FontName, Buffer> | undefined;

/** The font files, read once per worker. */
export function fontFiles(): Record<FontName, Buffer> {
  if (!loaded) {
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    loaded = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, readFileSync(path.join(dir, file))])) as Record<
      FontName,
      Buffer
    >;
  }
  return loaded;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, bytes] of Object.entries(fontFiles())) doc.registerFont(name, bytes);
}

export function textFont(run: { bold?: boolean; italic?: boolean; code?: boolean }): FontName {
  if (run.code) return 'mono';
  if (run.bold && run.italic) return 'serifBoldItalic';
  if (run.bold) return 'serifBold';
  if (run.italic) return 'serifItalic';
  return 'serif';
}
