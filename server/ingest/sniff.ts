import type { ExtractedDocument } from '../core/document-model';

export type FileKind = 'pdf' | 'docx' | 'pptx' | 'odp' | 'png' | 'jpeg' | 'txt';

export const mimeByKind: Record<FileKind, ExtractedDocument['mime']> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
};

const binaryMagic: number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x42, 0x4d], // BMP
  [0x49, 0x49, 0x2a, 0x00], // TIFF
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2 (old .doc, .xls)
  [0x1f, 0x8b], // gzip
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x25, 0x21, 0x50, 0x53], // PostScript
  [0x00, 0x00, 0x01, 0x00], // ICO
];

function startsWith(data: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => data[i] === b);
}

/**
 * What a file really is, from its bytes (never from its name or declared
 * type): PDF by its header, DOCX by a ZIP holding word/document.xml, PPTX by
 * one holding ppt/presentation.xml, ODP by its mimetype entry, PNG and JPEG by their signatures, text by
 * a BOM or by bytes that decode as text. Anything else is undefined.
 */
export function sniffKind(data: Uint8Array): FileKind | undefined {
  if (data.length === 0) return undefined;
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])) {
    // Entry names are stored uncompressed in a ZIP, so the part name is visible in the bytes.
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.length);
    if (bytes.includes('word/document.xml')) return 'docx';
    if (bytes.includes('ppt/presentation.xml')) return 'pptx';
    // OpenDocument stores its type first, uncompressed, in an entry named "mimetype".
    return bytes.subarray(0, 200).includes('mimetypeapplication/vnd.oasis.opendocument.presentation') ? 'odp' : undefined;
  }
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0xff, 0xfe]) || startsWith(data, [0xfe, 0xff])) return 'txt';
  if (startsWith(data, [0xef, 0xbb, 0xbf])) return isHtmlPage(head.slice(3)) ? undefined : 'txt';
  if (binaryMagic.some((m) => startsWith(data, m))) return undefined;
  // A saved web page (often renamed .pdf or .txt) is markup, not course text: its tags and scripts would become the book.
  if (isHtmlPage(head)) return undefined;
  return looksLikeText(data) ? 'txt' : undefined;
}

/**
 * A password-protected Office file (DOCX or PPTX) is not a ZIP: Office wraps the encrypted package
 * in an OLE compound file whose directory names an "EncryptedPackage" stream (UTF-16 in the bytes).
 */
export function isEncryptedOffice(data: Uint8Array): boolean {
  if (!startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return false;
  return Buffer.from(data.buffer, data.byteOffset, data.length).includes(Buffer.from('EncryptedPackage', 'utf16le'));
}

/**
 * The kind a file's name claims when it is one this product reads ("notes.pdf" -> "PDF"), for a file whose bytes are
 * no such file and no other known format either: a damaged file (or random bytes) of an accepted type, not a wrong type.
 */
export function damagedKindName(filename: string, data: Uint8Array): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  const name = ext ? claimedKinds[ext] : undefined;
  if (!name || data.length === 0) return undefined;
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 1024)).toString('latin1');
  // Another format's signature (a GIF, an old .doc, a saved web page) is a wrong type, not a damaged file.
  if (binaryMagic.some((m) => startsWith(data, m)) || isHtmlPage(head)) return undefined;
  return name;
}

const claimedKinds: Record<string, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  pptx: 'PowerPoint deck',
  odp: 'OpenDocument presentation',
  png: 'PNG picture',
  jpg: 'JPEG picture',
  jpeg: 'JPEG picture',
};

function isHtmlPage(head: string): boolean {
  return /^\s*(<!doctype\s+html|<html[\s>]|<\?xml[^>]*>\s*<html[\s>])/i.test(head);
}

/** No NUL bytes and almost no control characters in the first 64 KB. */
function looksLikeText(data: Uint8Array): boolean {
  const n = Math.min(data.length, 64 * 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = data[i];
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return control <= n * 0.01;
}
