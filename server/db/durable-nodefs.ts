import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];
interface NodeFsStream {
  nfd?: number;
}
interface EmscriptenModule {
  FS: { filesystems: { NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } } } };
}

/** How many fsync(2) calls PGlite made through this file system (lets a test see commits reach the disk). */
export const durableStats = { fsyncs: 0 };

/** Emscripten's errno for an I/O error: PostgreSQL treats a failed fsync as a failed write. */
const EIO = 29;

/**
 * PGlite's Node file system, with fsync. Emscripten's NODEFS has no fsync (PostgreSQL's calls
 * return at once, having written nothing to disk), and PGlite starts PostgreSQL with fsync off:
 * a power cut could lose or corrupt committed data. This gives NODEFS an fsync that really calls
 * fsync(2) on the file, so with fsync on (and WAL flushed with fsync: PGlite's fdatasync stays a
 * no-op) a commit is on disk when it returns.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const result = await super.init(pg, opts);
    const preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod: EmscriptenModule) => {
        mod.FS.filesystems.NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd === undefined) return 0;
          try {
            fsyncSync(stream.nfd);
            durableStats.fsyncs++;
            return 0;
          } catch (err) {
            // A directory or file system that cannot be synced is not an error; anything else is.
            const code = (err as NodeJS.ErrnoException).code;
            return code === 'EINVAL' || code === 'EISDIR' || code === 'EBADF' ? 0 : EIO;
          }
        };
      },
    ] as PostgresMod['preRun'];
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

/** PGlite's start parameters with fsync on (its defaults turn it off with -F) and the WAL flushed with fsync. */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
}
