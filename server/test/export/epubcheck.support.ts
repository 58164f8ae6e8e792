import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

export const epubcheckSkipped =
  'SKIPPED the epubcheck half of this test: the epubcheck binary (Debian package epubcheck) is not installed; .ci/run installs it.';

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
