import mammoth from 'mammoth';
import type { DocBlock, ExtractedDocument } from '../ai/material';
import { normalizeCharacters } from '../ai/nlp';
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
  const blocks: DocBlock[] = [];
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
      blocks.push(level ? { kind, text, level } : { kind, text });
    }
    buffer = '';
  };
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, rawTag, attrs, selfClosing, text] = m;
    if (text !== undefined) {
      if (skipDepth === 0) buffer += decodeEntities(text);
      continue;
    }
    const tag = rawTag.toLowerCase();
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
  return blocks;
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
  const blocks = htmlToBlocks(html);
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
