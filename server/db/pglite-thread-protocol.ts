/** Messages between the server's thread and the PGlite thread (pglite-thread.ts, pglite-thread-worker.ts). */

export type ThreadRequest =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values stay the text PostgreSQL sent (drizzle's parsers for dates, intervals, numeric[]). */
      rawTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'lock' }
  | { op: 'unlock'; lock: number }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'fsyncs' }
  | { op: 'close' };

export type Envelope = ThreadRequest & { id: number };

/** A worker's answer: `result` or `error`; `{ready}` or `{failed}` once, at start. */
export type ThreadReply = { id: number; result: unknown } | { id: number; error: SentError } | { ready: true } | { failed: SentError };

/** An error as data: PostgreSQL's fields (code, detail, constraint, ...) kept, so callers see what they would in-thread. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function sendError(err: unknown): SentError {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(e)) {
    // The failed query's text and parameters stay behind (a parameter may be megabytes).
    if (key === 'query' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: e.name, message: e.message, stack: e.stack, fields };
}

export function reviveError(sent: SentError): Error {
  const err = Object.assign(new Error(sent.message), sent.fields);
  err.name = sent.name;
  if (sent.stack) err.stack = `${err.stack ?? ''}\n  on the PGlite thread: ${sent.stack}`;
  return err;
}
