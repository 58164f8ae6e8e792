#!/usr/bin/env node
// Runs a command against a real PostgreSQL: starts (or reuses) the throwaway cluster from
// scripts/start-postgres.sh, then runs the rest of the command line with TEST_DATABASE_URL set
// (server/test/global-setup.support.ts migrates a template database there and every test file copies it).
//   node scripts/with-postgres.mjs vitest run server
// An existing TEST_DATABASE_URL is used as it is, without starting anything.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

let url = process.env.TEST_DATABASE_URL;
if (!url) {
  const out = execFileSync('bash', [path.join(root, 'scripts/start-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = out.trim().split('\n').pop();
}
console.error(`[with-postgres] TEST_DATABASE_URL=${url}`);

// `vitest` and friends resolve from node_modules/.bin, as in an npm script.
const binPath = path.join(root, 'node_modules/.bin');
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, PATH: `${binPath}${path.delimiter}${process.env.PATH}` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
