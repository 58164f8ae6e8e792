import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A process run as `npm start` runs the server (node --import tsx), with tsx's cache off as on the first
 * start after an install: esbuild's service runs once a TypeScript module is loaded, and is gone after
 * stopTranspilerService; a module loaded later still loads (the service starts again).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const script = `
import { readdirSync, readFileSync } from 'node:fs';
const esbuilds = () => readdirSync('/proc/self/task').flatMap((t) => readFileSync('/proc/self/task/' + t + '/children', 'utf8').split(' ').filter(Boolean))
  .filter((pid) => { try { return readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes('esbuild') && !readFileSync('/proc/' + pid + '/stat', 'utf8').includes(') Z '); } catch { return false; } }).length;
const { stopTranspilerService } = await import('./server/core/transpiler-service.ts');
const before = esbuilds();
const stopped = await stopTranspilerService();
await new Promise((r) => setTimeout(r, 200));
const after = esbuilds();
const { TaskQueue } = await import('./server/core/task-queue.ts');
console.log(JSON.stringify({ before, stopped, after, later: typeof TaskQueue }));
process.exit(0);
`;

describe('the transpiler service tsx starts', () => {
  it.runIf(process.platform === 'linux')(
    'is stopped once the server has loaded its modules, and a module loaded later still loads',
    () => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: root,
        env: { ...process.env, TSX_DISABLE_CACHE: '1' },
        encoding: 'utf8',
      });
      const result = JSON.parse(out.trim().split('\n').pop()!) as { before: number; stopped: boolean; after: number; later: string };
      expect(result.before).toBeGreaterThan(0);
      expect(result.stopped).toBe(true);
      expect(result.after).toBe(0);
      expect(result.later).toBe('function');
    },
    60_000,
  );
});
