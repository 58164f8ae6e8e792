import { WebSocket } from 'ws';

/** A message as the server sends it (loosely typed: tests assert on fields). */
export interface ReceivedMessage {
  type: string;
  textbookId?: number;
  userId?: number;
  username?: string;
  content?: unknown;
  revision?: number;
  collaborators?: Array<{ userId: number; username: string }>;
  message?: string;
  code?: string;
  timestamp?: string;
  receivedAt: number;
}

/**
 * A real socket client for tests and the benchmark: records every message and
 * lets a test wait for one matching a predicate (no sleeps).
 */
export class TestSocket {
  readonly messages: ReceivedMessage[] = [];
  private waiters: Array<{ match: (m: ReceivedMessage) => boolean; resolve: (m: ReceivedMessage) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  onMessage?: (m: ReceivedMessage) => void;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = { ...(JSON.parse(String(data)) as Omit<ReceivedMessage, 'receivedAt'>), receivedAt: performance.now() };
      this.messages.push(m);
      this.onMessage?.(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(baseUrl: string, options: { cookie?: string; origin?: string } = {}): Promise<TestSocket> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  join(textbookId: number): void {
    this.send({ type: 'join', textbookId, timestamp: new Date().toISOString() });
  }

  /** The first message already received, or the next to arrive, that matches. */
  waitFor(match: (m: ReceivedMessage) => boolean, timeoutMs = 5000, label = 'message'): Promise<ReceivedMessage> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${label}; got ${JSON.stringify(this.messages.map((m) => m.type))}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Only messages arriving from now on. */
  next(match: (m: ReceivedMessage) => boolean, timeoutMs = 5000, label = 'message'): Promise<ReceivedMessage> {
    const already = new Set(this.messages);
    return this.waitFor((m) => !already.has(m) && match(m), timeoutMs, label);
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(1000);
    return this.closed;
  }
}
