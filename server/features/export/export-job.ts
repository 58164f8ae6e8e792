import type { MaterialInput } from '@common/book-render/material-blocks';
import type { ExportFormat, PageSize } from '@common/export';

/** What the export worker receives: everything it needs, so it never touches the database. */
export interface ExportJob {
  format: ExportFormat;
  topic: string;
  /** The textbook's content as JSON (text or UTF-8 bytes): parsed in the worker, not on the main thread. */
  contentJson: string | Uint8Array;
  /** Owner first, then collaborators. */
  authors: string[];
  /** YYYY-MM-DD */
  date: string;
  /** Materials for the appendix (with `includeAppendix`) and for the cartridge's quizzes. */
  materials: MaterialInput[];
  includeAppendix: boolean;
  /** The paper of a PDF or Word file; absent, each keeps its former default (PDF Letter, Word A4). */
  pageSize?: PageSize;
  /** Stored images by the `src` the content uses (`/api/images/{id}`), read with the caller's permission. */
  images: Array<{ src: string; bytes: Uint8Array }>;
  /** The book's reader page (a live reader link): the cartridge then links its chapters there instead of copying them. */
  readerUrl?: string;
  /** A file larger than this is refused. */
  maxOutputBytes: number;
}

export type ExportReply = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'unreadable'; message: string };

/**
 * How long the worker took: wall-clock, its own thread's CPU time, and the time it was ready to run
 * but waited for a core (the machine's other work), in milliseconds.
 */
export interface ExportTiming {
  wallMs: number;
  cpuMs: number;
  runQueueMs: number;
}
