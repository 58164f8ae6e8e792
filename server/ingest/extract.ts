import type { Config } from '../config';
import { AppError } from '../core/app-error';
import type { ExtractJob, ExtractOutput } from './extract-document';
import { describeFailure, type ExtractFailure } from './extract-error';
import { mimeByKind, sniffKind, type FileKind } from './sniff';
import { zipInflatedSize } from './zip-inflated-size';
import { WorkerPool, WorkerTimeoutError } from './worker-pool';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** docs/product.md, word for word. */
export const invalidFormatMessage = 'Invalid file format. Please upload PDF, DOCX, or TXT files only.';

type WorkerReply = { ok: true; output: ExtractOutput } | { ok: false; reason: ExtractFailure; detail?: string };

/** How many files this process has parsed: lets tests prove a re-sent file is not parsed again. */
export const extractStats = { parsed: 0 };

let pool: WorkerPool<ExtractJob, WorkerReply> | undefined;

function extractPool(): WorkerPool<ExtractJob, WorkerReply> {
  pool ??= new WorkerPool<ExtractJob, WorkerReply>(new URL('./extract-worker.ts', import.meta.url));
  return pool;
}

export async function closeExtractPool(): Promise<void> {
  await pool?.close();
  pool = undefined;
}

/** Checks a file's bytes and answers its kind, or throws the 4xx the user sees. */
/** A DOCX whose parts unpack to more than this is refused before parsing (real books with pictures stay far below). */
const maxDocxInflatedBytes = 256 * 1024 * 1024;

export function checkUpload(file: UploadedFile, config: Pick<Config, 'maxUploadFileBytes'>): FileKind {
  if (file.data.length > config.maxUploadFileBytes) {
    const mb = Math.round(config.maxUploadFileBytes / (1024 * 1024));
    throw AppError.tooLarge(`"${file.filename}" is larger than the ${mb} MB limit per file.`);
  }
  if (file.data.length === 0) throw new AppError('UNPROCESSABLE', describeFailure(file.filename, 'empty'));
  const kind = sniffKind(file.data);
  if (!kind) throw AppError.badRequest(invalidFormatMessage);
  if (kind === 'docx' && (zipInflatedSize(file.data) ?? 0) > maxDocxInflatedBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', describeFailure(file.filename, 'too-large', 'it unpacks to more than 256 MB'));
  }
  return kind;
}

/**
 * Reads typed or pasted text into the document model and chunks it off the main thread (a
 * pasted book is hundreds of kilobytes of Markdown to parse).
 */
export async function extractDirectText(
  content: string,
  chapterTitle: string | undefined,
  config: Pick<Config, 'extractTimeoutMs'>,
): Promise<ExtractOutput> {
  const data = new TextEncoder().encode(content);
  let reply: WorkerReply;
  try {
    reply = await extractPool().run(
      { kind: 'direct', filename: 'Direct input', data, chapterTitle },
      { timeoutMs: config.extractTimeoutMs, transfer: [data.buffer as ArrayBuffer] },
    );
  } catch (err) {
    if (err instanceof WorkerTimeoutError) {
      throw new AppError('UNPROCESSABLE', 'Reading the typed text took too long. Please send it in smaller parts.');
    }
    throw new AppError('UNPROCESSABLE', 'The typed text could not be read. Please try again.');
  }
  if (!reply.ok) throw new AppError('UNPROCESSABLE', 'The typed text could not be read. Please try again.');
  return reply.output;
}

/**
 * Extracts and chunks one uploaded file off the main thread, within the
 * configured time limit. The kind comes from the bytes (a text file named
 * .pdf is read as text; a PNG named .docx is refused).
 */
export async function extractUpload(
  file: UploadedFile,
  config: Pick<Config, 'maxUploadFileBytes' | 'extractTimeoutMs'>,
): Promise<ExtractOutput> {
  const kind = checkUpload(file, config);
  // Copy into a buffer we own, so it can be transferred to the worker without copying again.
  const data = new Uint8Array(file.data.length);
  data.set(file.data);
  let reply: WorkerReply;
  extractStats.parsed++;
  try {
    reply = await extractPool().run(
      { kind, filename: file.filename, data },
      { timeoutMs: config.extractTimeoutMs, transfer: [data.buffer] },
    );
  } catch (err) {
    const reason: ExtractFailure = err instanceof WorkerTimeoutError ? 'timeout' : 'corrupt';
    throw new AppError('UNPROCESSABLE', describeFailure(file.filename, reason));
  }
  if (!reply.ok) throw new AppError('UNPROCESSABLE', describeFailure(file.filename, reply.reason));
  return { ...reply.output, document: { ...reply.output.document, filename: file.filename, mime: mimeByKind[kind] } };
}
