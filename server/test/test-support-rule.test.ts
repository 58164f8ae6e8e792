import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { isTestCode, layerViolation } from '../../scripts/layers.mjs';
// @ts-expect-error: a plain ES module of the lint script, without type declarations.
import { supportFileProblem, supportImportProblem } from '../../scripts/test-support.mjs';

describe('test support files', () => {
  it('are test code when they sit in server/test, and only there', () => {
    expect(isTestCode('server/test/realtime/ws-client.support.ts')).toBe(true);
    expect(isTestCode('server/features/export/export-formats.test.ts')).toBe(true);
    // A support-looking name in a source folder is production code to the layer rule.
    expect(isTestCode('server/features/export/export.fixtures.ts')).toBe(false);
    expect(isTestCode('server/features/extract/multipart.test-helper.ts')).toBe(false);
    expect(layerViolation('server/test/ingest/scan.support.ts', 'server/features/sources/sources.service')).toBeUndefined();
    expect(layerViolation('server/ingest/ocr/scan.test-helper.ts', 'server/features/sources/sources.service')).toMatch(
      /import downwards only/,
    );
  });

  it('are named *.support.ts in server/test, and no support file hides in a source folder', () => {
    expect(supportFileProblem('server/test/harness.support.ts')).toBeUndefined();
    expect(supportFileProblem('server/test/lint-boundaries.test.ts')).toBeUndefined();
    expect(supportFileProblem('server/features/export/export.service.ts')).toBeUndefined();
    expect(supportFileProblem('server/test/harness.ts')).toMatch(/\*\.test\.ts\) or test support \(\*\.support\.ts\)/);
    expect(supportFileProblem('server/features/export/book.support.ts')).toMatch(/lives in server\/test\//);
    for (const hidden of [
      'server/features/export/export.fixtures.ts',
      'server/ai/offline/expand/linear-algebra.fixture.ts',
      'server/ingest/docx/handout.test-helper.ts',
      'server/features/textbooks/test-factory.ts',
      'server/realtime/realtime-fixtures.ts',
      'server/ingest/process-pool.test-entry.ts',
    ])
      expect(supportFileProblem(hidden), hidden).toMatch(/test support lives in server\/test\//);
  });

  it('is imported by tests, benchmarks and browser tests, never by shipped code', () => {
    expect(supportImportProblem('server/features/export/export.test.ts', 'server/test/harness.support')).toBeUndefined();
    expect(supportImportProblem('server/test/harness.support.ts', 'server/test/test-db.support')).toBeUndefined();
    expect(supportImportProblem('bench/abuse/run.ts', 'server/test/multipart.support')).toBeUndefined();
    expect(supportImportProblem('e2e/global-setup.ts', 'server/test/instances.support')).toBeUndefined();
    expect(supportImportProblem('server/features/export/export.service.ts', 'server/test/fixture-path.support')).toMatch(
      /only tests, benchmarks and browser tests import server\/test/,
    );
    expect(supportImportProblem('server/features/export/export.service.ts', 'server/core/app-error')).toBeUndefined();
  });
});
