import { describe, expect, it } from 'vitest';
import { useHarness } from '@server/test/harness.support';

const h = useHarness();

describe('the session cookie', () => {
  it('is checked once per value: a tampered or unsigned copy of a known cookie is still refused, and a logout ends it at once', async () => {
    const alice = await h.createUser('alice');
    const me = (cookie: string) => h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect((await me(alice.cookie)).json()).toMatchObject({ id: alice.id });
    expect((await me(alice.cookie)).json()).toMatchObject({ id: alice.id });
    const [name, value] = alice.cookie.split('=');
    const token = decodeURIComponent(value).slice(0, decodeURIComponent(value).lastIndexOf('.'));
    const signature = decodeURIComponent(value).slice(token.length + 1);
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await me(`${name}=${encodeURIComponent(`${token}.${flipped}`)}`)).statusCode).toBe(401);
    expect((await me(`${name}=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: alice.cookie } })).statusCode).toBe(200);
    expect((await me(alice.cookie)).statusCode).toBe(401);
  });
});
