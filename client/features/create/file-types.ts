import { extractMessages } from '@common/extract';

/** The accepted upload types: documents, slide decks, and scans or photos of pages (read by text recognition on the server). */
export const acceptedMimeTypes = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.presentation',
  'image/png',
  'image/jpeg',
  'text/plain',
] as const;

export const invalidFileFormatMessage = extractMessages.invalidFormat;

/**
 * Markdown is plain text: the server reads its headings, lists and code (server/ingest/markdown-extract.ts),
 * so a course's .md pages are accepted as text files.
 */
const markdownMimeTypes = ['text/markdown', 'text/x-markdown'] as const;

/** For the picker's accept attribute: extensions too, since some systems give .docx or .md no MIME type. */
export const fileInputAccept = [
  ...acceptedMimeTypes,
  ...markdownMimeTypes,
  '.pdf',
  '.docx',
  '.pptx',
  '.odp',
  '.png',
  '.jpg',
  '.jpeg',
  '.txt',
  '.md',
  '.markdown',
  // Quarto and R Markdown pages are Markdown with code chunks.
  '.qmd',
  '.rmd',
  // A Pandoc or Quarto page's bibliography, read for the pages uploaded with it (BibTeX or CSL-JSON).
  '.bib',
  '.json',
].join(',');

/** What the picker says it takes, in the words a teacher uses (the refusal message itself is the fixed one above). */
export const acceptedKindsLine = 'PDF, Word, PowerPoint, Markdown or text files, or photos of pages';

/** `bib`: a bibliography file (.bib, CSL-JSON), no document of its own: the server reads it for the Markdown pages and Word documents beside it. */
export type FileKind = 'pdf' | 'docx' | 'pptx' | 'image' | 'txt' | 'bib';

const kindByMime: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.presentation': 'pptx',
  'image/png': 'image',
  'image/jpeg': 'image',
  'text/plain': 'txt',
  'text/markdown': 'txt',
  'text/x-markdown': 'txt',
  'text/x-bibtex': 'bib',
  'application/x-bibtex': 'bib',
  'application/json': 'bib',
  'application/vnd.citationstyles.csl+json': 'bib',
};
const kindByExtension: Record<string, FileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  odp: 'pptx',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  txt: 'txt',
  md: 'txt',
  markdown: 'txt',
  qmd: 'txt',
  rmd: 'txt',
  bib: 'bib',
  bibtex: 'bib',
  json: 'bib',
};

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The declared type decides; only when the browser declares none (or
 * a generic binary type) does the extension. The server sniffs the content
 * anyway, so a PNG renamed .docx is still refused there.
 */
export function fileKind(file: Pick<File, 'name' | 'type'>): FileKind | null {
  if (file.type && file.type !== 'application/octet-stream') return kindByMime[file.type] ?? null;
  return kindByExtension[extension(file.name)] ?? null;
}

/** A bibliography is a .bib or .json file whatever type the browser gives it (some call a .bib "text/plain"). */
export function isBibliographyFile(file: Pick<File, 'name' | 'type'>): boolean {
  return fileKind(file) === 'bib' || /\.(bib|bibtex)$/i.test(file.name);
}

/** The pages a bibliography among these files is read for: the Markdown, text and Word files chosen with it. */
export function bibliographyPages(files: ReadonlyArray<Pick<File, 'name' | 'type'>>): string[] {
  return files.filter((f) => (fileKind(f) === 'txt' || fileKind(f) === 'docx') && !isBibliographyFile(f)).map((f) => f.name);
}

/** File size in MB with 2 decimals. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/**
 * The type a person reads: the file's extension ("DOCX", "PDF", "MD"), not the browser's media type
 * ("application/vnd.openxmlformats-officedocument.wordprocessingml.document"); the media type only for a
 * file without an extension.
 */
export function fileTypeLabel(file: Pick<File, 'name' | 'type'>): string {
  return extension(file.name).toUpperCase() || file.type || 'unknown';
}

/** Same name, size and modification time: the same file picked twice is listed once. */
export function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}
