import * as Y from 'yjs';
import { limits } from '@common/limits';

/**
 * The size limits of live editing besides the frame limit (collab.routes.ts): how much one user
 * may send over time, and how large a document may grow. Typing and pasting stay far inside
 * both; a client pushing megabytes meets them and is refused before anything is applied.
 */

export interface LiveLimits {
  documentMaxBytes: number;
  userBurstBytes: number;
  userBytesPerSecond: number;
}

export const defaultLiveLimits: LiveLimits = {
  documentMaxBytes: limits.liveDocumentMaxBytes,
  userBurstBytes: limits.liveUserBurstBytes,
  userBytesPerSecond: limits.liveUserBytesPerSecond,
};

/** Per-user byte allowance: a bucket of `userBurstBytes` refilled at `userBytesPerSecond`. */
export class UserByteBudget {
  private readonly buckets = new Map<number, { bytes: number; at: number }>();

  constructor(private readonly limits: LiveLimits) {}

  /** Takes `bytes` from the user's allowance; false (and nothing taken) when it has not that much. */
  take(userId: number, bytes: number, now = Date.now()): boolean {
    const bucket = this.buckets.get(userId) ?? { bytes: this.limits.userBurstBytes, at: now };
    bucket.bytes = Math.min(this.limits.userBurstBytes, bucket.bytes + ((now - bucket.at) / 1000) * this.limits.userBytesPerSecond);
    bucket.at = now;
    this.buckets.set(userId, bucket);
    if (this.buckets.size > 10_000) this.sweep(now);
    if (bytes > bucket.bytes) return false;
    bucket.bytes -= bytes;
    return true;
  }

  /** Drops buckets that have refilled (the same as none), so the map does not grow with every user ever seen. */
  private sweep(now = Date.now()): void {
    for (const [userId, bucket] of this.buckets) {
      if (bucket.bytes + ((now - bucket.at) / 1000) * this.limits.userBytesPerSecond >= this.limits.userBurstBytes)
        this.buckets.delete(userId);
    }
  }
}

/**
 * A document's size, kept as an upper bound (the stored state plus every update applied since)
 * and measured exactly only when that bound nears the limit: deletions shrink the real size, so
 * the bound alone would refuse a book that is well inside it.
 */
export class DocumentSize {
  constructor(
    private bytes: number,
    private readonly maxBytes: number,
  ) {}

  /** Whether an update of this many bytes may be applied; counts it when it may. */
  admit(doc: Y.Doc, updateBytes: number): boolean {
    if (this.bytes + updateBytes > this.maxBytes) this.bytes = Y.encodeStateAsUpdate(doc).length;
    if (this.bytes + updateBytes > this.maxBytes) return false;
    this.bytes += updateBytes;
    return true;
  }
}
