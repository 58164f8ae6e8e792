import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.support';

/** A malformed Origin is a refusal, not a crash; HSTS over HTTPS only; Permissions-Policy everywhere. */
const h = useHarness({ trustProxy: 1 });

describe('an Origin header that is not an origin', () => {
  it('is refused with 403 and the error format, never a 500', async () => {
    const alice = await h.createUser('alice');
    for (const origin of ['http://[::1', 'not a url', 'http://exa mple.org', '://']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: alice.cookie, origin, host: 'localhost:5000' },
      });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' });
    }
  });
});

describe('security headers', () => {
  it('sends Strict-Transport-Security only over HTTPS, and Permissions-Policy always', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['permissions-policy']).toContain('camera=()');
    expect(plain.headers['permissions-policy']).toContain('geolocation=()');
    // Behind a trusted proxy that terminated TLS.
    const secure = await h.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
