import { describe, expect, inject, it } from 'vitest';
import { useInstances } from '@server/test/instance-group.support';
import { hasRedisServer, registerUser } from '@server/test/instances.support';

/**
 * Two real server processes on one PostgreSQL and one Redis, as a school deploys them: the sign-in
 * limit (30 a minute per address) is counted once across both, where each used to let 30 through.
 */
const templateUrl = inject('pgTemplateUrl');
const ready = Boolean(templateUrl) && hasRedisServer();

describe.skipIf(!ready)(
  `rate limits on two instances (${ready ? 'PostgreSQL and redis-server' : 'needs TEST_DATABASE_URL and Debian redis-server'})`,
  () => {
    const group = useInstances(templateUrl, { redis: true });

    it('counts sign-ins from one address once across both instances', async () => {
      const [a, b] = group.urls;
      const user = await registerUser(a, 'limited');
      const login = (base: string) =>
        fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: user.username, password: 'correct-horse' }),
        }).then((r) => r.status);
      const answers: number[] = [];
      for (let i = 0; i < 32; i++) answers.push(await login(i % 2 ? b : a));
      expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(answers.slice(30)).toEqual([429, 429]);
    });
  },
);
