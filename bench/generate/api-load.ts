/**
 * The p99 of a small request (GET /api/user) on the real server while it generates a
 * 100,000-word book (POST generate-outline, typed text) and extracts a 50-file upload (POST
 * extract-text, 50 distinct copies of a corpus paper) at the same time; goal under 100 ms.
 * Also prints the generation job's progress as a client polling it sees it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { smallRequestLoop, startApp } from '../lib/app-process';
import { percentile } from '../lib/percentile';

interface JobState {
  status: string;
  stage: number;
  percent: number;
  message?: string;
}

export async function smallRequestsUnderLoad(bookText: string, databaseUrl?: string): Promise<void> {
  const app = await startApp(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const paper = readFileSync(path.resolve(process.cwd(), 'test-fixtures/pdf/tracemonkey.pdf'));
    // Warm-up: the engine and extraction workers start, the encoder loads (a running server has them).
    const warm = new FormData();
    warm.append('directMethod', 'true');
    warm.append('directContent', 'Warm up the workers. The encoder loads once and the engine too.');
    await fetch(`${app.url}/api/extract-text`, { method: 'POST', body: warm, headers: { cookie: app.cookie } });

    const baseline = smallRequestLoop(app);
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = await baseline.stop();

    const jobId = randomUUID();
    const generate = new FormData();
    generate.append('topic', 'Trace compilation');
    generate.append('directMethod', 'true');
    generate.append('directContent', bookText);
    generate.append('jobId', jobId);
    const upload = new FormData();
    for (let i = 0; i < 50; i++) {
      // Distinct bytes, so each file is really read (the same bytes are read once).
      upload.append('files', new Blob([paper, `\n%copy ${i}\n`], { type: 'application/pdf' }), `paper-${i}.pdf`);
    }

    const seen: JobState[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const res = await fetch(`${app.url}/api/generation-jobs/${jobId}`, { headers: { cookie: app.cookie } });
        if (res.ok) {
          const job = (await res.json()) as JobState;
          const last = seen.at(-1);
          if (!last || last.stage !== job.stage || last.percent !== job.percent || last.status !== job.status) seen.push(job);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const loop = smallRequestLoop(app);
    const t0 = performance.now();
    const [generated, extracted] = await Promise.all([
      fetch(`${app.url}/api/textbooks/generate-outline`, { method: 'POST', body: generate, headers: { cookie: app.cookie } }).then(
        async (r) => ({
          status: r.status,
          ms: performance.now() - t0,
          body: (await r.json()) as { textbookContent?: { chapters: unknown[] } },
        }),
      ),
      fetch(`${app.url}/api/extract-text`, { method: 'POST', body: upload, headers: { cookie: app.cookie } }).then(async (r) => ({
        status: r.status,
        ms: performance.now() - t0,
        body: await r.text(),
      })),
    ]);
    const latencies = await loop.stop();
    polling = false;
    await poll;

    console.log(
      `\nsmall requests while a 100,000-word book is composed and a 50-file upload is extracted (real server, its own process, on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `  generate-outline: ${generated.status} in ${generated.ms.toFixed(0)} ms (${generated.body.textbookContent?.chapters.length ?? 0} chapters); extract-text (50 PDFs): ${extracted.status} in ${extracted.ms.toFixed(0)} ms`,
    );
    console.log(
      `  GET /api/user idle: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms (${idle.length} requests)`,
    );
    const p99 = percentile(latencies, 99);
    console.log(
      `  GET /api/user under load: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (${latencies.length} requests)`,
    );
    console.log(`  goal p99 < 100 ms: ${p99 < 100 ? 'met' : 'NOT met'}`);
    console.log(
      `  generation job as the client sees it (${seen.length} distinct states): ${seen.map((s) => `${s.stage}:${s.percent}%`).join(' ')} -> ${seen.at(-1)?.status}`,
    );
  } finally {
    await app.stop();
  }
}
