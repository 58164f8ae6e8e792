/**
 * A DOCX whose ZIP directory lies (declares 1 KB, inflates to 400 MB) sent to a real app: what it
 * costs in memory. Prints the server process's resident memory before, at its peak while the
 * file was refused, and after, and the extraction process's peak, sampled every 10 ms from /proc.
 *
 *   npm run bench:zip-bomb          (BOMB_MB=800 for a bigger one)
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '@server/app';
import { openPglite, migrateDatabase } from '@server/db/client';
import { cookieFrom, testConfig } from '@server/test/harness-config.support';
import { multipart } from '@server/test/multipart.support';
import { lyingDocx } from '@server/test/ingest/lying-zip.support';
import { zipInflatedSize } from '@server/ingest/zip-inflated-size';
import { childProcesses } from '../child-processes';

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

async function main() {
  const inflatedMb = Number(process.env.BOMB_MB ?? 400);
  const database = await openPglite(undefined);
  await migrateDatabase(database);
  const { app } = await buildApp({ config: testConfig(), database });
  await app.ready();
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { username: 'bomber', password: 'secret-pass' } });
  const cookie = cookieFrom(reg);
  const send = async (filename: string, data: Buffer) => {
    const body = multipart([
      { name: 'files', filename, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data },
    ]);
    return app.inject({ method: 'POST', url: '/api/extract-text', payload: body.payload, headers: { ...body.headers, cookie } });
  };
  // Warm: the extraction process started and its parsers loaded, as on a running server.
  const warm = await send('warm.docx', readFileSync('test-fixtures/docx/tables.docx'));
  if (warm.statusCode !== 200) throw new Error(`warm-up failed: ${warm.statusCode} ${warm.body}`);
  const childBefore = Math.max(0, ...childProcesses().map((c) => c.rssBytes));

  const bomb = await lyingDocx(inflatedMb);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let childPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    for (const c of childProcesses()) childPeak = Math.max(childPeak, c.rssBytes);
  }, 10);
  const started = performance.now();
  const res = await send('liar.docx', bomb);
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage().rss;

  console.log(
    `\nlying DOCX: ${mb(bomb.length)} on disk (${bomb.length} bytes), declares ${zipInflatedSize(bomb)} bytes, inflates to ${inflatedMb} MB`,
  );
  console.log(`answer: ${res.statusCode} ${res.json().message} in ${ms.toFixed(0)} ms`);
  console.log(`server process RSS: before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}`);
  console.log(
    `extraction process RSS: ${childPeak ? `before ${mb(childBefore)}, peak ${mb(childPeak)} (+${mb(childPeak - childBefore)})` : 'not seen (no /proc?)'}`,
  );
  await app.close();
  await database.close();
  const { closeExtractPool } = await import('@server/ingest/extract');
  await closeExtractPool();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
