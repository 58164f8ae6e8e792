import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';
import { operationSummaries } from './openapi-summaries';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { type?: string; format?: string } }> }>;
}

/** `redocly lint` with the repository's redocly.yaml on the document, as its JSON report. */
async function redoclyLint(document: string): Promise<Problem[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, document);
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const args = [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'];
    // The CLI exits 1 when it finds errors; its report is on stdout either way.
    const output = await run(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 1 << 24,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return (JSON.parse(output.stdout) as { problems: Problem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API document under redocly lint', () => {
  const h = useHarness();
  const fetchDocument = async () => (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  const operationsOf = (doc: { paths: Record<string, Record<string, Operation>> }) =>
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method, op })));

  it('has no errors with the recommended rules (warnings are printed)', async () => {
    const problems = await redoclyLint(await fetchDocument());
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.log(`redocly lint: ${problems.length - warnings.length} errors, ${warnings.length} warnings`);
    for (const w of warnings) console.log(`  warning ${w.ruleId} ${w.location[0]?.pointer ?? ''}`);
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('finds the errors it is there to find: a document without security or summaries fails', async () => {
    const doc = JSON.parse(await fetchDocument()) as { paths: Record<string, Record<string, Operation>> };
    const first = operationsOf(doc).find(({ op }) => op.security?.length)!.op;
    delete first.security;
    delete first.summary;
    const rules = new Set((await redoclyLint(JSON.stringify(doc))).filter((p) => p.severity === 'error').map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(['operation-summary', 'security-defined']);
  });

  it('asks for the session exactly where the server does: anonymous calls get 401 on secured operations only', async () => {
    const doc = JSON.parse(await fetchDocument()) as { paths: Record<string, Record<string, Operation>> };
    const mismatched: string[] = [];
    for (const { path: p, method, op } of operationsOf(doc)) {
      const url = p.replace(/\{[^}]+\}/g, '1');
      const res = await h.app.inject({ method: method.toUpperCase() as 'GET', url, payload: method === 'get' ? undefined : {} });
      const secured = (op.security ?? []).some((requirement) => 'session' in requirement);
      if (secured !== (res.statusCode === 401)) mismatched.push(`${method} ${p}: secured ${secured}, anonymous ${res.statusCode}`);
    }
    expect(mismatched).toEqual([]);
    // The public ones the product names.
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/shared/{token}'].get.security).toEqual([]);
    expect(doc.paths['/api/textbooks'].get.security).toEqual([{ session: [] }]);
  });

  it('types downloads by their media types as binary, and titles every operation in words', async () => {
    const doc = JSON.parse(await fetchDocument()) as { paths: Record<string, Record<string, Operation>> };
    const exported = doc.paths['/api/textbooks/{id}/export'].get.responses['200'].content!;
    expect(Object.keys(exported)).toEqual(expect.arrayContaining(['application/pdf', 'application/epub+zip', 'text/html']));
    expect(Object.keys(exported)).not.toContain('application/json');
    for (const media of Object.values(exported)) expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths['/api/images/{id}'].get.responses['200'].content!)).toContain('image/webp');
    const untitled = operationsOf(doc)
      .map(({ path: p, method }) => `${method.toUpperCase()} ${p}`)
      .filter((key) => !operationSummaries[key]);
    expect(untitled).toEqual([]);
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
