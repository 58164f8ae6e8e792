import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/render';
import { ApiError, apiFetch, apiJson, apiRequest, bodyMessage, serverMessageOr } from './api';

describe('the client fetch path', () => {
  it('sends JSON with the cookie, a form as it is, and a call that omits the cookie without it', async () => {
    const calls = mockFetch({
      'POST /api/a': () => json({ ok: 1 }),
      'POST /api/form': () => json({ ok: 2 }),
      'GET /api/shared/x': () => json({ ok: 3 }),
    });
    expect(await apiJson('POST', '/api/a', { n: 1 })).toEqual({ ok: 1 });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    expect(await apiJson('POST', '/api/form', form)).toEqual({ ok: 2 });
    expect(await apiJson('GET', '/api/shared/x', undefined, { credentials: 'omit' })).toEqual({ ok: 3 });
    expect(calls[0].init).toMatchObject({ body: '{"n":1}', credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(calls[1].init).toMatchObject({ body: form, credentials: 'include', headers: {} });
    expect(calls[2].init?.credentials).toBe('omit');
  });

  it('hands a download its Response (headers and Blob), and throws the server message of a refusal', async () => {
    mockFetch({
      'GET /api/file': () => new Response('PK-bytes', { headers: { 'Content-Disposition': 'attachment; filename="a.zip"' } }),
      'GET /api/refused': () => json({ message: 'This book is in the trash.', code: 'NOT_FOUND' }, 404),
      'GET /api/plain': () => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }),
    });
    const res = await apiRequest('GET', '/api/file');
    expect(res.headers.get('Content-Disposition')).toContain('a.zip');
    expect(await (await res.blob()).text()).toBe('PK-bytes');

    const refused = await apiRequest('GET', '/api/refused').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    expect((refused as ApiError).serverMessage).toBe('This book is in the trash.');
    expect(serverMessageOr(refused, 'fallback')).toBe('This book is in the trash.');

    const plain = await apiRequest('GET', '/api/plain').catch((err: unknown) => err);
    expect((plain as ApiError).message).toBe('502: upstream down');
    expect((plain as ApiError).serverMessage).toBe('502: upstream down');
    expect(serverMessageOr(plain, 'fallback')).toBe('fallback');
  });

  it('answers any Response from apiFetch without throwing, and falls back on errors that are not refusals', async () => {
    mockFetch({ 'DELETE /api/gone': () => json({ message: 'Gone.' }, 410) });
    const res = await apiFetch('DELETE', '/api/gone');
    expect(res.status).toBe(410);
    expect(serverMessageOr(new TypeError('Failed to fetch'), null)).toBeNull();
    expect(bodyMessage({ message: '' })).toBeUndefined();
    expect(bodyMessage({ message: 42 })).toBeUndefined();
    expect(bodyMessage('a plain text body')).toBeUndefined();
    expect(bodyMessage(null)).toBeUndefined();
    expect(bodyMessage({ message: 'Why.', code: 'X' })).toBe('Why.');
  });
});
