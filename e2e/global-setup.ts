import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/instances.support';
import { offlineServerEnv } from '../server/test/server-env.support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForServer(baseUrl: string, logFile: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) break;
    try {
      // Anonymous: 401 JSON means the whole stack (routes, auth, database) is up.
      const res = await fetch(`${baseUrl}/api/user`);
      if (res.status === 401) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(`The server did not start at ${baseUrl}. Last lines of ${logFile}:\n${log}`);
}

/**
 * Starts the real product for the browser tests: `node --import tsx server/main.ts` on a free port,
 * PGlite in a temp DATA_DIR, serving a client built for this run into a temp folder (CLIENT_DIR), so a
 * concurrent `npm run build` can never swap the assets under a running test. With E2E_SKIP_BUILD=1
 * (CI, right after its build tier) it serves dist/client as it is.
 * E2E_BASE_URL reaches the workers through the environment (they start after this runs).
 * Playwright requires this file's default export.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'textbook-studio-e2e-'));
  const dataDir = path.join(workDir, 'data');
  let clientDir: string | undefined;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    clientDir = path.join(workDir, 'client');
    execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const port = await freePort();
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const logFile = path.join(root, 'test-results', 'e2e-server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: offlineServerEnv(port, dataDir, {
      ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    }),
    stdio: ['ignore', log, log],
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseUrl, logFile, () => exited);
  } catch (err) {
    server.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  // Specs that start more instances (e2e/instances.ts) serve the same client.
  process.env.E2E_CLIENT_DIR = clientDir ?? path.join(root, 'dist/client');

  return async () => {
    if (!exited) {
      const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(workDir, { recursive: true, force: true });
  };
}
