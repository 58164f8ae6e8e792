import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { moduleErrorLog, type ErrorLog } from '../core/logger';
import type { DomainEvent, EventBus, PresenceChannel, PresenceSignal } from './events';

/**
 * The event bus across app instances:
 * PostgreSQL LISTEN/NOTIFY on one channel. Local listeners hear an event at
 * once; other instances hear it through NOTIFY and skip their own (instance
 * id), so nothing is delivered twice. The payload carries ids, revision and
 * names only (NOTIFY payloads are limited to 8000 bytes): receivers load the
 * content from the database.
 */
export const eventsChannel = 'textbook_studio_events';

/** The LISTEN connection's application_name: visible in pg_stat_activity, so operators (and tests) can find it. */
export const listenerApplicationName = 'textbook-studio-events';

export interface PgEventBusOptions {
  /** Connection settings for the dedicated LISTEN client (a pool client cannot hold LISTEN). */
  connection: pg.ClientConfig;
  /** Where NOTIFY is sent from. */
  pool: pg.Pool;
  channel?: string;
  /** Where failures the bus recovers from are reported (app.ts: the app's logger). */
  onError?: ErrorLog;
  /** Called after LISTEN is re-established: events sent meanwhile were missed. */
  onReconnect?: () => void;
  /** How often the LISTEN connection is asked to answer (default 5 s); no answer within `heartbeatTimeoutMs` (3 s) means it is gone. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

export interface PgEventBus extends EventBus {
  readonly instanceId: string;
}

type Envelope = { origin: string; event: DomainEvent } | { origin: string; presence: PresenceSignal };
type PresenceListener = Parameters<PresenceChannel['subscribe']>[0];

const maxDescription = 500;

/** Trims what does not need to cross instances, to stay far under the payload limit. */
function compact(event: DomainEvent): DomainEvent {
  if (event.type !== 'textbook.saved') return event;
  return { ...event, description: event.description.slice(0, maxDescription) };
}

function parseEnvelope(payload: string | undefined): Envelope | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as {
      origin?: unknown;
      event?: { type?: string; textbookId?: unknown; userId?: unknown };
      presence?: Partial<PresenceSignal>;
    };
    if (typeof value.origin !== 'string') return null;
    if (value.presence && typeof value.presence.kind === 'string') return value as Envelope;
    const e = value.event;
    if (e?.type === 'sessions.ended') return typeof e.userId === 'number' ? (value as Envelope) : null;
    if (!e || typeof e.textbookId !== 'number') return null;
    if (e.type !== 'textbook.saved' && e.type !== 'textbook.deleted' && e.type !== 'collaborators.changed') return null;
    return value as Envelope;
  } catch {
    return null;
  }
}

export async function createPgEventBus(options: PgEventBusOptions): Promise<PgEventBus> {
  const channel = options.channel ?? eventsChannel;
  const instanceId = randomUUID();
  const listeners = new Set<(event: DomainEvent) => void>();
  const presenceListeners = new Set<PresenceListener>();
  // One instance's presence signals go out strictly in order, or a quick join+leave could arrive as leave+join.
  let presenceChain: Promise<unknown> = Promise.resolve();
  const onError = options.onError ?? moduleErrorLog;
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 3_000;

  const deliver = (event: DomainEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (err) {
        onError('event listener failed', err);
      }
    }
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...options.connection, application_name: listenerApplicationName });
    // Without an error listener a dropped connection would crash the process.
    c.on('error', (err) => {
      onError('event bus connection error', err.message);
      lost(c);
    });
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel !== channel) return;
      const envelope = parseEnvelope(msg.payload);
      if (!envelope || envelope.origin === instanceId) return;
      if ('presence' in envelope) {
        for (const l of presenceListeners) l(envelope.presence, envelope.origin);
      } else deliver(envelope.event);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    attempt = 0;
  };

  const lost = (c: pg.Client) => {
    if (client !== c && client !== null) return;
    client = null;
    c.removeAllListeners('notification');
    // A silently cut connection never answers a polite end: its socket is destroyed instead.
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => undefined);
    scheduleReconnect();
  };

  // A connection cut without a word (a network partition, a proxy that stops forwarding) raises no
  // error and delivers no notification: only asking it to answer shows it is gone.
  let beating = false;
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || beating || closed) return;
    beating = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs);
    });
    Promise.race([c.query('SELECT 1'), silent])
      .catch((err: unknown) => {
        onError('event bus connection lost', err instanceof Error ? err.message : err);
        lost(c);
      })
      .finally(() => {
        clearTimeout(timer);
        beating = false;
      });
  }, heartbeatMs);
  heartbeat.unref();

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(10_000, 200 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect()
        .then(() => {
          options.onReconnect?.();
          for (const l of presenceListeners) l({ kind: 'reconnected' }, instanceId);
        })
        .catch((err: unknown) => {
          onError('event bus reconnect failed', err instanceof Error ? err.message : err);
          scheduleReconnect();
        });
    }, delay);
    retryTimer.unref();
  };

  // The first LISTEN must be in place before the app serves, or early saves would go unheard.
  try {
    await connect();
  } catch (err) {
    clearInterval(heartbeat);
    throw err;
  }

  const presence: PresenceChannel = {
    instanceId,
    publish(signals) {
      const list = Array.isArray(signals) ? signals : [signals];
      if (list.length === 0 || closed) return;
      // Several notifications in one statement arrive together and in order.
      const params: string[] = [channel, ...list.map((p) => JSON.stringify({ origin: instanceId, presence: p } satisfies Envelope))];
      const sql = `SELECT ${list.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`;
      presenceChain = presenceChain
        .then(() => options.pool.query(sql, params))
        .catch((err: unknown) => onError('presence notify failed', err instanceof Error ? err.message : err));
    },
    subscribe(listener) {
      presenceListeners.add(listener);
      return () => {
        presenceListeners.delete(listener);
      };
    },
  };

  return {
    instanceId,
    presence,
    async publish(event) {
      deliver(event);
      const payload: Envelope = { origin: instanceId, event: compact(event) };
      try {
        await options.pool.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
      } catch (err) {
        // The save is already committed: a lost notification must not turn it into an error for the user.
        onError('event bus notify failed', err instanceof Error ? err.message : err);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      listeners.clear();
      presenceListeners.clear();
      await presenceChain;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
