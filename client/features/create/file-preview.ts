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

// One character a byte ('latin1' is windows-1252 to TextDecoder, still one code unit a byte), so offsets in the text are offsets in the file.
const asText = (bytes: Uint8Array<ArrayBuffer>) => new TextDecoder('latin1').decode(bytes);

/**
 * The page count a PDF states: the largest '/Count' of its page tree (the root's), else its page objects
 * ('/Type /Page', not '/Pages'). `inflated` are the texts of its compressed object streams: pdfTeX and
 * LuaTeX keep most page objects there, so the raw file alone shows none of them, or only the one written
 * last (a 22-page LuaTeX file showed "1 page"). A stated count is preferred, because page objects are a
 * lower bound when compressed and an upper one when an edited file keeps its replaced pages. Neither
 * found: undefined, and the preview omits pages.
 */
export function countPdfPages(raw: string, inflated: readonly string[] = []): number | undefined {
  let stated = 0;
  let objects = 0;
  for (const text of [raw, ...inflated]) {
    objects += text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
    for (const [dict] of text.matchAll(/<<[^<>]*>>/g)) {
      if (!/\/Type\s*\/Pages(?![a-zA-Z])/.test(dict)) continue;
      const count = /\/Count\s+(\d+)/.exec(dict);
      if (count) stated = Math.max(stated, Number(count[1]));
    }
  }
  if (stated > 0) return stated;
  return objects > 0 ? objects : undefined;
}

// Object streams past this many, or past this size, are not inflated: the count then rests on what the raw file shows.
const maxObjectStreams = 200;
const maxObjectStreamBytes = 4 * 1024 * 1024;

/** Inflates one Flate stream (zlib), or gives null when it is not one. */
async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  try {
    const stream = new DecompressionStream('deflate');
    const writer = stream.writable.getWriter();
    void writer.write(bytes).catch(() => undefined);
    void writer.close().catch(() => undefined);
    return new TextDecoder('latin1').decode(await new Response(stream.readable).arrayBuffer());
  } catch {
    return null;
  }
}

/** The texts of a PDF's Flate-compressed object streams ('/Type /ObjStm'), where compressed page objects and page-tree nodes live. */
export async function inflateObjectStreams(file: Uint8Array<ArrayBuffer>): Promise<string[]> {
  const raw = asText(file);
  const texts: string[] = [];
  const header = /<<((?:[^<>]|<<[^<>]*>>)*)>>\s*stream\r?\n/g;
  for (const m of raw.matchAll(header)) {
    if (texts.length >= maxObjectStreams) break;
    const dict = m[1];
    if (!/\/Type\s*\/ObjStm\b/.test(dict) || !/\/Filter\s*\/FlateDecode\b/.test(dict) || /\/DecodeParms/.test(dict)) continue;
    const start = (m.index ?? 0) + m[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const end = length ? start + Number(length[1]) : raw.indexOf('endstream', start);
    if (end <= start || end - start > maxObjectStreamBytes) continue;
    const text = await inflate(file.slice(start, end));
    if (text) texts.push(text);
  }
  return texts;
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
  if (kind === 'pdf' && file.size <= pageScanMaxBytes) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { pages: countPdfPages(asText(bytes), await inflateObjectStreams(bytes)) };
  }
  return {};
}
