import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { aliasedDirs, layerViolation, resolveImport } from '../../scripts/layers.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('layer rule', () => {
  it('lets each layer import its own and lower layers only', () => {
    expect(layerViolation('server/ai/offline/chat.ts', 'server/core/app-error')).toBeUndefined();
    expect(layerViolation('server/features/extract/extract.service.ts', 'server/ai/index')).toBeUndefined();
    expect(layerViolation('server/ingest/extract.ts', 'server/db/client')).toBeUndefined();
    expect(layerViolation('server/ingest/extract.ts', 'server/ai/material')).toMatch(/ingest\/references must not import ai/);
    expect(layerViolation('server/core/document-tree.ts', 'server/db/client')).toMatch(/core must not import db/);
    expect(layerViolation('server/ai/llm/model.ts', 'server/http/app-error')).toMatch(/ai must not import features\/http\/realtime/);
    expect(layerViolation('server/app.ts', 'server/features/index')).toBeUndefined();
    expect(layerViolation('server/realtime/hub.ts', 'server/features/textbooks/textbooks.policy')).toMatch(
      /realtime must not import server\/features/,
    );
    expect(layerViolation('server/features/realtime/realtime.routes.ts', 'server/realtime/hub')).toBeUndefined();
    // Tests may reach across layers to set things up.
    expect(layerViolation('server/ingest/ingest.test.ts', 'server/features/sources/sources.service')).toBeUndefined();
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
      'server/core/bad-import.ts': "import { AppError } from '../http/app-error';\nexport const x = AppError;\n",
    });
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/core\/bad-import\.ts:1 {2}server layers import downwards only: core must not import features\/http\/realtime/,
    );
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
      /server\/core\/bad-alias\.ts:1 {2}server layers import downwards only: core must not import features\/http\/realtime {2}'@server\/features\/export\/export\.service'/,
    );
    expect(failure?.stderr).toMatch(
      /client\/lib\/bad-alias\.ts:1 {2}client\/components\/ui and client\/lib must not import features, pages or app/,
    );
    expect(failure?.stderr).toMatch(
      /server\/features\/export\/climbs\.ts:1 {2}imports that climb two or more folders use the alias \(@server\/core\/app-error\)/,
    );
    expect(failure?.stderr).toMatch(/Module boundary violations \(3\)/);
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
