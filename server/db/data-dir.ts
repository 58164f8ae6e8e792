import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds password hashes and every book: readable and writable by the server's own
 * account only. Creates it 0700 and brings what is already there to 0700 (folders) and 0600 (files).
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      if ((st.mode & 0o777) !== 0o700) chmodSync(p, 0o700);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (st.isFile() && (st.mode & 0o777) !== 0o600) chmodSync(p, 0o600);
  };
  walk(dir);
}
