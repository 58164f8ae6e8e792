import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Files only tests, benchmarks and fixtures load: an `npm ci --omit=dev` install never runs them. */
const testOnly = /(\.test\.tsx?|\.e2e\.ts)$|^server\/test\/|^client\/test\//;

function* sourceFiles(dir: string): Iterable<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(rel);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !testOnly.test(rel)) yield rel;
  }
}

/** The packages a file loads when it runs: `import type` and `export type` vanish when compiled. */
export function runtimePackages(source: string): string[] {
  const names = new Set<string>();
  const statements = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of source.matchAll(statements)) {
    if (m[2]) continue;
    const spec = m[3] ?? m[4];
    if (!spec || spec.startsWith('.') || spec.startsWith('node:') || /^@(server|common|client)\//.test(spec)) continue;
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
    if (!builtinModules.includes(name)) names.add(name);
  }
  return [...names];
}

describe('runtime dependencies', () => {
  it('reads value imports and skips type-only ones', () => {
    expect(runtimePackages("import { Document } from 'docx';\nimport type { X } from 'domhandler';")).toEqual(['docx']);
    expect(runtimePackages("const m = await import('@napi-rs/canvas/x');")).toEqual(['@napi-rs/canvas']);
  });

  // `npm start` builds the client and runs the server, so every package either side loads at run time
  // must survive `npm ci --omit=dev` (a DOCX export once failed there: docx was a devDependency).
  it('lists every package the server, client and shared code load in dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const installed = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})]);
    const missing: string[] = [];
    for (const dir of ['server', 'common', 'client'])
      for (const file of sourceFiles(dir))
        for (const name of runtimePackages(readFileSync(path.join(root, file), 'utf8')))
          if (!installed.has(name)) missing.push(`${file}: ${name}`);
    for (const file of [
      'vite.config.ts',
      'scripts/vite-static-assets.mjs',
      'scripts/build-workers.mjs',
      'scripts/build-server.mjs',
      'scripts/esbuild-node.mjs',
    ])
      for (const name of runtimePackages(readFileSync(path.join(root, file), 'utf8')))
        if (!installed.has(name)) missing.push(`${file}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('keeps the lock file in step: no runtime package is marked dev-only there', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }>;
    };
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(lock.packages['']!.dependencies).toEqual(pkg.dependencies);
    const devOnly = Object.keys(pkg.dependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev);
    expect(devOnly).toEqual([]);
  });
});
