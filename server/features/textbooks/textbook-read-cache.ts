import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { AppError } from '@server/core/app-error';
import { can, type TextbookRole } from './textbooks.policy';
import type { Database } from '@server/db/client';
import { contentJson, jsonWithContent } from '@server/db/content-json';
import type { DomainEvent } from '@server/realtime/events';
import { savedState } from './save/textbook-state-cache';
import * as repo from './textbook-read.repo';

/**
 * GET /api/textbooks/{id} answers from memory: per textbook, who may read it (owner and
 * collaborators) and the finished answer bytes (the stored JSON text, never parsed, wrapped once
 * with the header fields, one copy for the owner and one for collaborators, each also compressed
 * once per revision, brotli and gzip, as clients ask), with an ETag naming the revision. A request
 * then costs no database query, no serializing and no compressing, close to a static file; a
 * client that has the revision gets 304.
 *
 * Kept true by the domain events: any save, collaborator change or deletion of the book (here,
 * or on another instance through the event bus) drops its entry at once. As a safety net for an
 * event lost between instances, an entry is also re-read after `ttlMs`: a collaborator removed on
 * another instance whose event was lost could read for at most that long. Entries are bounded in
 * total bytes; the least recently used go first. That re-read keeps the compressed bytes when
 * the answer's bytes are the same, so a book is compressed once per revision, not every `ttlMs`.
 */
export const readCacheTtlMs = 5_000;
const maxCachedBytes = 64 * 1024 * 1024;

export type ContentEncoding = 'br' | 'gzip';

/**
 * One answer (the owner's or a collaborator's): its bytes, and compressed (per encoding) once
 * that has been done off the main thread.
 */
interface Answer {
  body: Buffer;
  compressed: Partial<Record<ContentEncoding, Buffer>>;
  compressing: Set<ContentEncoding>;
  etag: string;
}

interface Entry {
  textbookId: number;
  revision: number;
  ownerId: number;
  collaboratorIds: Set<number>;
  forOwner: Answer;
  forCollaborator: Answer;
  loadedAt: number;
}

/** What the route sends: the bytes, compressed in an encoding the client takes when they are ready. */
export interface TextbookAnswer {
  body: Buffer;
  encoding?: ContentEncoding;
  etag: string;
  /** The revision the body holds. */
  revision: number;
}

interface Cache {
  entries: Map<number, Entry>;
  bytes: number;
  /** Bumped by each event about a book: a read that began before it must not store what it read. */
  generations: Map<number, number>;
}

const caches = new WeakMap<Database, Cache>();

function cacheOf(database: Database): Cache {
  let cache = caches.get(database);
  if (!cache) {
    cache = { entries: new Map(), bytes: 0, generations: new Map() };
    caches.set(database, cache);
  }
  return cache;
}

function drop(database: Database, textbookId: number): void {
  const cache = cacheOf(database);
  const entry = cache.entries.get(textbookId);
  if (!entry) return;
  cache.entries.delete(textbookId);
  cache.bytes -= sizeOf(entry);
}

const bytesOf = (a: Answer) => a.body.length + (a.compressed.br?.length ?? 0) + (a.compressed.gzip?.length ?? 0);
const sizeOf = (e: Entry) => bytesOf(e.forOwner) + bytesOf(e.forCollaborator);

/** Drops what an event changed (subscribed to the event bus by the textbooks routes). */
export function forgetOnEvent(database: Database, event: DomainEvent): void {
  if (event.type === 'textbook.saved' || event.type === 'textbook.deleted' || event.type === 'collaborators.changed') {
    const { generations } = cacheOf(database);
    generations.set(event.textbookId, (generations.get(event.textbookId) ?? 0) + 1);
    if (generations.size > 100_000) generations.clear();
    drop(database, event.textbookId);
  }
}

async function load(database: Database, textbookId: number, now: number): Promise<Entry | undefined> {
  const loaded = await repo.findReadable(database.db, textbookId);
  if (!loaded) return undefined;
  const { header, contentText, collaboratorIds } = loaded;
  // The bytes this process's last save of that revision wrote, when it has them; else the stored text.
  const known = savedState(database, textbookId, header.revision);
  const content = known ? contentJson(known.content) : contentText;
  const fields = (isOwner: boolean) => ({
    id: header.id,
    topic: header.topic,
    createdAt: header.createdAt.toISOString(),
    isOwner,
    userId: header.ownerId,
    revision: header.revision,
    updatedAt: header.updatedAt.toISOString(),
  });
  // The revision names the content; the two answers differ in isOwner.
  const etag = (who: string) => `"tb${header.id}-r${header.revision}-${who}"`;
  return {
    textbookId,
    revision: header.revision,
    ownerId: header.ownerId,
    collaboratorIds: new Set(collaboratorIds),
    forOwner: { body: jsonWithContent(fields(true), content), etag: etag('o'), compressed: {}, compressing: new Set() },
    forCollaborator: { body: jsonWithContent(fields(false), content), etag: etag('c'), compressed: {}, compressing: new Set() },
    loadedAt: now,
  };
}

/**
 * Encodings a client takes, from its Accept-Encoding, best first (brotli makes a book's JSON about
 * a third smaller than gzip does). `q=0` refuses an encoding.
 */
let lastHeader: string | undefined;
let lastAccepted: ContentEncoding[] = [];
export function acceptedEncodings(header: string | undefined): ContentEncoding[] {
  if (!header) return [];
  // Clients send the same header on every request: parse it once.
  if (header === lastHeader) return lastAccepted;
  const taken = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    taken.add(name);
  }
  const all = taken.has('*');
  lastAccepted = (['br', 'gzip'] as const).filter((e) => taken.has(e) || all);
  lastHeader = header;
  return lastAccepted;
}

/**
 * Brotli's quality by size: 9 makes small books 10% smaller than 6 but costs ten times the CPU,
 * which a 5 MB book would spend for seconds on every revision.
 */
const brotliQuality = (bytes: number) => (bytes <= 256 * 1024 ? 9 : 6);

/**
 * Compresses an answer once per encoding, in zlib's thread pool, and keeps the result with the
 * entry. Until it is ready the answer goes out in another encoding the client takes, or as it is.
 */
function compressLater(cache: Cache, entry: Entry, answer: Answer, encoding: ContentEncoding): void {
  if (answer.compressed[encoding] || answer.compressing.has(encoding) || answer.body.length < 1024) return;
  answer.compressing.add(encoding);
  // A re-read of the same revision may have taken these over (inherit) by the time it is done.
  const { compressed, compressing } = answer;
  const done = (err: Error | null, out: Buffer) => {
    compressing.delete(encoding);
    if (err) return;
    compressed[encoding] = out;
    const current = cache.entries.get(entry.textbookId);
    if (current && (current.forOwner.compressed === compressed || current.forCollaborator.compressed === compressed))
      cache.bytes += out.length;
  };
  if (encoding === 'gzip') gzip(answer.body, { level: 6 }, done);
  else
    brotliCompress(
      answer.body,
      {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(answer.body.length),
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
        },
      },
      done,
    );
}

function choose(cache: Cache, entry: Entry, answer: Answer, accepted: ContentEncoding[]): Omit<TextbookAnswer, 'revision'> {
  if (accepted.length > 0) compressLater(cache, entry, answer, accepted[0]);
  for (const encoding of accepted) {
    const body = answer.compressed[encoding];
    if (body) return { body, encoding, etag: answer.etag };
  }
  return { body: answer.body, etag: answer.etag };
}

/** A re-read of an unchanged answer keeps what was compressed (and is being compressed) for it. */
function inherit(from: Answer, to: Answer): void {
  if (from.etag !== to.etag || !from.body.equals(to.body)) return;
  to.body = from.body;
  to.compressed = from.compressed;
  to.compressing = from.compressing;
}

/** The answer for this user, or 404 when the book does not exist for them (in the trash, or not theirs). */
export async function readTextbookAnswer(
  database: Database,
  userId: number,
  textbookId: number,
  now = Date.now(),
  accepted: ContentEncoding[] = [],
): Promise<TextbookAnswer> {
  const cache = cacheOf(database);
  let entry = cache.entries.get(textbookId);
  if (!entry || now - entry.loadedAt >= readCacheTtlMs) {
    const previous = entry;
    drop(database, textbookId);
    const generation = cache.generations.get(textbookId) ?? 0;
    entry = await load(database, textbookId, now);
    if (!entry) throw AppError.notFound('Textbook not found');
    if (previous && previous.revision === entry.revision) {
      inherit(previous.forOwner, entry.forOwner);
      inherit(previous.forCollaborator, entry.forCollaborator);
    }
    // A change announced while this read ran may be missing from it: answer it, but do not keep it.
    if ((cache.generations.get(textbookId) ?? 0) === generation) {
      // Another request may have filled it meanwhile: keep one.
      drop(database, textbookId);
      cache.entries.set(textbookId, entry);
      cache.bytes += sizeOf(entry);
      for (const id of cache.entries.keys()) {
        if (cache.bytes <= maxCachedBytes || id === textbookId) break;
        drop(database, id);
      }
    }
  } else {
    // Most recently used last.
    cache.entries.delete(textbookId);
    cache.entries.set(textbookId, entry);
  }
  // Who the reader is comes from the cached entry; whether that role may read is the policy's decision, as everywhere.
  const role: TextbookRole | null = entry.ownerId === userId ? 'owner' : entry.collaboratorIds.has(userId) ? 'collaborator' : null;
  if (!can(role, 'read')) throw AppError.notFound('Textbook not found');
  return { ...choose(cache, entry, role === 'owner' ? entry.forOwner : entry.forCollaborator, accepted), revision: entry.revision };
}
