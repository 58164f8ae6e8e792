#!/usr/bin/env node
// Totals the tiers that .ci/run recorded and prints one closing line `N passed, N failed`
// (CI reads only that plain line; Vitest's and Playwright's own summaries are not recognized).
//
// Usage: node scripts/ci-summary.mjs <tiers-file>
// Each line of the tiers file: `<name>\t<kind>\t<exit code>\t<seconds>\t<report path or ->`
//   kind `vitest`     - a Vitest JSON report (numPassedTests, numFailedTests, testResults)
//   kind `playwright` - a Playwright JSON report (stats.expected/unexpected/flaky/skipped)
//   kind `step`       - a command with no tests of its own (typecheck, lint, build): one check
// A tier whose report is missing or unreadable, or that exited non-zero with no failed test in its
// report (a crash, a suite that failed to load, a timeout), counts one more failure.
import { existsSync, readFileSync } from 'node:fs';

const tiersFile = process.argv[2];
if (!tiersFile || !existsSync(tiersFile)) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(report) {
  const passed = report.numPassedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let failed = report.numFailedTests ?? 0;
  const failures = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${file.name.replace(process.cwd() + '/', '')} > ${t.fullName ?? t.title}`);
    // A file that failed to load or whose hooks threw has no failed test of its own.
    if (file.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${file.name.replace(process.cwd() + '/', '')} (failed to run: ${String(file.message ?? '').split('\n')[0]})`);
    }
  }
  return { passed, failed, skipped, failures };
}

function playwrightCounts(report) {
  const s = report.stats ?? {};
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`${spec.file} > ${[...titles, spec.title].join(' > ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Global setup errors (the server did not start) leave no test behind.
  const errors = (report.errors ?? []).length;
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + errors,
    skipped: s.skipped ?? 0,
    failures: [...failures, ...(report.errors ?? []).map((e) => `playwright: ${String(e.message ?? '').split('\n')[0]}`)],
  };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const allFailures = [];
console.log('');
console.log(`${'tier'.padEnd(22)}${'result'.padEnd(34)}time`);
for (const line of readFileSync(tiersFile, 'utf8').split('\n').filter(Boolean)) {
  const [name, kind, codeText, seconds, reportPath] = line.split('\t');
  const code = Number(codeText);
  let counts;
  if (kind === 'step') {
    counts =
      code === 0
        ? { passed: 1, failed: 0, skipped: 0, failures: [] }
        : { passed: 0, failed: 1, skipped: 0, failures: [`${name} (exit ${code})`] };
  } else {
    const report = reportPath && reportPath !== '-' ? readJson(reportPath) : undefined;
    counts = report
      ? kind === 'vitest'
        ? vitestCounts(report)
        : playwrightCounts(report)
      : { passed: 0, failed: 0, skipped: 0, failures: [] };
    if (code !== 0 && counts.failed === 0) {
      counts.failed += 1;
      counts.failures.push(`${name} exited ${code}${report ? '' : ' without a report'}${code === 124 ? ' (timed out)' : ''}`);
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  allFailures.push(...counts.failures.map((f) => `[${name}] ${f}`));
  const result = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
  console.log(`${name.padEnd(22)}${result.padEnd(34)}${seconds}s`);
}
if (allFailures.length) {
  console.log('\nFailures:');
  for (const f of allFailures) console.log(`  ${f}`);
}
console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
