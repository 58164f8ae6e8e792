import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The built client is current when it is newer than every client and common source file. */
function clientIsBuilt(): boolean {
  try {
    const built = statSync(builtIndex).mtimeMs;
    return built > newestMtime(path.join(root, 'client')) && built > newestMtime(path.join(root, 'common'));
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
 * Starts the real product for the browser tests: the built client (built here unless current or
 * E2E_SKIP_BUILD=1), `node --import tsx server/main.ts` on a free port, PGlite in a temp DATA_DIR.
 * E2E_BASE_URL reaches the workers through the environment (they are started after this runs).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) return async () => {};
  if (process.env.E2E_SKIP_BUILD !== '1' && !clientIsBuilt()) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'textbook-studio-e2e-'));
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const logFile = path.join(root, 'test-results', 'e2e-server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AI_PROVIDER: 'offline',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
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
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (!exited) {
      const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
