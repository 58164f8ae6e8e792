import { gzip } from 'node:zlib';
import { AppError } from '@server/core/app-error';
import type { Database } from '@server/db/client';
import { contentJson, jsonWithContent } from '@server/db/content-json';
import type { DomainEvent } from '@server/realtime/events';
import { savedState } from './textbook-state-cache';
import * as repo from './textbook-read.repo';

/**
 * GET /api/textbooks/{id} answers from memory: per textbook, who may read it (owner and
 * collaborators) and the finished answer bytes (the stored JSON text, never parsed, wrapped once
 * with the header fields, one copy for the owner and one for collaborators, each also gzipped
 * once), with an ETag naming the revision. A request then costs no database query and no
 * serializing, close to a static file; a client that has the revision gets 304.
 *
 * Kept true by the domain events: any save, collaborator change or deletion of the book (here,
 * or on another instance through the event bus) drops its entry at once. As a safety net for an
 * event lost between instances, an entry is also re-read after `ttlMs`: a collaborator removed on
 * another instance whose event was lost could read for at most that long. Entries are bounded in
 * total bytes; the least recently used go first.
 */
export const readCacheTtlMs = 5_000;
const maxCachedBytes = 64 * 1024 * 1024;

/** One answer (the owner's or a collaborator's): its bytes, and gzipped once they have been made off the main thread. */
interface Answer {
  body: Buffer;
  gzipped?: Buffer;
  gzipping?: boolean;
  etag: string;
}

interface Entry {
  revision: number;
  ownerId: number;
  collaboratorIds: Set<number>;
  forOwner: Answer;
  forCollaborator: Answer;
  loadedAt: number;
}

/** What the route sends: the bytes, gzipped when the client takes gzip and they are ready. */
export interface TextbookAnswer {
  body: Buffer;
  encoding?: 'gzip';
  etag: string;
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

const sizeOf = (e: Entry) =>
  e.forOwner.body.length + e.forCollaborator.body.length + (e.forOwner.gzipped?.length ?? 0) + (e.forCollaborator.gzipped?.length ?? 0);

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
    revision: header.revision,
    ownerId: header.ownerId,
    collaboratorIds: new Set(collaboratorIds),
    forOwner: { body: jsonWithContent(fields(true), content), etag: etag('o') },
    forCollaborator: { body: jsonWithContent(fields(false), content), etag: etag('c') },
    loadedAt: now,
  };
}

/**
 * Gzips an answer once, in zlib's thread pool, and keeps the result with the entry (a book's
 * JSON shrinks to about a quarter). Until it is ready the answer goes out uncompressed.
 */
function gzipLater(cache: Cache, entry: Entry, answer: Answer): void {
  if (answer.gzipped || answer.gzipping || answer.body.length < 1024) return;
  answer.gzipping = true;
  gzip(answer.body, { level: 6 }, (err, out) => {
    answer.gzipping = false;
    if (err) return;
    answer.gzipped = out;
    if ([...cache.entries.values()].includes(entry)) cache.bytes += out.length;
  });
}

function choose(cache: Cache, entry: Entry, answer: Answer, acceptsGzip: boolean): TextbookAnswer {
  if (!acceptsGzip) return { body: answer.body, etag: answer.etag };
  if (answer.gzipped) return { body: answer.gzipped, encoding: 'gzip', etag: answer.etag };
  gzipLater(cache, entry, answer);
  return { body: answer.body, etag: answer.etag };
}

/** The answer for this user, or 404 when the book does not exist for them (in the trash, or not theirs). */
export async function readTextbookAnswer(
  database: Database,
  userId: number,
  textbookId: number,
  now = Date.now(),
  acceptsGzip = false,
): Promise<TextbookAnswer> {
  const cache = cacheOf(database);
  let entry = cache.entries.get(textbookId);
  if (!entry || now - entry.loadedAt >= readCacheTtlMs) {
    drop(database, textbookId);
    const generation = cache.generations.get(textbookId) ?? 0;
    entry = await load(database, textbookId, now);
    if (!entry) throw AppError.notFound('Textbook not found');
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
  if (entry.ownerId === userId) return choose(cache, entry, entry.forOwner, acceptsGzip);
  if (entry.collaboratorIds.has(userId)) return choose(cache, entry, entry.forCollaborator, acceptsGzip);
  throw AppError.notFound('Textbook not found');
}
