/**
 * Workspace client benchmark, in Debian's Chromium through playwright-core:
 *  - time to first render of /textbook/{id} for a 100 x 20 textbook (about 5 MB),
 *  - time of one navigator search keystroke (goal < 50 ms),
 *  - the home route's initial JavaScript, gzipped, from a production build (goal < 250 KB).
 *
 *   node --import tsx bench/workspace/client-bench.ts     (BENCH_RUNS=7, BENCH_VERBOSE=1 prints every sample)
 *
 * The client is built into a temporary directory (dist/ is left alone) and served by the real
 * app (CLIENT_DIR) listening on a PGlite directory, as `npm start` serves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { makeBenchBook } from './client-book';
import { buildClient, homeInitialJs } from './client-build';
import { measureFirstRender, measureKeystroke, median, type KeystrokeCase } from './client-measure';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ws-client-bench-'));
  const outDir = path.join(tmp, 'client');
  console.log('building the client...');
  await buildClient(outDir);
  const home = homeInitialJs(outDir);

  // The app serves the client just built (CLIENT_DIR), so dist/ is never touched.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.join(tmp, 'data'),
    CLIENT_DIR: outDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const database = await openDatabase(config);
  const { app } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const register = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchuser', password: 'bench-password' }),
    });
    const setCookie = register.headers.get('set-cookie') ?? '';
    const [name, value] = setCookie.split(';')[0].split('=');
    const owner = (await register.json()) as { id: number; username: string };
    const content = makeBenchBook(100, 20);
    const bytes = Buffer.byteLength(JSON.stringify(content));
    const book = await createTextbook(database.db, { owner, topic: 'Benchmark Book', content });

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();

    // Each run opens the book afresh, so the first keystroke meets the initial state (only the
    // first chapter expanded): the worst case, where one letter expands and lists everything.
    const firstKey: KeystrokeCase = {
      name: "first letter 'e' on a fresh page (all 2,000 sections match, all 100 chapters expand)",
      before: '',
      key: 'e',
    };
    const renders: Array<{ navigator: number; editor: number }> = [];
    const firstSamples: Array<{ dom: number; frame: number; sections: number }> = [];
    for (let i = 0; i < runs; i++) {
      renders.push(await measureFirstRender(page, `${origin}/textbook/${book.id}`));
      firstSamples.push(await measureKeystroke(page, firstKey));
    }
    if (process.env.BENCH_VERBOSE) console.log(firstKey.name, JSON.stringify(firstSamples));

    const cases: KeystrokeCase[] = [
      { name: "refining 'section 42.' + '7' (11 sections -> 1)", before: 'section 42.', key: '7' },
      { name: "a word with no match 'zebr' + 'a'", before: 'zebr', key: 'a' },
    ];
    const summarize = (name: string, samples: Array<{ dom: number; frame: number; sections: number }>) => ({
      name,
      dom: median(samples.map((x) => x.dom)),
      frame: median(samples.map((x) => x.frame)),
      minFrame: Math.min(...samples.map((x) => x.frame)),
      sections: samples[0].sections,
    });
    const keystrokes = [summarize(firstKey.name, firstSamples)];
    for (const c of cases) {
      const samples: Array<{ dom: number; frame: number; sections: number }> = [];
      for (let i = 0; i < runs; i++) samples.push(await measureKeystroke(page, c));
      if (process.env.BENCH_VERBOSE) console.log(c.name, JSON.stringify(samples));
      keystrokes.push(summarize(c.name, samples));
    }

    console.log(`\nWorkspace client benchmark (Chromium ${browser.version()}, ${runs} runs each, medians)`);
    // Two cores shared with other work: the load average says how much the figures are disturbed.
    console.log(
      `load average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`book: 100 chapters x 20 sections, ${(bytes / 1024 / 1024).toFixed(2)} MB of content`);
    console.log(`first render, navigation start -> navigator with 100 chapters: ${median(renders.map((r) => r.navigator)).toFixed(0)} ms`);
    console.log(`first render, navigation start -> first section in the editor:  ${median(renders.map((r) => r.editor)).toFixed(0)} ms`);
    for (const k of keystrokes) {
      console.log(
        `search keystroke, ${k.name}: ${k.dom.toFixed(1)} ms to DOM updated, ${k.frame.toFixed(1)} ms to next frame (best ${k.minFrame.toFixed(1)} ms), ${k.sections} section rows rendered (goal < 50 ms)`,
      );
    }
    console.log(
      `home route initial JS: ${(home.gzipBytes / 1024).toFixed(1)} KB gzipped (${(home.rawBytes / 1024).toFixed(1)} KB raw) in ${home.files.length} file(s): ${home.files.join(', ')} (goal < 250 KB)`,
    );
    console.log(`home route CSS: ${(home.cssGzipBytes / 1024).toFixed(1)} KB gzipped`);
    const worst = Math.max(...keystrokes.map((k) => k.frame));
    console.log(
      `\n${worst < 50 ? 'PASS' : 'FAIL'} keystroke goal (worst ${worst.toFixed(1)} ms); ${home.gzipBytes < 250 * 1024 ? 'PASS' : 'FAIL'} home JS goal`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
