import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { aliasedDirs, fetchViolation, layerViolation, resolveImport } from '../../scripts/layers.mjs';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { importCycles, sourceFileOf } from '../../scripts/import-cycles.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('layer rule', () => {
  it('lets each layer import its own and lower layers only', () => {
    expect(layerViolation('server/ai/offline/chat.ts', 'server/core/app-error')).toBeUndefined();
    expect(layerViolation('server/features/extract/extract.service.ts', 'server/ai/index')).toBeUndefined();
    expect(layerViolation('server/ingest/extract.ts', 'server/db/client')).toBeUndefined();
    expect(layerViolation('server/ingest/extract.ts', 'server/ai/material')).toMatch(/ingest\/references must not import ai/);
    expect(layerViolation('server/core/document-tree.ts', 'server/db/client')).toMatch(/core must not import db/);
    expect(layerViolation('server/ai/llm/model.ts', 'server/http/authenticate')).toMatch(/ai must not import http/);
    expect(layerViolation('server/app.ts', 'server/features/index')).toBeUndefined();
    expect(layerViolation('server/features/realtime/realtime.routes.ts', 'server/realtime/hub')).toBeUndefined();
    // Tests may reach across layers to set things up.
    expect(layerViolation('server/ingest/ingest.test.ts', 'server/features/sources/sources.service')).toBeUndefined();
  });

  it('ranks realtime below http below features, each its own layer', () => {
    expect(layerViolation('server/realtime/hub.ts', 'server/features/textbooks/textbooks.policy')).toMatch(
      /realtime must not import features/,
    );
    expect(layerViolation('server/realtime/hub.ts', 'server/http/route-limits')).toMatch(/realtime must not import http/);
    expect(layerViolation('server/http/authenticate.ts', 'server/features/auth/auth.service')).toMatch(/http must not import features/);
    expect(layerViolation('server/http/route-limits.ts', 'server/realtime/events')).toBeUndefined();
    expect(layerViolation('server/features/request-context.ts', 'server/http/authenticate')).toBeUndefined();
    expect(layerViolation('server/features/collab/collab.routes.ts', 'server/realtime/socket-guard')).toBeUndefined();
    expect(layerViolation('server/realtime/socket-guard.ts', 'server/core/token-hash')).toBeUndefined();
    expect(layerViolation('server/features/index.ts', 'server/app')).toMatch(/features must not import app/);
    expect(layerViolation('server/app.ts', 'server/features/app-deps')).toBeUndefined();
  });

  it('keeps the llm engine off the offline engine, and the shared toolkit off both', () => {
    expect(layerViolation('server/ai/llm/expand.ts', 'server/ai/offline/expand/gather')).toMatch(
      /server\/ai\/llm must not import server\/ai\/offline/,
    );
    expect(layerViolation('server/ai/llm/outline/key-terms.ts', 'server/ai/offline')).toMatch(
      /server\/ai\/llm must not import server\/ai\/offline/,
    );
    expect(layerViolation('server/ai/llm/expand.ts', 'server/ai/shared/source-map')).toBeUndefined();
    expect(layerViolation('server/ai/offline/expand/gather.ts', 'server/ai/shared/source-map')).toBeUndefined();
    expect(layerViolation('server/ai/shared/source-map.ts', 'server/ai/offline/outline/tree-book')).toMatch(
      /server\/ai\/shared must not import either engine/,
    );
    expect(layerViolation('server/ai/shared/locate.ts', 'server/ai/llm/model')).toMatch(/server\/ai\/shared must not import either engine/);
    // A folder whose name only starts like an engine's is no engine.
    expect(layerViolation('server/ai/llm/expand.ts', 'server/ai/offline-notes/x')).toBeUndefined();
    // Tests may compare the engines.
    expect(layerViolation('server/ai/llm/llm-ai-tools.test.ts', 'server/ai/offline/customize/levels')).toBeUndefined();
  });

  it('keeps the save path free of the live-document wiring', () => {
    expect(layerViolation('server/features/textbooks/save/live-state.ts', 'server/features/collab/update-policy')).toMatch(
      /textbooks must not import server\/features\/collab/,
    );
    expect(
      layerViolation('server/features/collab/live-documents.ts', 'server/features/textbooks/save/textbook-save.service'),
    ).toBeUndefined();
  });

  it('keeps client primitives free of features', () => {
    expect(layerViolation('client/components/ui/toaster.tsx', 'client/features/textbook/textbook.api')).toMatch(/must not import features/);
    expect(layerViolation('client/lib/api.ts', 'client/app/auth-context')).toMatch(/must not import features, pages or app/);
    expect(layerViolation('client/features/textbook/textbook-view.tsx', 'client/components/ui/card')).toBeUndefined();
  });
});

describe('one client fetch path', () => {
  it('lets only client/lib (and client tests) call fetch', () => {
    expect(fetchViolation('client/features/export/export.api.ts')).toMatch(/through client\/lib\/api, never fetch\(\) itself/);
    expect(fetchViolation('client/pages/reader-page.tsx')).toMatch(/through client\/lib\/api/);
    expect(fetchViolation('client/lib/api.ts')).toBeUndefined();
    expect(fetchViolation('client/features/export/export.api.test.ts')).toBeUndefined();
    expect(fetchViolation('client/test/render.tsx')).toBeUndefined();
    // The server and the e2e specs fetch as they need.
    expect(fetchViolation('server/references/http.ts')).toBeUndefined();
    expect(fetchViolation('e2e/reader.spec.ts')).toBeUndefined();
  });
});

describe('import circles', () => {
  const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('finds every circle once, with all its files, and nothing in a graph without one', () => {
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: [], d: ['a', 'c'] }))).toEqual([]);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    // Two circles that share no file, one reached only through a file outside both.
    expect(importCycles(graphOf({ x: ['y', 'p'], y: ['x'], p: ['q'], q: ['r'], r: ['p'] }))).toEqual([
      ['p', 'q', 'r'],
      ['x', 'y'],
    ]);
    // Two loops through one file are one tangle.
    expect(importCycles(graphOf({ hub: ['l1', 'r1'], l1: ['hub'], r1: ['r2'], r2: ['hub'] }))).toEqual([['hub', 'l1', 'r1', 'r2']]);
    expect(importCycles(graphOf({ self: ['self'], other: [] }))).toEqual([['self']]);
    // An import of a file outside the graph (test code, a package) leads nowhere.
    expect(importCycles(graphOf({ a: ['outside'], b: ['a'] }))).toEqual([]);
  });

  it('follows a chain of thousands of imports without running out of stack', () => {
    const n = 20_000;
    const graph = new Map(Array.from({ length: n }, (_, i) => [`f${i}`, [`f${(i + 1) % n}`]]));
    expect(importCycles(graph)).toHaveLength(1);
    expect(importCycles(graph)[0]).toHaveLength(n);
  });

  it('resolves an import to its source file or folder index', () => {
    const files = new Set(['server/core/a.ts', 'client/app/b.tsx', 'server/features/index.ts', 'scripts/c.mjs']);
    expect(sourceFileOf('server/core/a', files)).toBe('server/core/a.ts');
    expect(sourceFileOf('server/core/a.js', files)).toBe('server/core/a.ts');
    expect(sourceFileOf('client/app/b', files)).toBe('client/app/b.tsx');
    expect(sourceFileOf('server/features', files)).toBe('server/features/index.ts');
    expect(sourceFileOf('scripts/c.mjs', files)).toBe('scripts/c.mjs');
    expect(sourceFileOf('server/core/missing', files)).toBeUndefined();
  });
});

describe('import aliases', () => {
  it('resolves an alias to the same path as the relative import', () => {
    expect(resolveImport('server/core/x.ts', '@server/features/export/export.service')).toBe('server/features/export/export.service');
    expect(resolveImport('server/core/x.ts', '../features/export/export.service')).toBe('server/features/export/export.service');
    expect(resolveImport('client/lib/api.ts', '@common/api/textbooks')).toBe('common/api/textbooks');
    expect(resolveImport('server/core/x.ts', '@fastify/multipart')).toBeUndefined();
    expect(resolveImport('server/core/x.ts', 'zod')).toBeUndefined();
  });

  it('knows the same aliases as tsconfig.json', () => {
    const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(compilerOptions.paths).toEqual(Object.fromEntries(aliasedDirs.map((d: string) => [`@${d}/*`, [`./${d}/*`]])));
  });
});

describe('npm run lint (boundaries)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A copy of the scripts and the source folders, with extra files written into it. */
  function treeWith(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'lint-'));
    dirs.push(dir);
    for (const d of ['scripts', 'server', 'common', 'client', 'bench', 'e2e'])
      cpSync(path.join(root, d), path.join(dir, d), { recursive: true, filter: (src) => !src.includes('node_modules') });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('passes on the tree as it is', async () => {
    const { stdout } = await run('node', [path.join(root, 'scripts/lint-boundaries.mjs')], { cwd: root });
    expect(stdout).toMatch(/Module boundaries hold/);
  });

  it('fails on a new wrong-way import, naming the file and the rule', async () => {
    const dir = treeWith({
      'server/core/bad-import.ts': "import { currentUser } from '../http/authenticate';\nexport const x = currentUser;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/server\/core\/bad-import\.ts:1 {2}server layers import downwards only: core must not import http/);
  }, 60_000);

  it('fails on test support outside server/test or without its suffix, and on shipped code importing it', async () => {
    const dir = treeWith({
      'server/features/export/sample.fixtures.ts': 'export const sample = 1;\n',
      'server/test/loose-helper.ts': 'export const helper = 1;\n',
      'server/features/export/uses-support.ts':
        "import { fixturePath } from '@server/test/fixture-path.support';\nexport const p = fixturePath;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/features\/export\/sample\.fixtures\.ts {2}test support lives in server\/test\/ as \*\.support\.ts/,
    );
    expect(failure?.stderr).toMatch(/server\/test\/loose-helper\.ts {2}a file in server\/test is a test/);
    expect(failure?.stderr).toMatch(
      /server\/features\/export\/uses-support\.ts:1 {2}only tests, benchmarks and browser tests import server\/test/,
    );
    expect(failure?.stderr).toMatch(/Module boundary violations \(3\)/);
  }, 60_000);

  it('judges an alias import like a relative one, and asks for the alias on a long climb', async () => {
    const dir = treeWith({
      'server/core/bad-alias.ts':
        "import { exportTextbook } from '@server/features/export/export.service';\nexport const x = exportTextbook;\n",
      'client/lib/bad-alias.ts': "import { AppShell } from '@client/app/app-shell';\nexport const y = AppShell;\n",
      'server/features/export/climbs.ts': "import { AppError } from '../../core/app-error';\nexport const z = AppError;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/core\/bad-alias\.ts:1 {2}server layers import downwards only: core must not import features {2}'@server\/features\/export\/export\.service'/,
    );
    expect(failure?.stderr).toMatch(
      /client\/lib\/bad-alias\.ts:1 {2}client\/components\/ui and client\/lib must not import features, pages or app/,
    );
    expect(failure?.stderr).toMatch(
      /server\/features\/export\/climbs\.ts:1 {2}imports that climb two or more folders use the alias \(@server\/core\/app-error\)/,
    );
    expect(failure?.stderr).toMatch(/Module boundary violations \(3\)/);
  }, 60_000);

  it('fails on an import circle, type-only imports included, but not on one through test code', async () => {
    const dir = treeWith({
      'server/features/users/ring-a.ts': "import type { B } from './ring-b';\nexport interface A { b?: B }\n",
      'server/features/users/ring-b.ts': "import { c } from '@server/features/users/ring-c';\nexport interface B { c: typeof c }\n",
      'server/features/users/ring-c.ts': "import type { A } from './ring-a';\nexport const c: A = {};\n",
      'server/features/users/ring.test.ts': "import { c } from './ring-c';\nexport const t = c;\n",
      'server/features/users/ring-d.ts': "import { t } from './ring.test';\nexport const d = t;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/features\/users\/ring-a\.ts {2}imports go round in a circle through 3 files: server\/features\/users\/ring-a\.ts, server\/features\/users\/ring-b\.ts, server\/features\/users\/ring-c\.ts\n/,
    );
    expect(failure?.stderr).toMatch(/Module boundary violations \(1\)/);
  }, 60_000);

  it('fails on a client module that calls fetch itself, however it names it', async () => {
    const dir = treeWith({
      'client/features/export/raw-fetch.ts':
        "export async function a() {\n  return fetch('/api/x', { credentials: 'include' });\n}\nexport const b = () => window.fetch('/api/y');\n",
      'client/features/export/refetches.ts': 'export const c = (q: { refetch(): void }) => q.refetch();\n',
      'client/lib/own-fetch.ts': "export const d = () => fetch('/api/z');\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/client\/features\/export\/raw-fetch\.ts:2 {2}client code calls the API through client\/lib\/api/);
    expect(failure?.stderr).toMatch(/client\/features\/export\/raw-fetch\.ts:4 {2}client code calls the API through client\/lib\/api/);
    expect(failure?.stderr).toMatch(/Module boundary violations \(2\)/);
  }, 60_000);

  it('fails when the llm engine reaches into the offline engine, or the shared toolkit into an engine', async () => {
    const dir = treeWith({
      'server/ai/llm/borrows.ts': "import { gatherBlocks } from '../offline/expand/gather';\nexport const x = gatherBlocks;\n",
      'server/ai/shared/borrows.ts': "import { createOfflineEngine } from '@server/ai/offline';\nexport const y = createOfflineEngine;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/ai\/llm\/borrows\.ts:1 {2}server\/ai\/llm must not import server\/ai\/offline \(what both engines use lives in server\/ai\/shared\) {2}'\.\.\/offline\/expand\/gather'/,
    );
    expect(failure?.stderr).toMatch(/server\/ai\/shared\/borrows\.ts:1 {2}server\/ai\/shared must not import either engine/);
    expect(failure?.stderr).toMatch(/Module boundary violations \(2\)/);
  }, 60_000);
});
