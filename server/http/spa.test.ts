import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icoFromPngs, precompress } from '../../scripts/vite-static-assets.mjs';
import { makePng } from '../test/multipart.support';
import { registerSpa } from './spa';

/** A built client in miniature: the app page, a hashed script, a favicon and robots.txt, precompressed as the build does. */
const dir = mkdtempSync(path.join(tmpdir(), 'spa-'));
const script = `export const words = ${JSON.stringify('the quick brown fox jumps over the lazy dog '.repeat(200))};\n`;
const app = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Textbook Studio</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  writeFileSync(path.join(dir, 'favicon.ico'), icoFromPngs([{ size: 16, png: makePng(16, 16) }]));
  precompress(dir);
  await registerSpa(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('static files of the built client', () => {
  it('sends hashed assets brotli- or gzip-compressed as the browser accepts, cached for a year as immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The compressed copies are not files of their own.
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });

  it('answers /robots.txt and /favicon.ico with the real files, cached for an hour', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    // An ICO header: reserved 0, type 1 (icon), one image; the image a PNG.
    expect([...icon.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(icon.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('answers 404 for unknown files and the app page for the app paths', async () => {
    for (const url of ['/something.js', '/assets/missing.css', '/assets/old-chunk', '/images/logo.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    for (const url of ['/', '/textbook/5', '/saved-textbooks', `/read/${'t'.repeat(43)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('precompresses only files worth it (over 1 KB, smaller compressed)', () => {
    expect(readFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br')).length).toBeGreaterThan(0);
    expect(() => readFileSync(path.join(dir, 'robots.txt.br'))).toThrow();
  });
});
