import type { Db } from '@server/db/client';
import { findCachedAnswer, saveCachedAnswer } from './reference-cache.repo';
import type { TokenBucket } from './token-bucket';

/**
 * Why a provider did not answer, worded for the `sources.failed` report.
 * `retryable` marks what a later attempt may fix (429, 5xx, network).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    readonly retryable = false,
    readonly retryAfterMs?: number,
    /** The HTTP status when the provider answered with an error status. */
    readonly status?: number,
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderError';
  }
}

export interface ResponseCache {
  get(key: string, maxAgeMs: number): Promise<unknown | undefined>;
  put(key: string, provider: string, body: unknown): Promise<void>;
}

/** The reference_cache table as a ResponseCache; a failing cache never fails a search. */
export function databaseCache(db: Db, onError: (err: unknown) => void = () => undefined): ResponseCache {
  return {
    get: (key, maxAgeMs) => findCachedAnswer(db, key, maxAgeMs).catch((err) => (onError(err), undefined)),
    put: (key, provider, body) => saveCachedAnswer(db, key, provider, body).catch((err) => onError(err)),
  };
}

export interface ProviderHttpOptions {
  provider: string;
  bucket: TokenBucket;
  /** Per attempt (about 8 s). */
  timeoutMs: number;
  maxRetries?: number;
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the provider is reported as rate limited. */
  maxRetryAfterMs?: number;
  cache?: ResponseCache;
  cacheTtlMs?: number;
  headers?: Record<string, string>;
  /** Adds credentials at request time, so API keys never reach the cache key or logs. */
  sign?: (url: URL) => URL;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Retry-After is either seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/**
 * GETs from one scholarly API with a timeout per attempt, retries with
 * exponential backoff on 429 (honouring Retry-After) and 5xx, a token-bucket
 * rate limit, and the database cache in front.
 */
export class ProviderHttp {
  private readonly sleep: (ms: number) => Promise<void>;
  constructor(private readonly options: ProviderHttpOptions) {
    this.sleep = options.sleep ?? defaultSleep;
  }

  get provider(): string {
    return this.options.provider;
  }

  getJson(url: string): Promise<unknown> {
    return this.cached(url, async () => {
      const text = await this.fetchText(url, 'application/json');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ProviderError(this.provider, 'answered with malformed JSON');
      }
    });
  }

  /** For APIs that answer XML (arXiv's Atom feed); cached as {text}. */
  async getText(url: string, accept = 'application/atom+xml'): Promise<string> {
    const body = await this.cached(url, async () => ({ text: await this.fetchText(url, accept) }));
    return (body as { text: string }).text;
  }

  private async cached(url: string, load: () => Promise<unknown>): Promise<unknown> {
    const { cache, cacheTtlMs = 0 } = this.options;
    const key = `${this.provider} ${url}`;
    if (cache && cacheTtlMs > 0) {
      const hit = await cache.get(key, cacheTtlMs);
      if (hit !== undefined) return hit;
    }
    const body = await load();
    if (cache && cacheTtlMs > 0) await cache.put(key, this.provider, body);
    return body;
  }

  private async fetchText(url: string, accept: string): Promise<string> {
    const { maxRetries = 2, backoffMs = 500, maxRetryAfterMs = 10_000 } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(url, accept);
      } catch (err) {
        if (!(err instanceof ProviderError) || !err.retryable || attempt >= maxRetries) throw err;
        const backoff = backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        const wait = err.retryAfterMs ?? backoff;
        if (wait > maxRetryAfterMs) throw new ProviderError(this.provider, `${err.reason}; asked to wait ${Math.round(wait / 1000)} s`);
        await this.sleep(wait);
      }
    }
  }

  private async attempt(url: string, accept: string): Promise<string> {
    await this.options.bucket.take();
    const target = this.options.sign ? this.options.sign(new URL(url)) : new URL(url);
    let response: Response;
    try {
      response = await fetch(target, {
        headers: { accept, ...this.options.headers },
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'follow',
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') {
        throw new ProviderError(this.provider, `did not answer within ${Math.round(this.options.timeoutMs / 100) / 10} s`);
      }
      throw new ProviderError(this.provider, `could not be reached (${describeNetworkError(err)})`, true);
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new ProviderError(this.provider, 'rate limited (HTTP 429)', true, parseRetryAfter(response.headers.get('retry-after')), 429);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ProviderError(this.provider, `server error (HTTP ${response.status})`, true, undefined, response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(this.provider, `refused the request (HTTP ${response.status})`, false, undefined, response.status);
    }
    try {
      return await response.text();
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new ProviderError(this.provider, 'timed out while sending its answer');
      throw new ProviderError(this.provider, `broke off its answer (${describeNetworkError(err)})`, true);
    }
  }
}
