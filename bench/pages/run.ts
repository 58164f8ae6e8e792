/**
 * Lighthouse 12.2.3 on the four pages a visitor meets first: sign-in, My Textbooks (home), a textbook and its reader
 * link, each with the desktop and the mobile preset (simulated throttling: Slow 4G and a 4x slower CPU on mobile).
 * Prints performance, accessibility and best-practices scores, LCP, CLS, bytes and requests per page.
 * Goals: performance >= 90 desktop / >= 70 mobile, accessibility 100, best practices >= 95.
 *
 * Builds nothing: run `npm run build` first (the server serves dist/client). Starts the built server
 * (bench/lib/app-process.ts) on a temp data dir with one user and one book with formulas and a figure,
 * and Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through chrome-launcher; the signed-in pages get the
 * session cookie in the browser (puppeteer-core, as Lighthouse documents for pages behind a login), so the live
 * document's socket is signed in as in real use.
 * Run: npm run build && npm run bench:pages   (PAGES=reader,home to run some; RUNS=3 for the median of 3;
 * LHR_DIR=dir keeps each run's Lighthouse report as JSON, to see what an audit found)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startApp, type AppProcess } from '../lib/app-process';

const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.RUNS) || 1);
const goals = { desktop: { performance: 90 }, mobile: { performance: 70 }, accessibility: 100, bestPractices: 95 };

if (!existsSync(path.join(process.cwd(), 'dist/client/index.html'))) {
  console.error('dist/client/index.html is missing: run `npm run build` first.');
  process.exit(1);
}

const material = [
  'Photosynthesis is the process by which plants convert light energy into chemical energy stored in glucose. Chlorophyll in the thylakoid membranes absorbs red and blue light.',
  'The light-dependent reactions split water, release oxygen and produce ATP and NADPH, which carry energy to the Calvin cycle.',
  'The Calvin cycle fixes carbon dioxide in the stroma. Rubisco is the enzyme that attaches carbon dioxide to ribulose bisphosphate.',
  'Cellular respiration releases the energy stored in glucose; most of the ATP is made in the mitochondria by oxidative phosphorylation.',
].join('\n\n');

async function api(app: AppProcess, method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${app.url}${url}`, {
    method,
    headers: { cookie: app.cookie, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A generated book (direct method: the material itself, no AI), a chapter with formulas added, and a reader link. */
async function seedBook(app: AppProcess): Promise<{ id: number; readerUrl: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    topic: 'Energy in Cells',
    directContent: material,
    directMethod: 'true',
    chapterTitle: 'Photosynthesis',
    approvedReferences: '[]',
  }))
    form.set(k, v);
  const { textbookId: id } = (await (await api(app, 'POST', '/api/textbooks/generate-outline', form)).json()) as { textbookId: number };
  const current = (await (await api(app, 'GET', `/api/textbooks/${id}`)).json()) as { content: { chapters: unknown[] } };
  const content = {
    ...current.content,
    chapters: [
      ...current.content.chapters,
      {
        title: 'Cellular Respiration',
        content: '<p>Cells release the energy stored in glucose.</p>',
        sections: [
          {
            title: 'The overall reaction',
            content:
              '<p>Respiration sums up as</p><p>$$C_6H_{12}O_6 + 6O_2 \\to 6CO_2 + 6H_2O$$</p>' +
              '<p>The free energy released is $\\Delta G = -2870\\,\\mathrm{kJ/mol}$, about $38$ ATP at most.</p>',
          },
        ],
      },
    ],
  };
  await api(app, 'PATCH', `/api/textbooks/${id}`, { content });
  const { url } = (await (await api(app, 'POST', `/api/textbooks/${id}/share`, {})).json()) as { url: string };
  return { id, readerUrl: new URL(url, app.url).pathname };
}

interface Row {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kb: number;
  requests: number;
  failing: string[];
}

const score = (lhr: RunnerResult['lhr'], category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: RunnerResult['lhr'], audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

function rowOf(page: string, preset: Row['preset'], lhr: RunnerResult['lhr']): Row {
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? NaN;
  // The audits that cost points in accessibility and best practices: what to fix next.
  const failing = ['accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    page,
    preset,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    kb: numeric(lhr, 'total-byte-weight') / 1024,
    requests,
    failing,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const rows: Row[] = [];
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
try {
  const tab = await browser.newPage();
  const [cookieName, ...cookieValue] = app.cookie.split('=');
  const sessionCookie = { name: cookieName, value: cookieValue.join('='), url: app.url, httpOnly: true, sameSite: 'Lax' as const };
  const book = await seedBook(app);
  const pages: Array<{ name: string; path: string; signedIn: boolean }> = [
    { name: 'sign-in', path: '/auth', signedIn: false },
    { name: 'home', path: '/saved-textbooks', signedIn: true },
    { name: 'textbook', path: `/textbook/${book.id}`, signedIn: true },
    { name: 'reader', path: book.readerUrl, signedIn: false },
  ];
  const only = process.env.PAGES?.split(',');
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    for (const preset of ['desktop', 'mobile'] as const) {
      const results: Row[] = [];
      for (let i = 0; i < runs; i++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        };
        if (page.signedIn) await tab.setCookie(sessionCookie);
        else await tab.deleteCookie({ name: cookieName, url: app.url });
        const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
        // A trace Lighthouse could not read (NO_NAVSTART and the like, on a busy machine) is recorded again, twice at most.
        let result: RunnerResult | undefined;
        for (let attempt = 0; attempt < 3; attempt++) {
          result = await lighthouse(`${app.url}${page.path}`, flags, config, tab);
          if (result && !result.lhr.runtimeError) break;
          console.warn(`${page.name} ${preset}: ${result?.lhr.runtimeError?.message ?? 'no result'}; again`);
        }
        if (!result || result.lhr.runtimeError) throw new Error(`${page.name}: Lighthouse failed three times`);
        if (process.env.LHR_DIR) {
          mkdirSync(process.env.LHR_DIR, { recursive: true });
          writeFileSync(path.join(process.env.LHR_DIR, `${page.name}-${preset}-${i}.json`), JSON.stringify(result.lhr));
        }
        results.push(rowOf(page.name, preset, result.lhr));
      }
      const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'lcpMs' | 'tbtMs' | 'cls' | 'kb' | 'requests') =>
        median(results.map((r) => r[key]));
      const row: Row = {
        page: page.name,
        preset,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        kb: pick('kb'),
        requests: pick('requests'),
        failing: [...new Set(results.flatMap((r) => r.failing))],
      };
      rows.push(row);
      console.log(
        `${row.page.padEnd(9)} ${row.preset.padEnd(8)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  ` +
          `best ${String(row.bestPractices).padStart(3)}  LCP ${(row.lcpMs / 1000).toFixed(2)} s  TBT ${row.tbtMs.toFixed(0)} ms  CLS ${row.cls.toFixed(3)}  ` +
          `${row.kb.toFixed(0)} KB  ${row.requests} requests${row.failing.length ? `  (${row.failing.join(', ')})` : ''}`,
      );
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await app.stop();
}

const missed = rows.flatMap((r) => {
  const out: string[] = [];
  if (r.performance < goals[r.preset].performance)
    out.push(`${r.page} ${r.preset}: performance ${r.performance} < ${goals[r.preset].performance}`);
  if (r.accessibility < goals.accessibility) out.push(`${r.page} ${r.preset}: accessibility ${r.accessibility} < ${goals.accessibility}`);
  if (r.bestPractices < goals.bestPractices) out.push(`${r.page} ${r.preset}: best practices ${r.bestPractices} < ${goals.bestPractices}`);
  return out;
});
console.log(missed.length ? `\nGoals missed:\n  ${missed.join('\n  ')}` : '\nEvery goal met.');
