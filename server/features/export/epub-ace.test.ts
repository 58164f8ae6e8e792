import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { renderBook } from '@server/test/export/rendered-book.support';

/**
 * The EPUB export checked by Ace by DAISY (the EPUB Accessibility 1.1 checker: metadata, and axe-core run on every
 * page in Chromium). Ace is not a project dependency (its install downloads Electron): .ci/run installs it into
 * ~/.cache/ace and sets ACE_BIN to its `ace-puppeteer`; without ACE_BIN this test is skipped and says why.
 */

const aceBin = process.env.ACE_BIN && existsSync(process.env.ACE_BIN) ? process.env.ACE_BIN : undefined;
const chromium = process.env.PUPPETEER_EXECUTABLE_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const run = promisify(execFile);

interface AceAssertion {
  'earl:test': { 'dct:title': string; 'earl:impact': string };
  'earl:result': { 'dct:description': string; 'earl:pointer'?: { css?: string[] } };
}
interface AceReport {
  'earl:result': { 'earl:outcome': string };
  assertions: { 'earl:testSubject': { url: string }; assertions: AceAssertion[] }[];
}

/** Every violation Ace reports, one line each: page, rule, impact, where. */
function violations(report: AceReport): string[] {
  return report.assertions.flatMap((page) =>
    page.assertions.map(
      (a) =>
        `${page['earl:testSubject'].url}: ${a['earl:test']['dct:title']} (${a['earl:test']['earl:impact']}) ${a['earl:result']['earl:pointer']?.css?.join(' ') ?? ''}`,
    ),
  );
}

describe('EPUB export through Ace by DAISY', () => {
  if (!aceBin) {
    it.skip('SKIPPED: ACE_BIN is not set to an installed ace-puppeteer (.ci/run installs @daisy/ace into ~/.cache/ace)', () => {});
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a book with skipped heading levels, a captioned figure, inline and display formulas, a table and a list: 0 violations', async () => {
    const file = path.join(dir, 'book.epub');
    writeFileSync(file, await renderBook('epub'));
    const out = path.join(dir, 'report');
    await run(aceBin, ['--force', '--silent', '--outdir', out, file], {
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: chromium },
      timeout: 120_000,
    });
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as AceReport;
    // The pages Ace checked: the chapter with the formulas and figure among them, so a pass means something.
    expect(report.assertions.map((p) => p['earl:testSubject'].url)).toEqual(expect.arrayContaining(['ch1.xhtml', 'nav.xhtml']));
    expect(violations(report)).toEqual([]);
    expect(report['earl:result']['earl:outcome']).toBe('pass');
  }, 180_000);
});
