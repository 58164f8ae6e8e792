import { z } from 'zod';

/** The formats a textbook exports to (GET /api/textbooks/{id}/export?format=...). */
export const exportFormats = ['docx', 'epub', 'pdf', 'html', 'imscc'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** How a download format is named and described in a menu, and what file it makes. */
export interface DownloadFormatInfo {
  label: string;
  description: string;
  mime: string;
  extension: string;
}

export const exportFormatInfo: Record<ExportFormat, DownloadFormatInfo> = {
  docx: {
    label: 'Word (.docx)',
    description: 'Keep editing in Word or Google Docs',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  epub: { label: 'EPUB', description: 'For e-readers and phones', mime: 'application/epub+zip', extension: 'epub' },
  pdf: { label: 'PDF', description: 'To print or post', mime: 'application/pdf', extension: 'pdf' },
  html: {
    label: 'Web page (.html)',
    description: 'One file that opens offline in any browser',
    mime: 'text/html; charset=utf-8',
    extension: 'html',
  },
  imscc: {
    label: 'LMS cartridge (.imscc)',
    description: 'Import chapters and quizzes into Canvas, Moodle, Blackboard or Brightspace',
    mime: 'application/vnd.ims.imsccv1p3',
    extension: 'imscc',
  },
};

/** Paper sizes of a PDF export. */
export const pageSizes = ['a4', 'letter'] as const;
export type PageSize = (typeof pageSizes)[number];

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: "appendix must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const exportQuery = z.object({
  format: z.enum(exportFormats, { error: `format must be one of ${exportFormats.join(', ')}` }),
  /** Add the educational materials as an appendix. */
  appendix: booleanFlag,
  /** The paper of a PDF or Word file (the client picks it from the browser's locale); absent, PDF is Letter and Word A4 as before. */
  pageSize: z.enum(pageSizes, { error: "pageSize must be 'a4' or 'letter'" }).optional(),
  /**
   * The book's reader link (https://host/read/{token}, as the Share dialog shows it). With format imscc it makes
   * the links-only cartridge: the chapters are web links to the reader page instead of copies of the text.
   */
  readerLink: z.string().max(500, 'readerLink is too long').optional(),
  /** End each chapter with its source notes (the files and pages its text comes from), as endnotes. */
  sourceNotes: z
    .enum(['true', 'false', '1', '0'], { error: "sourceNotes must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** A title in letters, digits and dashes only (at most 80), so every system and header takes it as it is; empty when none is left. */
export function asciiFileBase(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A file name from the topic (see asciiFileBase). */
export function exportFileName(topic: string, format: ExportFormat): string {
  return `${asciiFileBase(topic) || 'textbook'}.${exportFormatInfo[format].extension}`;
}

/**
 * The same name keeping the topic's own letters in any script ("Математический-анализ.pdf", "线性代数.epub"):
 * what the download is called where the browser understands RFC 6266's filename*.
 */
export function exportUnicodeFileName(topic: string, format: ExportFormat): string {
  const base = Array.from(
    topic
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  )
    .slice(0, 80)
    .join('')
    .replace(/-+$/, '');
  return base ? `${base}.${exportFormatInfo[format].extension}` : exportFileName(topic, format);
}

/**
 * The Content-Disposition of a download: the ASCII name for every client, and the name in the topic's own
 * script as filename* (UTF-8, percent-encoded) when it differs, so a book on "Математический анализ" is not
 * saved as "textbook.pdf".
 */
export function exportContentDisposition(topic: string, format: ExportFormat): string {
  const ascii = exportFileName(topic, format);
  const unicode = exportUnicodeFileName(topic, format);
  if (unicode === ascii) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(unicode).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file name a Content-Disposition header gives: filename* (decoded) when present, else filename. */
export function fileNameFromDisposition(header: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? null;
}
