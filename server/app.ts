import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { limits } from '../common/limits';
import type { Config } from './config';
import type { ErrorLog } from './core/logger';
import type { Database } from './db/client';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { resolveSession } from './features/auth/auth.service';
import { LoginThrottle } from './features/auth/login-throttle';
import { registerAuthentication } from './http/authenticate';
import type { AppDeps } from './features/app-deps';
import { registerErrorHandler } from './http/error-handler';
import { registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { extractPoolStats } from './ingest/extract';
import { rateLimitError, registerRouteLimits, sharedRateLimitStore } from './http/route-limits';
import { createSharedCounters } from './core/shared-counters';
import { registerSameOriginCheck } from './http/same-origin';
import { registerOpenApi } from './http/openapi';
import { registerRequestSignal } from './http/request-signal';
import { responseSerializer } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { requestLogSerializer } from './http/log-redaction';
import { registerSpa } from './http/spa';
import { registerFeatures } from './features';
import { forgetSessions } from './features/auth/session-cache';
import { startMaintenance } from './features/maintenance/maintenance';
import { createEngine } from './ai';
import { createEmbedder } from './ai/embeddings';
import { createJobQueue } from './db/jobs';
import { BackgroundEmbeddings } from './features/sources/background-embeddings';
import { createLocalEventBus, type EventBus } from './realtime/events';
import { createPgEventBus } from './realtime/pg-event-bus';
import { registerRealtimeRoutes } from './features/realtime/realtime.routes';
import { createCollabServer, type CollabServer } from './features/collab/collab-server';
import { registerCollabRoutes, type CollabRouteOptions } from './features/collab/collab.routes';
import { closeLiveRepairWorkers } from './features/collab/live-repair';
import { closeLiveStateWorkers } from './features/textbooks/save/live-state';
import { closeReaderPrepareWorkers } from './features/share/reader-prepare';
import type { LiveLimits } from './features/collab/live-limits';
import { closeProvenanceWorkers } from './features/provenance/provenance-pool';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Tests and multi-instance setups pass their own bus; PGlite uses the in-process one. */
  events?: EventBus;
  /** Live-document socket limits (tests shorten the session re-check). */
  collab?: CollabRouteOptions;
  /** Live-document size and per-user byte limits (tests stop the refill, so no test depends on time). */
  liveLimits?: Partial<LiveLimits>;
  /** Tests: a response schema that would strip a field the service returns is a 500 naming it. */
  reportDroppedFields?: boolean;
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are believed. */
function hopsOf(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The app's services as built: features see the narrow `collab` of AppDeps, tests reach the whole live-document server. */
export type BuiltDeps = AppDeps & { collab: CollabServer };

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; deps: BuiltDeps }> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger
      ? { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(options.logStream ? { stream: options.logStream } : {}) }
      : false,
    // Routes that carry a book raise it (server/http/route-limits.ts).
    bodyLimit: limits.defaultBodyMaxBytes,
    // No client may choose its own address: X-Forwarded-For is believed only from configured proxies.
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    // Slow or stuck clients must not hold sockets forever.
    requestTimeout: 10 * 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ reportDropped: options.reportDroppedFields === true }));

  // The spec's client posts logout with an empty body: accept empty JSON bodies as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('The request body is not valid JSON.') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: config.maxUploadFileBytes,
      files: 50,
      fields: 50,
      // Routes read fields with their own limits and refuse a cut one by name (http/multipart-reader.ts).
      fieldSize: limits.defaultBodyMaxBytes,
    },
  });
  // Before the rate limiter: it reads the limits this sets on each route.
  registerRouteLimits(app, config.rateLimitFactor);
  // Rates and socket places are counted once across instances: in Redis when REDIS_URL is set.
  const counters = await createSharedCounters(config.redisUrl);
  app.addHook('onClose', () => counters.close());
  await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: rateLimitError, store: sharedRateLimitStore(counters) });
  // Client frames are small (join/leave); spec clients' `edit` frames carry a book but are ignored, so 1 MB bounds memory.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: limits.realtimeFrameMaxBytes },
    // Every socket is told "going away" (1001) at shutdown, not closed without a code (1005): clients reconnect.
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      this.websocketServer.close(() => done());
    },
  });

  registerErrorHandler(app);
  registerRequestSignal(app);
  registerSecurityHeaders(app);
  registerSameOriginCheck(app, config.allowedOrigins);
  let sockets = () => ({ sockets: 0, rooms: 0 });
  registerMetrics(app, {
    token: config.metricsToken,
    sources: [
      { name: 'extract_queue_depth', help: 'Files waiting for an extraction process.', read: () => extractPoolStats()?.queued ?? 0 },
      { name: 'extract_running', help: 'Files being read by extraction processes.', read: () => extractPoolStats()?.running ?? 0 },
      {
        name: 'extract_cancelled_total',
        help: 'Extractions dropped or stopped because nobody waited any more.',
        read: () => extractPoolStats()?.cancelled ?? 0,
      },
      {
        name: 'extract_memory_kills_total',
        help: 'Extraction processes killed past their memory limit.',
        read: () => extractPoolStats()?.memoryKills ?? 0,
      },
      {
        name: 'extract_refused_total',
        help: 'Files refused because the extraction queue was full.',
        read: () => extractPoolStats()?.refused ?? 0,
      },
      { name: 'websockets', help: 'Open /ws sockets.', read: () => sockets().sockets },
      { name: 'websocket_rooms', help: 'Textbooks with at least one open /ws socket.', read: () => sockets().rooms },
    ],
  });
  registerAuthentication(app, (token) => resolveSession(database.db, token));
  await registerOpenApi(app);
  registerHealth(app, database);

  const embedder = createEmbedder(config);
  const logError: ErrorLog = (message, err) => app.log.error({ err }, message);
  const deps: AppDeps = {
    config,
    log: app.log,
    database,
    loginThrottle: new LoginThrottle(database.db),
    engine: await createEngine(config),
    embedder,
    backgroundEmbeddings: new BackgroundEmbeddings(database.db, embedder, logError),
    // Several instances on one PostgreSQL share events through LISTEN/NOTIFY; PGlite is one process.
    events:
      options.events ??
      (database.kind === 'postgres' && database.pool
        ? await createPgEventBus({
            connection: database.pool.options,
            pool: database.pool,
            onError: logError,
          })
        : createLocalEventBus(logError)),
    jobs: await createJobQueue(database, { instanceId: config.instanceName, onError: logError }),
    counters,
  };
  // A session ended on another instance is forgotten here too (its sockets close in the hub).
  const unsubscribeSessions = deps.events.subscribe((event) => {
    if (event.type === 'sessions.ended') forgetSessions(database.db, event);
  });
  const stopMaintenance = startMaintenance(deps, app.log);
  app.addHook('onClose', async () => {
    stopMaintenance();
    unsubscribeSessions();
    // Running jobs first: they are stopped (and run again elsewhere) before what they use is closed.
    await deps.jobs.stop();
    await deps.backgroundEmbeddings.close();
    await deps.events.close();
    await deps.embedder.close();
    await deps.engine.close?.();
  });
  // Live documents: one per textbook, in step across instances through Redis when REDIS_URL is set.
  // Its Redis packages are loaded only then.
  const redisSync = config.redisUrl
    ? (await import('./features/collab/redis-sync')).createRedisSync(config.redisUrl, (message, err) => app.log.warn({ err }, message))
    : undefined;
  const collab: CollabServer = createCollabServer(deps, {
    log: app.log,
    extensions: redisSync ? [redisSync] : [],
    // While Redis is down, stores of other instances are pulled from the database as without it.
    crossInstanceSync: redisSync ? () => redisSync.shared() : false,
    limits: options.liveLimits,
  });
  const built: BuiltDeps = Object.assign(deps, { collab });
  app.addHook('onClose', async () => {
    await closeLiveStateWorkers();
    await closeReaderPrepareWorkers();
    await closeLiveRepairWorkers();
    await closeProvenanceWorkers();
  });
  registerAuthRoutes(app, deps);
  const hub = registerRealtimeRoutes(app, deps);
  sockets = () => hub.stats();
  registerCollabRoutes(app, deps, collab, options.collab);
  await registerFeatures(app, deps);
  await registerSpa(app, config.clientDir);
  // Features have registered their jobs' handlers: jobs left unfinished (a crash, a restart) run now.
  await deps.jobs.start();
  return { app, deps: built };
}
