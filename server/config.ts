import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The only reader of process.env. */
export type AiProvider = 'offline' | 'openai-compatible' | 'openai' | 'anthropic';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  aiProvider: AiProvider;
  aiBaseUrl: string | undefined;
  aiApiKey: string | undefined;
  aiModel: string | undefined;
  embeddingsProvider: 'local' | 'openai-compatible';
  embeddingsBaseUrl: string | undefined;
  embeddingsApiKey: string | undefined;
  embeddingsModel: string | undefined;
  referenceSources: string[];
  openalexApiKey: string | undefined;
  crossrefMailto: string | undefined;
  /** Scholarly API endpoints (overridable so tests point them at a local server). */
  openalexBaseUrl: string;
  crossrefBaseUrl: string;
  semanticScholarBaseUrl: string;
  semanticScholarApiKey: string | undefined;
  coreBaseUrl: string;
  coreApiKey: string | undefined;
  openLibraryBaseUrl: string;
  arxivBaseUrl: string;
  referenceTimeoutMs: number;
  referenceCacheTtlMs: number;
  maxUploadFileBytes: number;
  maxUploadRequestBytes: number;
  extractTimeoutMs: number;
  /** How long one export may run (EXPORT_TIMEOUT_MS). */
  exportTimeoutMs: number;
  /** The largest exported file, and the most stored pictures one export reads (EXPORT_MAX_MB). */
  exportMaxBytes: number;
  /** Resident memory one extraction process may use before it is killed (EXTRACT_MEMORY_MB). */
  extractMemoryMb: number;
  /** Files waiting for an extraction process, for everyone together (EXTRACT_QUEUE_MAX); more get 503. */
  extractQueueMax: number;
  isProduction: boolean;
  logLevel: string;
  /** The built client (`npm run build`); the browser tests build their own copy elsewhere. */
  clientDir: string;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none by default, so a client cannot
   * pick its own address; a hop count ("1") or a list of addresses/CIDRs ("10.0.0.0/8,127.0.0.1").
   */
  trustProxy: boolean | number | string[];
  /** Origins besides the server's own allowed to make state-changing requests (ALLOWED_ORIGINS, comma list). */
  allowedOrigins: string[];
  /**
   * A Redis server (REDIS_URL, e.g. redis://127.0.0.1:6379) through which several instances keep
   * their open live documents in step keystroke by keystroke. One instance needs none.
   */
  redisUrl: string | undefined;
  /** This instance's name (INSTANCE_NAME; default host and process id): stored with the jobs it runs. */
  instanceName: string;
  /** Multiplies every per-route rate limit (RATE_LIMIT_FACTOR; 2 doubles them). */
  rateLimitFactor: number;
  /** PGlite syncs each commit to disk (PGLITE_FSYNC=off trades that for speed). */
  pgliteFsync: boolean;
  /**
   * PGlite's shared buffers (PGLITE_SHARED_BUFFERS, e.g. 32MB, the default; PostgreSQL's own
   * default of 128MB is resident memory a small host misses, and the operating system's file
   * cache keeps the rest of the database close anyway).
   */
  pgliteSharedBuffers: string;
  /**
   * Where PGlite runs (PGLITE_THREAD): `worker` (the default), a thread of its own, so storing or
   * reading a multi-megabyte row never holds the event loop; `main`, the server's thread.
   */
  pgliteThread: 'worker' | 'main';
  /** GET /api/metrics answers only with this bearer token, and does not exist without one (METRICS_TOKEN). */
  metricsToken: string | undefined;
}

export const defaultPgliteSharedBuffers = '32MB';

/** TRUST_PROXY: unset or "false" trusts no proxy; "true" all; a number that many hops; else a list. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim();
  if (!v || /^(false|0|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function readSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const maxUploadMb = positiveNumber(env.MAX_UPLOAD_MB, 50);
  const config: Config = {
    port: positiveNumber(env.PORT, 5000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    rateLimitFactor: positiveNumber(env.RATE_LIMIT_FACTOR, 1),
    metricsToken: env.METRICS_TOKEN || undefined,
    pgliteFsync: !/^(off|false|0|no)$/i.test(env.PGLITE_FSYNC?.trim() ?? ''),
    pgliteSharedBuffers: /^\d+(kB|MB|GB)$/.test(env.PGLITE_SHARED_BUFFERS?.trim() ?? '')
      ? env.PGLITE_SHARED_BUFFERS!.trim()
      : defaultPgliteSharedBuffers,
    pgliteThread: oneOf(env.PGLITE_THREAD?.trim(), ['worker', 'main'] as const, 'worker'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    instanceName: env.INSTANCE_NAME || `${hostname()}-${process.pid}`,
    sessionSecret: env.SESSION_SECRET || overrides.sessionSecret || readSecret(dataDir),
    aiProvider: oneOf(env.AI_PROVIDER, ['offline', 'openai-compatible', 'openai', 'anthropic'] as const, 'offline'),
    aiBaseUrl: env.AI_BASE_URL || undefined,
    aiApiKey: env.AI_API_KEY || undefined,
    aiModel: env.AI_MODEL || undefined,
    embeddingsProvider: oneOf(env.EMBEDDINGS_PROVIDER, ['local', 'openai-compatible'] as const, 'local'),
    embeddingsBaseUrl: env.EMBEDDINGS_BASE_URL || env.AI_BASE_URL || undefined,
    // A key of its own: the LLM's key is never sent to the embeddings service unasked.
    embeddingsApiKey: env.EMBEDDINGS_API_KEY || undefined,
    embeddingsModel: env.EMBEDDINGS_MODEL || undefined,
    referenceSources: (env.REFERENCE_SOURCES || 'documents')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    openalexApiKey: env.OPENALEX_API_KEY || undefined,
    crossrefMailto: env.CROSSREF_MAILTO || undefined,
    openalexBaseUrl: env.OPENALEX_BASE_URL || 'https://api.openalex.org',
    crossrefBaseUrl: env.CROSSREF_BASE_URL || 'https://api.crossref.org',
    semanticScholarBaseUrl: env.SEMANTIC_SCHOLAR_BASE_URL || 'https://api.semanticscholar.org',
    semanticScholarApiKey: env.SEMANTIC_SCHOLAR_API_KEY || undefined,
    coreBaseUrl: env.CORE_BASE_URL || 'https://api.core.ac.uk',
    coreApiKey: env.CORE_API_KEY || undefined,
    openLibraryBaseUrl: env.OPENLIBRARY_BASE_URL || 'https://openlibrary.org',
    arxivBaseUrl: env.ARXIV_BASE_URL || 'https://export.arxiv.org',
    // About 8 s per request to a scholarly API; answers are kept a week.
    referenceTimeoutMs: positiveNumber(env.REFERENCE_TIMEOUT_MS, 8_000),
    referenceCacheTtlMs: positiveNumber(env.REFERENCE_CACHE_TTL_HOURS, 24 * 7) * 3_600_000,
    // MAX_UPLOAD_MB bounds one file; a request may carry four times that.
    maxUploadFileBytes: maxUploadMb * 1024 * 1024,
    maxUploadRequestBytes: positiveNumber(env.MAX_REQUEST_MB, maxUploadMb * 4) * 1024 * 1024,
    extractTimeoutMs: positiveNumber(env.EXTRACT_TIMEOUT_MS, 60_000),
    exportTimeoutMs: positiveNumber(env.EXPORT_TIMEOUT_MS, 120_000),
    exportMaxBytes: positiveNumber(env.EXPORT_MAX_MB, 300) * 1024 * 1024,
    extractMemoryMb: positiveNumber(env.EXTRACT_MEMORY_MB, 1536),
    extractQueueMax: positiveNumber(env.EXTRACT_QUEUE_MAX, 200),
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: path.resolve(env.CLIENT_DIR || path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/client')),
  };
  return { ...config, ...overrides };
}
