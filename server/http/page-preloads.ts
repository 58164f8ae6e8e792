import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (`build.manifest`, dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A page of the app, the chunk its route loads, and the API answers it asks for first (built from the address). */
interface PageRoute {
  pattern: RegExp;
  chunk: string;
  /** API addresses the page fetches first, with the session cookie (`credentials: 'include'`). */
  data: (match: RegExpExecArray) => string[];
}

const signedIn = '/api/user';
const routes: PageRoute[] = [
  {
    pattern: /^\/textbook\/(\d{1,12})\/?$/,
    chunk: 'pages/textbook-page.tsx',
    data: (m) => [signedIn, `/api/textbooks/${m[1]}`],
  },
  // The reader's fetch sends no cookies (client/features/reader/reader.api.ts), which no preload link can ask for
  // (`crossorigin` gives "same-origin" or "include"): its code is preloaded, its book is not.
  { pattern: /^\/read\/[A-Za-z0-9_-]{1,200}\/?$/, chunk: 'pages/reader-page.tsx', data: () => [] },
  { pattern: /^\/auth\/?$/, chunk: 'pages/auth-page.tsx', data: () => [signedIn] },
  { pattern: /^\/saved-textbooks\/?$/, chunk: 'pages/saved-textbooks-page.tsx', data: () => [signedIn] },
  { pattern: /^\/$/, chunk: 'pages/home-page.tsx', data: () => [signedIn] },
  { pattern: /^\/classroom\/?$/, chunk: 'pages/classroom-page.tsx', data: () => [signedIn] },
];

/** Every chunk a chunk imports statically, itself first, depth first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((k) => staticClosure(manifest, k, seen))];
}

/**
 * The `<link>` tags that let the browser fetch, alongside the app's entry script, what a page's route would ask
 * for only after the entry has run: the route's lazily loaded chunk (and the chunks and styles it imports) and
 * the API answers it reads first, so the page's critical chain is one round trip shorter. Links are matched to
 * the app's own requests by the browser (same address, same credentials mode), so nothing is fetched twice.
 * Without a manifest (a build without one, or tests) every page gets none.
 */
export function pagePreloads(clientDist: string): (urlPath: string) => string {
  const file = path.join(clientDist, '.vite', 'manifest.json');
  const manifest: Manifest | undefined = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
  if (!manifest) return () => '';
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The entry's own imports are in index.html already.
  const inEntry = new Set(entry ? staticClosure(manifest, entry) : []);
  const codeLinks = new Map<string, string>();
  for (const route of routes) {
    const chunks = staticClosure(manifest, route.chunk).filter((k) => !inEntry.has(k));
    const css = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))];
    codeLinks.set(
      route.chunk,
      [
        ...css.map((f) => `<link rel="preload" as="style" href="/${f}">`),
        ...chunks.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`),
      ].join(''),
    );
  }
  return (urlPath) => {
    for (const route of routes) {
      const match = route.pattern.exec(urlPath);
      if (!match) continue;
      const data = route.data(match).map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`);
      return (codeLinks.get(route.chunk) ?? '') + data.join('');
    }
    return '';
  };
}
