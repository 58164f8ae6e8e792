import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

const jar = '/usr/share/java/epubcheck.jar';

/** Whether epubcheck can run here: its jar (Debian package epubcheck) and a java to run it. .ci/run installs both. */
export const hasEpubcheck: boolean = (() => {
  if (!existsSync(jar)) return false;
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** epubcheck's report on an EPUB; throws with its output when it finds an error. */
export function epubcheckReport(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'epub-')), 'book.epub');
  writeFileSync(file, bytes);
  try {
    return execFileSync('java', ['-jar', jar, file], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`epubcheck failed:\n${e.stdout}\n${e.stderr}`);
  }
}

/** The EPUB passes epubcheck without a fatal or an error; where epubcheck is not installed, says that this check was skipped. */
export function expectEpubcheckErrorFree(bytes: Uint8Array): void {
  if (!hasEpubcheck) {
    console.warn(
      'SKIPPED the epubcheck half of this test: the epubcheck binary (Debian package epubcheck) is not installed; .ci/run installs it.',
    );
    return;
  }
  expect(epubcheckReport(bytes)).toContain('0 fatals / 0 errors');
}
