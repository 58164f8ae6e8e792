import type { FileKind } from './file-types';

export interface FilePreviewInfo {
  /** The first lines of a text file. */
  lines?: string[];
  /** Page count of a PDF, when it can be read without a PDF library. */
  pages?: number;
}

const previewLines = 5;
const textPreviewBytes = 4096;
// Counting pages reads the whole file as bytes; past this size the preview only shows size and type.
const pageScanMaxBytes = 25 * 1024 * 1024;

async function readText(blob: Blob): Promise<string> {
  return blob.text();
}

async function readLatin1(blob: Blob): Promise<string> {
  const buffer = await blob.arrayBuffer();
  return new TextDecoder('latin1').decode(buffer);
}

/**
 * Page objects ('/Type /Page', not '/Pages') in the raw file; PDFs that keep
 * them in compressed object streams show none, then the page tree's largest
 * '/Count' is tried. Either may find nothing: the preview then omits pages.
 */
export function countPdfPages(raw: string): number | undefined {
  const pages = raw.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  let best = 0;
  for (const m of raw.matchAll(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/g)) best = Math.max(best, Number(m[1]));
  return best > 0 ? best : undefined;
}

/** A Markdown page's front matter ("---", "layout: post", ..., "---") is settings, not the page: the preview starts after it. */
const frontMatter = /^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export function firstLines(text: string, count = previewLines): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(frontMatter, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, count);
}

/** The cheap preview of docs/product.md: text lines for TXT, page info for PDF, nothing extra for DOCX (an icon). */
export async function readFilePreview(file: File, kind: FileKind): Promise<FilePreviewInfo> {
  if (kind === 'txt') return { lines: firstLines(await readText(file.slice(0, textPreviewBytes))) };
  if (kind === 'pdf' && file.size <= pageScanMaxBytes) return { pages: countPdfPages(await readLatin1(file)) };
  return {};
}
