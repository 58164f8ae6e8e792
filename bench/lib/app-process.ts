/**
 * The real server (server/main.ts) in its own process on a fresh PGlite directory, for
 * benchmarks that time requests: the client's work never shares the server's event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@server/test/instances.support';
import { offlineServerEnv } from '@server/test/server-env.support';

export interface AppProcess {
  url: string;
  /** The server process's id (its own child processes are the extraction processes). */
  pid: number;
  /** The server's DATA_DIR (a fresh temporary folder, removed at stop). */
  dataDir: string;
  cookie: string;
  /** CPU time the server process has used so far (all its threads), in ms; undefined off Linux. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it: the plain-JavaScript bundle `npm run build` makes
 * (scripts/build-server.mjs, dist/server/main.mjs) while it is newer than every file it holds,
 * otherwise the TypeScript through tsx (with a line saying so). BENCH_SERVER=tsx asks for the latter.
 */
export function serverEntry(): string[] {
  const manifestFile = 'dist/server/manifest.json';
  if (process.env.BENCH_SERVER !== 'tsx' && existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { builtAt: number; entry: string; inputs: string[] };
    const fresh = manifest.inputs.every((f) => existsSync(f) && statSync(f).mtimeMs <= manifest.builtAt);
    if (fresh) return [path.join('dist/server', manifest.entry)];
    console.log('dist/server is older than the sources: the server runs through tsx (npm run build makes it anew)');
  }
  return ['--import', 'tsx', 'server/main.ts'];
}

/**
 * Starts the app, waits until it answers and registers one user (the cookie); with `register:
 * false` the cookie is empty and `register()` does it later (a benchmark measuring the idle server).
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { register?: boolean } = {},
): Promise<AppProcess & { register(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bench-app-'));
  // As `npm start` runs it (package.json): a young generation of 8 MB semi-spaces (README.md, "Memory").
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=8', ...serverEntry()], {
    cwd: process.cwd(),
    env: offlineServerEnv(port, dataDir, env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const app = {
    url,
    pid: child.pid ?? 0,
    dataDir,
    cookie: '',
    async register() {
      const res = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench_${process.pid}_${port}`, password: 'bench-password' }),
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
      app.cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    },
    cpuMs() {
      try {
        // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        return undefined;
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.register !== false) await app.register();
  return app;
}

/** Latencies of a small authenticated request sent again and again until stopped (one at a time). */
export function smallRequestLoop(app: AppProcess, path = '/api/user', pauseMs = 10): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${app.url}${path}`, { headers: { cookie: app.cookie } });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}
