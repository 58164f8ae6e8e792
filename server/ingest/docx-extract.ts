import mammoth from 'mammoth';
import type { DocBlock, ExtractedDocument } from '../core/document-model';
import { normalizeCharacters } from '../core/nlp';
import { ExtractError } from './extract-error';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return entities[e.toLowerCase()] ?? m;
  });
}

/**
 * Mammoth's HTML (a small, regular vocabulary: p, h1-h6, ul/ol/li, table,
 * a, sup, strong, em) into blocks. Footnote and endnote markers and their
 * back-links are dropped; the notes themselves stay as list items at the end.
 */
export function htmlToBlocks(html: string): DocBlock[] {
  return readHtml(html).blocks;
}

/** Blocks, and the paragraphs whose every letter is bold (headings typed as bold text instead of a heading style). */
function readHtml(html: string): { blocks: DocBlock[]; boldOnly: Set<DocBlock> } {
  const blocks: DocBlock[] = [];
  const boldOnly = new Set<DocBlock>();
  let strongDepth = 0;
  let boldChars = 0;
  let plainChars = 0;
  let buffer = '';
  let kind: DocBlock['kind'] | undefined;
  let level: number | undefined;
  let skipDepth = 0;
  let cells: string[] | undefined;
  let inCell = false;
  let linkHref: string | undefined;
  let linkStart = 0;
  const flush = () => {
    const text = normalizeCharacters(buffer).replace(/\s+/g, ' ').trim();
    if (inCell && cells) {
      if (text) cells.push(text);
    } else if (text && kind) {
      const block: DocBlock = level ? { kind, text, level } : { kind, text };
      blocks.push(block);
      if (kind === 'paragraph' && boldChars > 0 && plainChars === 0) boldOnly.add(block);
    }
    buffer = '';
    boldChars = 0;
    plainChars = 0;
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, rawTag, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      if (skipDepth === 0) {
        const decoded = decodeEntities(text);
        buffer += decoded;
        const letters = decoded.replace(/\s/g, '').length;
        if (strongDepth > 0) boldChars += letters;
        else plainChars += letters;
      }
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (tag === 'strong' || tag === 'b') {
      strongDepth = Math.max(0, strongDepth + (closing ? -1 : 1));
      continue;
    }
    if (tag === 'a' && !closing && /href="#(foot|end)note-/.test(attrs)) {
      skipDepth++;
      continue;
    }
    if (tag === 'a' && closing && skipDepth > 0) {
      skipDepth--;
      continue;
    }
    // Keep a link's address when its text does not show it: references are often links.
    if (tag === 'a' && !closing) {
      linkHref = /href="(https?:[^"]+)"/.exec(attrs)?.[1];
      linkStart = buffer.length;
      continue;
    }
    if (tag === 'a' && closing) {
      const href = linkHref && decodeEntities(linkHref);
      if (href && !buffer.slice(linkStart).includes(href)) buffer += ` (${href})`;
      linkHref = undefined;
      continue;
    }
    if (tag === 'br') {
      buffer += ' ';
      continue;
    }
    if (selfClosing) continue;
    const heading = /^h([1-6])$/.exec(tag);
    if (heading || tag === 'p' || tag === 'li') {
      if (!closing) {
        // A <p> inside an <li> or a cell continues that item.
        if (tag === 'p' && (kind === 'list-item' || inCell) && buffer.trim()) buffer += ' ';
        else if (!(tag === 'p' && (kind === 'list-item' || inCell))) {
          flush();
          kind = heading ? 'heading' : tag === 'li' ? 'list-item' : 'paragraph';
          level = heading ? Number(heading[1]) : undefined;
        }
      } else if (!(tag === 'p' && (kind === 'list-item' || inCell))) {
        flush();
        kind = undefined;
        level = undefined;
      }
      continue;
    }
    if (tag === 'tr') {
      if (!closing) cells = [];
      else if (cells) {
        if (cells.length) blocks.push({ kind: 'table-row', text: cells.join(' | ') });
        cells = undefined;
      }
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!closing) {
        buffer = '';
        inCell = true;
      } else {
        flush();
        inCell = false;
      }
    }
  }
  flush();
  return { blocks, boldOnly };
}

/** A bold paragraph that reads as a title: short, starts with a capital or a number, ends no sentence. */
function looksLikeHeading(text: string): boolean {
  return text.length <= 100 && text.split(/\s+/).length <= 12 && /^[\p{Lu}\d]/u.test(text) && !/[.,;:!]$/.test(text) && /\p{L}{3}/u.test(text);
}

/**
 * Many instructors type headings as bold lines instead of using heading styles. When a document
 * has no heading at all, its short bold-only paragraphs are its headings (the first one, opening
 * the document, its title), so the outline can follow them.
 */
function promoteBoldHeadings(blocks: DocBlock[], boldOnly: Set<DocBlock>): DocBlock[] {
  if (blocks.some((b) => b.kind === 'heading')) return blocks;
  const candidates = blocks.filter((b) => boldOnly.has(b) && looksLikeHeading(b.text));
  if (candidates.length < 2) return blocks;
  return blocks.map((b, i) => (candidates.includes(b) ? { kind: 'heading', text: b.text, level: i === 0 ? 1 : 2 } : b));
}

const titleClass = 'docx-title';

export async function extractDocx(data: Uint8Array, filename: string): Promise<ExtractedDocument> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(data.buffer, data.byteOffset, data.length) },
      {
        // Pictures carry no text; leaving them out keeps base64 blobs out of the text.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        // Word's Title style is the document's title; mammoth's default map turns it into a plain paragraph.
        styleMap: [`p[style-name='Title'] => h1.${titleClass}:fresh`, "p[style-name='Subtitle'] => p:fresh"],
      },
    );
    html = result.value;
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/encrypt|password/i.test(message)) throw new ExtractError('encrypted', 'encrypted');
    throw new ExtractError('corrupt', message);
  }
  const read = readHtml(html);
  const blocks = promoteBoldHeadings(read.blocks, read.boldOnly);
  if (blocks.length === 0) throw new ExtractError('empty', 'no text');
  const titleHtml = new RegExp(`<h1 class="${titleClass}">([\\s\\S]*?)</h1>`).exec(html)?.[1];
  const styledTitle = titleHtml && htmlToBlocks(`<h1>${titleHtml}</h1>`)[0]?.text;
  return {
    filename,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
    title: styledTitle || blocks.find((b) => b.kind === 'heading')?.text,
  };
}
