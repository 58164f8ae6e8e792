import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/instances.support';
import { offlineServerEnv } from './test/server-env.support';

/**
 * The server as `npm start` runs it: scripts/build-server.mjs bundles server/main.ts into plain
 * JavaScript, which starts with no TypeScript loader, finds its migrations and workers beside the
 * sources, and answers over HTTP on a fresh data folder.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, as dist/server is: the bundle imports its packages from its node_modules.
mkdirSync(path.join(root, 'dist'), { recursive: true });
const scratch = mkdtempSync(path.join(root, 'dist/test-server-bundle-'));
const outdir = path.join(scratch, 'server');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ts-bundle-data-'));

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', outdir], { cwd: root, stdio: 'pipe' });
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('is plain JavaScript whose modules keep their own file URLs, and lists the files it holds', () => {
    const main = readFileSync(path.join(outdir, 'main.mjs'), 'utf8');
    expect(main).not.toMatch(/from ["']tsx/);
    // Packages stay in node_modules; the server's own modules are inside.
    expect(main).toMatch(/from ["']fastify["']/);
    expect(main).toContain('Textbook Studio at http');
    // The migrations folder is found from the source file's URL, not the bundle's.
    expect(main).toContain(`new URL(${JSON.stringify(path.relative(outdir, path.join(root, 'server/db/client.ts')))}, import.meta.url)`);
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as { entry: string; inputs: string[] };
    expect(manifest.entry).toBe('main.mjs');
    expect(manifest.inputs).toContain('server/main.ts');
    expect(manifest.inputs).toContain('server/db/client.ts');
    expect(manifest.inputs.some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('starts without tsx on a new data folder, migrates it, registers a user and answers as that user', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--max-semi-space-size=8', path.join(outdir, 'main.mjs')], {
      cwd: root,
      env: offlineServerEnv(port, dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout.on('data', (d) => output.push(String(d)));
    child.stderr.on('data', (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    try {
      let health: Response | undefined;
      for (let tries = 0; tries < 600 && !health?.ok; tries++) {
        if (child.exitCode !== null) throw new Error(`the bundled server exited: ${output.join('')}`);
        health = await fetch(`${url}/api/health`).catch(() => undefined);
        if (!health?.ok) await new Promise((r) => setTimeout(r, 200));
      }
      expect(health?.status).toBe(200);
      const res = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username: 'bundled_server_user', password: 'Bundled server check 4711!' }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const me = await fetch(`${url}/api/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('bundled_server_user');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 120_000);
});
