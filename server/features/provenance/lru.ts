/**
 * A small least-recently-used map: at most `max` entries, each dropped once older than `maxAgeMs`
 * (when given). What the provenance of a chapter reuses between requests (its material read, its
 * match index, its answer) is held in these, so memory stays bounded however many books are viewed.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly max: number,
    private readonly maxAgeMs = Infinity,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.at > this.maxAgeMs) return undefined;
    // Most recently used last: the first entry is the one evicted.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
