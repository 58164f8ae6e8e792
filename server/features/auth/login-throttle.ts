import { limits } from '@common/limits';
import type { Db } from '@server/db/client';
import * as repo from './login-throttle.repo';

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  firstBlockMs: number;
  longestBlockMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAccount: limits.loginFailuresAllowed,
  perAddress: limits.loginFailuresAllowedPerAddress,
  windowMs: limits.loginFailureWindowMs,
  firstBlockMs: limits.loginBlockFirstMs,
  longestBlockMs: limits.loginBlockLongestMs,
};

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Failed sign-ins per account and per client address, counted in the database so every instance
 * sees the same count. Past the allowance a key is blocked, first for a minute, then twice as
 * long with each further failure (up to an hour); while blocked even the right password is
 * refused, so guessing cannot go on between blocks. A success clears the account's count only:
 * one address guessing at many accounts stays counted. The account's block is not asked about for
 * a browser the account signed in from before, so a stranger's guessing cannot lock its owner out.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
  ) {}

  /**
   * Milliseconds until the account or the address may try again; 0 when neither is blocked.
   * `accountWide: false` (a browser the account signed in from before) asks about the address only.
   */
  async blockedFor(username: string, ip: string, now = new Date(), { accountWide = true } = {}): Promise<number> {
    const keys = accountWide ? [accountKey(username), addressKey(ip)] : [addressKey(ip)];
    const until = await repo.latestBlock(this.db, keys, now);
    return until ? Math.max(0, until.getTime() - now.getTime()) : 0;
  }

  async recordFailure(username: string, ip: string, now = new Date()): Promise<void> {
    const forgetBefore = new Date(now.getTime() - this.limits.windowMs);
    for (const [key, allowed] of [
      [accountKey(username), this.limits.perAccount],
      [addressKey(ip), this.limits.perAddress],
    ] as const) {
      const failures = await repo.countFailure(this.db, key, now, forgetBefore);
      if (failures < allowed) continue;
      const wait = Math.min(this.limits.longestBlockMs, this.limits.firstBlockMs * 2 ** Math.min(30, failures - allowed));
      await repo.blockUntil(this.db, key, new Date(now.getTime() + wait));
    }
  }

  async recordSuccess(username: string): Promise<void> {
    await repo.clearKey(this.db, accountKey(username));
  }

  /** Forgets counts that no longer block and are older than the window (the periodic purge). */
  async purge(now = new Date()): Promise<number> {
    return repo.deleteStale(this.db, new Date(now.getTime() - this.limits.windowMs), now);
  }
}
