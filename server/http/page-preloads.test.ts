import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

/** A built client with Vite's manifest: the entry, the textbook page's chunk and what it imports, the reader's chunk. */
const dir = mkdtempSync(path.join(tmpdir(), 'spa-preloads-'));
const app = Fastify();
const manifest = {
  'main.tsx': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-B2.js'], css: ['assets/index-C3.css'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  'pages/textbook-page.tsx': { file: 'assets/textbook-page-D4.js', imports: ['_react-B2.js', '_yjs-E5.js'] },
  '_yjs-E5.js': { file: 'assets/yjs-E5.js', css: ['assets/yjs-F6.css'] },
  'pages/reader-page.tsx': { file: 'assets/reader-page-G7.js', imports: ['_react-B2.js'], css: ['assets/reader-page-H8.css'] },
};

beforeAll(async () => {
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Textbook Studio</title></head><body><div id="root"></div></body></html>',
  );
  await registerSpa(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const head = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body.slice(0, res.body.indexOf('</head>'));
};
const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]);

describe("the app page preloads its route's code and first data", () => {
  it('at a textbook: its chunk and the chunks and styles it imports (not the entry’s), the session and the book', async () => {
    expect(links(await head('/textbook/42'))).toEqual([
      '<link rel="preload" as="style" href="/assets/yjs-F6.css">',
      '<link rel="modulepreload" crossorigin href="/assets/textbook-page-D4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/yjs-E5.js">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/textbooks/42">',
    ]);
  });

  it('at a reader link: its code only (the book is fetched without cookies, which no preload can ask for)', async () => {
    expect(links(await head(`/read/${'t'.repeat(43)}`))).toEqual([
      '<link rel="preload" as="style" href="/assets/reader-page-H8.css">',
      '<link rel="modulepreload" crossorigin href="/assets/reader-page-G7.js">',
    ]);
  });

  it('preloads nothing an address does not name exactly, and nothing for a chunk the build does not have', async () => {
    for (const url of ['/textbook/42x', '/textbook/%22%3E%3Cscript%3E', '/elsewhere', '/textbook/1/2'])
      expect(links(await head(url)), url).toEqual([]);
    // The home page's chunk is not in this build: only its data is preloaded.
    expect(links(await head('/'))).toEqual(['<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">']);
  });
});
