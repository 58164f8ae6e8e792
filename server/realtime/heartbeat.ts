import type { Connection } from './hub-connection';

/**
 * Pings every socket each `everyMs`; one that did not answer the previous ping with a pong is
 * terminated. Returns the stop function. The timer does not keep the process alive.
 */
export function startHeartbeat(connections: Set<Connection>, everyMs: number): () => void {
  const timer = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
