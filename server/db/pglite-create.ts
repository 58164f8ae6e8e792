import { PGlite, types } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { DurableNodeFS, durableStartParams } from './durable-nodefs';

/**
 * How a PGlite instance is made, whether on the server's thread or on its own (pglite-thread.ts):
 * plain data, so it crosses to a worker thread as it is.
 */
export interface PgliteSpec {
  /** The database's folder (absent: in memory). */
  pgliteDir?: string;
  /** Commits reach the disk before they return (durable-nodefs.ts). */
  durable: boolean;
  /** A dump to start from (tests: the migrated template). */
  loadDataDir?: Blob;
  /** PostgreSQL's shared_buffers, e.g. 32MB. */
  sharedBuffers: string;
}

/**
 * json parameters that arrive as UTF-8 bytes (schema/textbooks.ts jsonBytes) go as they are:
 * PGlite's bind writer sends a Uint8Array as a binary-format value, though its Serializer
 * type only names strings.
 */
const jsonBytesSerializer = ((value: unknown) => (value instanceof Uint8Array ? value : types.serializers[types.JSON](value))) as (
  x: unknown,
) => string;

/**
 * bytea both ways without PGlite's own hex text, which it builds and reads one byte at a time
 * (seconds for a 15 MB live document): bytes go as a binary-format value, and the hex PostgreSQL
 * answers is decoded natively.
 */
const bytesSerializer = ((value: unknown) => (value instanceof Uint8Array ? value : types.serializers[types.BYTEA](value))) as (
  x: unknown,
) => string;
const bytesParser = (text: string) => Buffer.from(text.slice(2), 'hex');

export function createPglite(spec: PgliteSpec): Promise<PGlite> {
  const { pgliteDir, durable } = spec;
  return PGlite.create({
    ...(durable && pgliteDir ? { fs: new DurableNodeFS(pgliteDir) } : { dataDir: pgliteDir }),
    extensions: { vector },
    loadDataDir: spec.loadDataDir,
    serializers: { [types.JSON]: jsonBytesSerializer, [types.BYTEA]: bytesSerializer },
    parsers: { [types.BYTEA]: bytesParser },
    // A new 16 MB WAL segment is not zero-filled first: an autosave of a 5 MB book starts one
    // every few saves, and the zeros doubled those saves' disk writes.
    startParams: [
      ...(durable ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams),
      '-c',
      'wal_init_zero=off',
      '-c',
      `shared_buffers=${spec.sharedBuffers}`,
    ],
  });
}
