import type { FastifyBaseLogger } from 'fastify';
import type { Embedder } from '../ai/embeddings';
import type { AuthoringEngine } from '../ai/engine';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from '../db/jobs';
import type { LoginThrottle } from '../features/auth/login-throttle';
import type { BackgroundEmbeddings } from '../features/sources/background-embeddings';
import type { EventBus } from '../realtime/events';
import type { CollabServer } from '../features/collab/collab-server';
import type { SharedCounters } from './shared-counters';

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
  collab?: CollabServer;
  /** Durable jobs (pg-boss on PostgreSQL, in-process on PGlite): long AI work that outlives its request. */
  jobs: JobQueue;
  /** Request rates and socket places, counted across instances (Redis when REDIS_URL is set). */
  counters?: SharedCounters;
}
