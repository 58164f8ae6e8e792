import { customType } from 'drizzle-orm/pg-core';

/**
 * An untyped pgvector column: the embeddings provider decides the dimension
 * (512 for the bundled encoder, others for openai-compatible), and each row
 * records its model, so we never compare vectors of different models.
 */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType() {
    return 'vector';
  },
  toDriver(value) {
    return `[${value.join(',')}]`;
  },
  fromDriver(value) {
    return String(value).slice(1, -1).split(',').filter(Boolean).map(Number);
  },
});

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});
