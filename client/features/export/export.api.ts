import { exportUnicodeFileName, fileNameFromDisposition, type ExportFormat, type PageSize } from '@common/export';
import { apiRequest } from '@client/lib/api';
import { saveFile } from '@client/lib/save-file';

/** Formats that have paper. */
export const pagedFormats: readonly ExportFormat[] = ['pdf', 'docx'];

/** What an export may add to the book: the reader link (a links-only cartridge), source notes as endnotes. */
export interface ExportExtras {
  /** The book's reader link: the cartridge then links its chapters to the reader page (links only). */
  readerLink?: string;
  /** End each chapter with its source notes (files and pages). */
  sourceNotes?: boolean;
}

export const exportUrl = (textbookId: number, format: ExportFormat, appendix: boolean, pageSize?: PageSize, extras: ExportExtras = {}) =>
  `/api/textbooks/${textbookId}/export?format=${format}${appendix ? '&appendix=true' : ''}${
    pageSize && pagedFormats.includes(format) ? `&pageSize=${pageSize}` : ''
  }${extras.readerLink && format === 'imscc' ? `&readerLink=${encodeURIComponent(extras.readerLink)}` : ''}${
    extras.sourceNotes ? '&sourceNotes=true' : ''
  }`;

/** Regions whose paper is Letter (the United States, Canada, Mexico, the Philippines and a few in the Americas); A4 elsewhere. */
const letterRegions = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'CR', 'GT', 'PR', 'DO', 'PA', 'SV', 'NI', 'HN', 'BZ']);

/** The paper the browser's language suggests ("en-US" Letter, "de" A4). */
export function defaultPageSize(locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language): PageSize {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && letterRegions.has(region) ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

/** The file name the server gave (Content-Disposition), or one made from the topic as the server does. */
function fileNameOf(res: Response, topic: string, format: ExportFormat): string {
  return fileNameFromDisposition(res.headers.get('Content-Disposition') ?? '') ?? exportUnicodeFileName(topic, format);
}

/**
 * Fetches an export and hands it to the browser as a download. `onProgress` hears the bytes received
 * (the server makes the whole file before it sends any, so the wait before the first byte is the work).
 */
export async function downloadExport(
  textbookId: number,
  topic: string,
  format: ExportFormat,
  appendix: boolean,
  onProgress?: (received: number) => void,
  pageSize?: PageSize,
  extras: ExportExtras = {},
): Promise<string> {
  const res = await apiRequest('GET', exportUrl(textbookId, format, appendix, pageSize, extras));
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress?.(received);
    }
  } else chunks.push(new Uint8Array(await res.arrayBuffer()));
  const name = fileNameOf(res, topic, format);
  saveFile(new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' }), name);
  return name;
}
