import { hostname } from 'node:os';

/**
 * How a module reports a failure it recovers from (a lost connection, a listener that threw).
 * app.ts passes `(message, err) => app.log.error({ err }, message)`, so the report joins the
 * app's log; requests log through their own `request.log`. The server never uses `console.*`
 * (ESLint's no-console), so every line it writes has the same shape.
 */
export type ErrorLog = (message: string, err?: unknown) => void;

function serializeError(err: unknown): unknown {
  if (err instanceof Error) return { type: err.name, message: err.message, stack: err.stack };
  return err;
}

/**
 * The module logger for code that runs where the app's logger is not at hand: before the app
 * is built (the database pool opened by main.ts), or built without one (tests, scripts). It
 * writes one JSON line in the app logger's (pino's) shape, level 50 ("error"), to stderr.
 */
export const moduleErrorLog: ErrorLog = (message, err) => {
  const line = {
    level: 50,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    msg: message,
    ...(err === undefined ? {} : { err: serializeError(err) }),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
};
