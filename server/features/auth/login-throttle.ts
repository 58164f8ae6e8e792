import { limits } from '../../../common/limits';

/**
 * Failed logins per username and address (about 10 in 15 minutes).
 * In memory: a second instance keeps its own count, which still bounds guessing
 * to 10 tries per instance per window.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly allowed = limits.loginFailuresAllowed,
    private readonly windowMs = limits.loginFailureWindowMs,
  ) {}

  private key(username: string, ip: string) {
    return `${username.toLowerCase()}|${ip}`;
  }

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(username: string, ip: string, now = Date.now()): boolean {
    return this.recent(this.key(username, ip), now).length >= this.allowed;
  }

  recordFailure(username: string, ip: string, now = Date.now()): void {
    const key = this.key(username, ip);
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    // Bound memory under a spray of random usernames.
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  reset(username: string, ip: string): void {
    this.failures.delete(this.key(username, ip));
  }
}
