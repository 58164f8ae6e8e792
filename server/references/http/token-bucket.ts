/**
 * A per-provider rate limit: `capacity` requests at once, refilled at
 * `perSecond`. Callers wait for a token instead of being refused, so a burst
 * of lookups is spread out rather than answered with 429s by the provider.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
  }

  /** Resolves when a token is taken; callers are served in arrival order. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.refill();
      while (this.tokens < 1) {
        await this.sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
        this.refill();
      }
      this.tokens -= 1;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
