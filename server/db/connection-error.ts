/**
 * Whether an error means the database could not be reached or dropped the connection (a
 * PostgreSQL restart or failover, a cut network), as opposed to a fault of the query: such a
 * request may simply be retried, so it is answered 503, not 500 (issue "Hardening II", H-3).
 */

/** SQLSTATE class 08 (connection exception) and the shutdown codes of class 57 (operator intervention). */
const sqlStates = /^(08...|57P0[1-3])$/;
/** Node's socket errors for a peer that is gone or never answered. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);
/** node-postgres and pg-pool say these in words only. */
const messages =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|database connection silent|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); look a few levels down.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (sqlStates.test(code) || socketCodes.has(code))) return true;
    if (typeof message === 'string' && messages.test(message)) return true;
  }
  return false;
}
