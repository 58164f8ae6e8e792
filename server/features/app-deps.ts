import type { FastifyBaseLogger } from 'fastify';
import type { Embedder } from '@server/ai/embeddings';
import type { AuthoringEngine } from '@server/ai/engine';
import type { Config } from '@server/config';
import type { SharedCounters } from '@server/core/shared-counters';
import type { Database } from '@server/db/client';
import type { JobQueue } from '@server/db/jobs';
import type { EventBus } from '@server/realtime/events';
import type { LoginThrottle } from './auth/login-throttle';
import type { BackgroundEmbeddings } from './sources/background-embeddings';

/**
 * What features may ask of the live-document server (features/collab/collab-server.ts): the one
 * thing a feature outside collab needs, so they depend on this and not on the Hocuspocus wiring.
 */
export interface LiveDocumentFlush {
  /** Stores a textbook's open document now (before something reads the stored text); its stored revision, or null when not open here. */
  flush(textbookId: number): Promise<number | null>;
}

/**
 * What feature routes receive, built once in buildApp. Features that need a
 * long-lived service (embedder, reference providers, realtime hub) add an
 * optional field here and construct it in buildApp.
 */
export interface AppDeps {
  config: Config;
  /** The app's logger, for work that runs outside a request (a request logs through `request.log`). */
  log: FastifyBaseLogger;
  database: Database;
  loginThrottle: LoginThrottle;
  engine: AuthoringEngine;
  /** Sentence vectors for chunks and queries (EMBEDDINGS_PROVIDER). */
  embedder: Embedder;
  /** Vectors of stored sources, made after the request that stored them was answered. */
  backgroundEmbeddings: BackgroundEmbeddings;
  events: EventBus;
  /** The live-document server, when the app mounts it: stores a textbook's open document on demand. */
  collab?: LiveDocumentFlush;
  /** Durable jobs (pg-boss on PostgreSQL, in-process on PGlite): long AI work that outlives its request. */
  jobs: JobQueue;
  /** Request rates and socket places, counted across instances (Redis when REDIS_URL is set). */
  counters?: SharedCounters;
}
