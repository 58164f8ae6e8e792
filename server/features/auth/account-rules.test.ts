import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';
import { useHarness } from '@server/test/harness.support';

/** Usernames people can tell apart, and passwords that guard something (issue "Hardening II"). */
const h = useHarness();

const register = (username: string, password = 'correct-horse') =>
  h.app.inject({ method: 'POST', url: '/api/register', payload: { username, password } });

describe('usernames', () => {
  it('refuses invisible, direction-changing and mixed-script look-alikes with a clear message', async () => {
    const taken = `paypal${process.pid}`;
    expect((await register(taken)).statusCode).toBe(201);
    const cases: Array<[string, string]> = [
      [`pa\u200Bypal${process.pid}`, 'Username may not contain invisible or direction-changing characters'],
      [`\u202Elapyap${process.pid}`, 'Username may not contain invisible or direction-changing characters'],
      [`p\u0430ypal${process.pid}`, 'Username may not mix letters of different alphabets'],
    ];
    for (const [name, message] of cases) {
      const res = await register(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('folds compatibility forms (NFKC): fullwidth letters are the same name, at sign-in too', async () => {
    const res = await register(`ｗｉｄｅ${process.pid}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe(`wide${process.pid}`);
    expect((await register(`wide${process.pid}`)).statusCode).toBe(409);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: `ｗｉｄｅ${process.pid}`, password: 'correct-horse' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('accepts names in one script, and Japanese with Latin', async () => {
    for (const name of [`José${process.pid}`, `Дмитрий${process.pid}`, `山田taro${process.pid}`])
      expect((await register(name)).statusCode, name).toBe(201);
  });
});

describe('passwords', () => {
  it('refuses common ones with "This password is too common", and keeps the spec’s length rule', async () => {
    for (const password of ['123456', 'password1', 'qwerty123', 'iloveyou', 'aaaaaaaa', '2024qwerty']) {
      const res = await register(`pw${Math.random().toString(36).slice(2, 8)}`, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe('This password is too common');
    }
    const short = await register(`pw${process.pid}short`, 'a1b2c');
    expect(short.json().message).toBe('Password must be at least 6 characters');
    expect((await register(`pw${process.pid}ok`, 'cobol-1959')).statusCode).toBe(201);
  });

  it('knows the username as a password, and variants with digits', () => {
    expect(isCommonPassword('maria1990', 'maria')).toBe(true);
    expect(isCommonPassword('Password!', 'x')).toBe(true);
    expect(isCommonPassword('violet-harbour-7', 'maria')).toBe(false);
  });
});
