import { availableParallelism } from 'node:os';
import type { Config } from '../config';
import { AppError } from '../core/app-error';
import type { ExtractJob, ExtractOutput, ExtractProgress } from './extract-document';
import { describeFailure, type ExtractFailure } from './extract-error';
import { QueueFullError } from '@server/core/task-queue';
import { ProcessMemoryError, ProcessPool, ProcessTimeoutError, TaskAbortError } from './process-pool';
import { imageTooLarge } from './image-size';
import { damagedKindName, isEncryptedOffice, mimeByKind, sniffKind, type FileKind } from './sniff';
import { maxZipInflatedBytes } from './zip-inflate-guard';
import { zipInflatedSize } from './zip-inflated-size';
import type { BibEntry } from './markdown/pandoc-citations';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** docs/product.md, word for word. */
export const invalidFormatMessage = 'Invalid file format. Please upload PDF, DOCX, or TXT files only.';

/** "\"notes.pdf\" could not be read: the file is damaged or is not a PDF." */
export function damagedMessage(filename: string, kindName: string): string {
  return `"${filename}" could not be read: the file is damaged or is not a ${kindName}.`;
}

type WorkerReply = { ok: true; output: ExtractOutput } | { ok: false; reason: ExtractFailure; detail?: string };

/** How many files this process has parsed: lets tests prove a re-sent file is not parsed again. */
export const extractStats = { parsed: 0 };

type ExtractPoolConfig = Partial<Pick<Config, 'extractMemoryMb' | 'extractQueueMax'>>;
const defaultMemoryMb = 1536;
let pool: ProcessPool<ExtractJob, WorkerReply> | undefined;

/** The extraction processes (created on first use, with the first caller's limits). */
export function extractPool(config: ExtractPoolConfig = {}): ProcessPool<ExtractJob, WorkerReply> {
  pool ??= new ProcessPool<ExtractJob, WorkerReply>(new URL('./extract-process.ts', import.meta.url), {
    size: Math.max(1, Math.min(2, availableParallelism())),
    memoryLimitMb: config.extractMemoryMb ?? defaultMemoryMb,
    perOwnerRunning: 2,
    maxQueued: config.extractQueueMax ?? 200,
    // One request carries at most 50 files: a user may have two such requests waiting.
    perOwnerQueued: 100,
    // A process that read a long PDF holds about 500 MB even after collecting its garbage: ended as soon as no file
    // waits (the files of one upload are queued together), so storing the file, the book's generation and exports
    // that come next do not run beside it (npm run bench:memory); one that read small files waits half a minute.
    idleExitMs: 30_000,
    largeMb: 480,
    // A 150-page PDF needs about 200 MB of heap (its pages' text, the document model, the chunks); with the heap
    // allowed to grow to the resident limit V8 collects late and the process peaked 100 MB higher.
    heapMb: Math.min(512, config.extractMemoryMb ?? defaultMemoryMb),
  });
  return pool;
}

/** Tasks waiting and running, for metrics (nothing when no file was read yet). */
export function extractPoolStats() {
  return pool?.stats();
}

export async function closeExtractPool(): Promise<void> {
  await pool?.close();
  pool = undefined;
}

/** Checks a file's bytes and answers its kind, or throws the 4xx the user sees. */
export function checkUpload(file: UploadedFile, config: Pick<Config, 'maxUploadFileBytes'>): FileKind {
  if (file.data.length > config.maxUploadFileBytes) {
    const mb = Math.round(config.maxUploadFileBytes / (1024 * 1024));
    throw AppError.tooLarge(`"${file.filename}" is larger than the ${mb} MB limit per file.`);
  }
  if (file.data.length === 0) throw new AppError('UNPROCESSABLE', describeFailure(file.filename, 'empty'));
  const kind = sniffKind(file.data);
  // A password-protected deck or document is an encrypted package, not a ZIP: said so, not called a wrong format.
  if (!kind && isEncryptedOffice(file.data)) throw new AppError('UNPROCESSABLE', describeFailure(file.filename, 'encrypted'));
  // A file named as a type this product reads whose bytes are no such file (cut short, damaged, random bytes) is told so;
  // the wrong-type message is for files of another type.
  const claimed = kind ? undefined : damagedKindName(file.filename, file.data);
  if (claimed) throw new AppError('UNPROCESSABLE', damagedMessage(file.filename, claimed));
  if (!kind) throw AppError.badRequest(invalidFormatMessage);
  // What the ZIP declares, at once and for free; what it really inflates to is counted in the extraction process.
  if ((kind === 'docx' || kind === 'pptx' || kind === 'odp') && (zipInflatedSize(file.data) ?? 0) > maxZipInflatedBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', describeFailure(file.filename, 'too-large', 'it unpacks to more than 256 MB'));
  }
  // A picture's size is in its header: one too large to decode is refused before anything decodes it.
  const tooLarge = kind === 'png' || kind === 'jpeg' ? imageTooLarge(file.data) : undefined;
  if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', describeFailure(file.filename, 'too-large', tooLarge));
  return kind;
}

export interface ExtractRunOptions {
  /** The user whose file it is: each user has at most two files being read at once and 100 waiting. */
  owner?: number;
  /** Aborted when nobody waits for the answer any more (the client left, another file failed). */
  signal?: AbortSignal;
  /** What the extraction reports while it works ("Reading page 3 of 12"). */
  onProgress?: (progress: ExtractProgress) => void;
  /** Text and Word files: the entries of a bibliography file uploaded with them (server/ingest/bibliography/companion.ts). */
  bibliography?: BibEntry[];
}

/**
 * Reads typed or pasted text into the document model and chunks it off the main thread (a
 * pasted book is hundreds of kilobytes of Markdown to parse).
 */
export async function extractDirectText(
  content: string,
  chapterTitle: string | undefined,
  config: Pick<Config, 'extractTimeoutMs'> & ExtractPoolConfig,
  options: ExtractRunOptions = {},
): Promise<ExtractOutput> {
  const data = new TextEncoder().encode(content);
  let reply: WorkerReply;
  try {
    reply = await extractPool(config).run(
      { kind: 'direct', filename: 'Direct input', data, chapterTitle },
      { timeoutMs: config.extractTimeoutMs, owner: options.owner, signal: options.signal },
    );
  } catch (err) {
    if (err instanceof ProcessTimeoutError) {
      throw new AppError('UNPROCESSABLE', 'Reading the typed text took too long. Please send it in smaller parts.');
    }
    if (err instanceof QueueFullError || err instanceof TaskAbortError || err instanceof ProcessMemoryError) {
      throw extractionError('the typed text', err);
    }
    throw new AppError('UNPROCESSABLE', 'The typed text could not be read. Please try again.');
  }
  if (!reply.ok) throw new AppError('UNPROCESSABLE', 'The typed text could not be read. Please try again.');
  return reply.output;
}

/**
 * Extracts and chunks one uploaded file in an extraction process, within the configured time
 * and memory limits. The kind comes from the bytes (a text file named .pdf is read as text; a
 * PNG named .docx is refused).
 */
export async function extractUpload(
  file: UploadedFile,
  config: Pick<Config, 'maxUploadFileBytes' | 'extractTimeoutMs'> & ExtractPoolConfig,
  options: ExtractRunOptions = {},
): Promise<ExtractOutput> {
  const kind = checkUpload(file, config);
  const data = new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  let reply: WorkerReply;
  extractStats.parsed++;
  try {
    reply = await extractPool(config).run(
      // Recognizing scans stops in time to answer within the process's limit, naming the pages it did not reach.
      {
        kind,
        filename: file.filename,
        data,
        scanBudgetMs: Math.max(5_000, config.extractTimeoutMs - 15_000),
        ...((kind === 'txt' || kind === 'docx') && options.bibliography?.length ? { bibliography: options.bibliography } : {}),
      },
      {
        timeoutMs: config.extractTimeoutMs,
        owner: options.owner,
        signal: options.signal,
        onProgress: options.onProgress && ((p) => options.onProgress?.(p as ExtractProgress)),
      },
    );
  } catch (err) {
    throw extractionError(file.filename, err);
  }
  if (!reply.ok) {
    const status = reply.reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'UNPROCESSABLE';
    throw new AppError(status, describeFailure(file.filename, reply.reason, reply.reason === 'too-large' ? reply.detail : undefined));
  }
  return { ...reply.output, document: { ...reply.output.document, filename: file.filename, mime: mimeByKind[kind] } };
}

function extractionError(filename: string, err: unknown): AppError {
  if (err instanceof QueueFullError) {
    return err.scope === 'owner'
      ? new AppError('RATE_LIMITED', 'You have too many files waiting to be read. Please wait for them to finish and try again.')
      : new AppError('INTERNAL', 'The server is busy reading other files. Please try again in a minute.', undefined, 503);
  }
  if (err instanceof TaskAbortError) return AppError.badRequest('The request was cancelled.');
  if (err instanceof ProcessTimeoutError) return new AppError('UNPROCESSABLE', describeFailure(filename, 'timeout'));
  if (err instanceof ProcessMemoryError) {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      describeFailure(filename, 'too-large', `reading it needs more than ${err.limitMb} MB of memory`),
    );
  }
  return new AppError('UNPROCESSABLE', describeFailure(filename, 'corrupt'));
}
