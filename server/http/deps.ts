import type { Embedder } from '../ai/embeddings';
import type { AuthoringEngine } from '../ai/engine';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from '../db/jobs';
import type { LoginThrottle } from '../features/auth/login-throttle';
import type { BackgroundEmbeddings } from '../features/sources/background-embeddings';
import type { EventBus } from '../realtime/events';

/**
 * What feature routes receive, built once in buildApp. Features that need a
 * long-lived service (embedder, reference providers, realtime hub) add an
 * optional field here and construct it in buildApp.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  loginThrottle: LoginThrottle;
  engine: AuthoringEngine;
  /** Sentence vectors for chunks and queries (EMBEDDINGS_PROVIDER). */
  embedder: Embedder;
  /** Vectors of stored sources, made after the request that stored them was answered. */
  backgroundEmbeddings: BackgroundEmbeddings;
  events: EventBus;
  /** Durable jobs (pg-boss on PostgreSQL, in-process on PGlite): long AI work that outlives its request. */
  jobs: JobQueue;
}
