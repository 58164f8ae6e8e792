/**
 * The benchmarks' server process (server-bench-app.ts, the real app on PGlite on disk) and its message
 * channel: start it, wait for a message of a type, register the owner, create a book inside it.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextbookContent } from '@common/textbook';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startServerBench(options: { execArgv?: string[] } = {}) {
  const child = fork(path.join(here, 'server-bench-app.ts'), [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: { ...process.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** The next message of this type from the server process; rejects if the process exits first. */
  const fromChild = <T>(type: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { address: base } = await fromChild<{ address: string }>('ready');
  return {
    child,
    fromChild,
    base,
    /** Registers a user over HTTP; its session cookie and the owner as the server stores it. */
    async register(username: string) {
      const reg = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'bench-password' }),
      });
      const owner = (await reg.json()) as { id: number; username: string };
      return { owner, cookie: String(reg.headers.get('set-cookie')).split(';')[0] };
    },
    /** Creates the book inside the server process (no 5 MB POST to time), owned by `owner`. */
    async createBook(owner: { id: number; username: string }, content: TextbookContent) {
      const created = fromChild<{ id: number }>('created');
      child.send({ type: 'create', owner, content });
      return (await created).id;
    },
    stop() {
      child.send({ type: 'stop' });
    },
  };
}
