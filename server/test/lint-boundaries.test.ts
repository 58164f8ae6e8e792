import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { layerViolation } from '../../scripts/layers.mjs';

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
    // Tests may reach across layers to set things up.
    expect(layerViolation('server/ingest/ingest.test.ts', 'server/features/sources/sources.service')).toBeUndefined();
  });

  it('keeps client primitives free of features', () => {
    expect(layerViolation('client/components/ui/toaster.tsx', 'client/features/textbook/textbook.api')).toMatch(/must not import features/);
    expect(layerViolation('client/lib/api.ts', 'client/app/auth-context')).toMatch(/must not import features, pages or app/);
    expect(layerViolation('client/features/textbook/textbook-view.tsx', 'client/components/ui/card')).toBeUndefined();
  });
});

describe('npm run lint (boundaries)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A copy of the scripts and the source folders, with one extra file written into it. */
  function treeWith(file: string, text: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'lint-'));
    dirs.push(dir);
    for (const d of ['scripts', 'server', 'common', 'client', 'bench', 'e2e'])
      cpSync(path.join(root, d), path.join(dir, d), { recursive: true, filter: (src) => !src.includes('node_modules') });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    return dir;
  }

  it('passes on the tree as it is', async () => {
    const { stdout } = await run('node', [path.join(root, 'scripts/lint-boundaries.mjs')], { cwd: root });
    expect(stdout).toMatch(/Module boundaries hold/);
  });

  it('fails on a new wrong-way import, naming the file and the rule', async () => {
    const dir = treeWith('server/core/bad-import.ts', "import { AppError } from '../http/app-error';\nexport const x = AppError;\n");
    const failure = await run('node', [path.join(dir, 'scripts/lint-boundaries.mjs')], { cwd: dir }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /server\/core\/bad-import\.ts:1 {2}server layers import downwards only: core must not import features\/http\/realtime/,
    );
  }, 60_000);
});
