#!/usr/bin/env node
// `npm run dev`: the API server under `tsx watch` (restarts on server/common changes) on PORT (5000)
// and Vite's dev server with hot reload on VITE_PORT (5173), which proxies /api and /ws to it (vite.config.ts).
// Open http://localhost:5173. Ctrl-C (or either process exiting) stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [];
let stopping = false;

function start(label, command, args) {
  // Each child leads its own process group, so stopping it also stops what it started.
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, env: process.env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${label} exited (${signal ?? code}); stopping the other`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  // Whatever has not stopped in 5 s is killed.
  const timer = setTimeout(() => {
    for (const child of children) {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    process.exit(code);
  }, 5000);
  timer.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

start('server', bin('tsx'), ['watch', '--clear-screen=false', '--include', 'common/**/*', 'server/main.ts']);
const vitePort = process.env.VITE_PORT ?? '5173';
start('vite', bin('vite'), ['--host', process.env.VITE_HOST ?? '127.0.0.1', '--port', vitePort, '--strictPort']);
console.log(`[dev] API on http://127.0.0.1:${process.env.PORT ?? '5000'}; the app with hot reload on http://127.0.0.1:${vitePort}`);
