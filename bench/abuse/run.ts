/**
 * Every abuse probe of issue "Hardening II" against a real listening app (HTTP and WebSockets on a
 * port, an in-memory PGlite): what each probe is answered, how long it took, and what the server
 * went through meanwhile: the event loop's delay (p99 and max, sampled every 10 ms) during each
 * probe and overall, and the peak resident memory of the process (its worker threads included) and
 * of its extraction processes.
 *
 *   npm run bench:abuse            (npm run bench:zip-bomb still runs the lying-DOCX probe alone;
 *                                   ABUSE_ONLY="900 KB" npm run bench:abuse runs the probes whose name has those words)
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { bodyFieldOf, liveDocumentName } from '@common/live-document';
import { buildApp } from '@server/app';
import { openPglite, migrateDatabase } from '@server/db/client';
import { cookieFrom, testConfig } from '@server/test/harness-config.support';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { insertImage } from '@server/features/images/images.repo';
import { multipart } from '@server/test/multipart.support';
import { openLiveClient, type LiveClient } from '@server/test/realtime/live-client.support';
import { syncUpdateFrame, updateFrom } from '@server/test/realtime/raw-updates.support';
import { claimingGif } from '@server/test/images/claiming-gif.support';
import { lyingDocx } from '@server/test/ingest/lying-zip.support';
import { bookContent } from '@server/test/realtime/realtime.support';
import { childProcesses } from '../child-processes';

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const ms = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`;

interface Probe {
  name: string;
  answer: string;
  tookMs: number;
  loopP99Ns: number;
  loopMaxNs: number;
  /** CPU time of the main thread during the probe (the machine's load inflates wall-clock figures, not this). */
  mainCpuMs: number;
}

async function main() {
  // PGlite where the server runs it (PGLITE_THREAD, config.ts): PGLITE_THREAD=main compares.
  const database = await openPglite(undefined, { thread: testConfig().pgliteThread });
  await migrateDatabase(database);
  const { app, deps } = await buildApp({ config: testConfig(), database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const register = async (username: string, password = 'violet-harbour-7') => {
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: { username, password } });
    return { res, cookie: cookieFrom(res), id: (res.json() as { id?: number }).id ?? 0, username };
  };
  const alice = await register('alice_abuse');
  const bob = await register('bob_abuse');
  const http = (method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        ...(body !== undefined && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof Uint8Array ? (body as unknown as BodyInit) : JSON.stringify(body),
    });
  const answerOf = async (res: Response) => {
    const text = await res.text();
    let message = '';
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? '';
    } catch {
      message = `${text.length} bytes`;
    }
    return `${res.status}${message ? ` ${message}` : ''}`;
  };
  const book = async (owner: { id: number; username: string }, content: unknown = bookContent(2)) =>
    (await createTextbook(database.db, { owner: { id: owner.id, username: owner.username }, topic: 'Abuse', content })).id;

  const overall = monitorEventLoopDelay({ resolution: 10 });
  overall.enable();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let childPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    for (const c of childProcesses()) childPeak = Math.max(childPeak, c.rssBytes);
  }, 10);

  const probes: Probe[] = [];
  // ABUSE_ONLY=<words> runs only the probes whose name contains them (one probe measured alone).
  const only = process.env.ABUSE_ONLY?.toLowerCase();
  // `prepare` runs before the measuring starts (what a probe needs in place, built by the bench itself).
  const probe = async (name: string, run: () => Promise<string>, prepare?: () => Promise<unknown>) => {
    if (only && !name.toLowerCase().includes(only)) return;
    await prepare?.();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.threadCpuUsage();
    const started = performance.now();
    let answer: string;
    try {
      answer = await run();
    } catch (err) {
      answer = `threw: ${(err as Error).message}`;
    }
    loop.disable();
    const cpu = process.threadCpuUsage(cpuBefore);
    probes.push({
      name,
      answer,
      tookMs: performance.now() - started,
      loopP99Ns: loop.percentile(99),
      loopMaxNs: loop.max,
      mainCpuMs: (cpu.user + cpu.system) / 1000,
    });
    console.log(`- ${name}: ${answer}`);
  };

  await probe('lying DOCX (declares 1 KB, inflates to 400 MB)', async () => {
    const bomb = await lyingDocx(400);
    const { payload, contentType } = multipart([
      { name: 'files', filename: 'liar.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: bomb },
    ]);
    return answerOf(await http('POST', '/api/extract-text', alice.cookie, new Uint8Array(payload), { 'content-type': contentType }));
  });

  await probe('27 MB of junk beside the chapters, 27 sockets of 1 MB', async () => {
    const id = await book(alice);
    const reasons = new Map<string, number>();
    for (let i = 0; i < 27; i++) {
      const c = await openLiveClient(base, { cookie: alice.cookie, textbookId: id });
      await c.synced;
      const update = updateFrom(c, (d) => d.getMap(`junk${i}`).set('blob', 'j'.repeat(1_000_000)));
      (c.socket.webSocket as unknown as WebSocket).send(syncUpdateFrame(liveDocumentName(id), update));
      await c.until(() => c.closeEvents.length > 0, 10_000, 'the close');
      const reason = `${c.closeEvents[0].code} ${c.closeEvents[0].reason}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      await c.close();
    }
    const stored = (await import('@server/features/textbooks/save/live-documents.repo')).findLiveState(database.db, id);
    return `${[...reasons].map(([r, n]) => `${n} x ${r}`).join('; ')}; stored state ${(await stored)?.state.length ?? 0} bytes`;
  });

  await probe('8 x 900 KB of text into one body by one user', async () => {
    const id = await book(alice);
    const answers = new Map<string, number>();
    const section = (await (await http('GET', `/api/textbooks/${id}`, alice.cookie)).json()) as {
      content: { chapters: Array<{ sections: Array<{ id: string }> }> };
    };
    const sectionId = section.content.chapters[0].sections[0].id;
    for (let i = 0; i < 8; i++) {
      const c = await openLiveClient(base, { cookie: alice.cookie, textbookId: id });
      await c.synced;
      const update = updateFrom(c, (d) => {
        const p = d.getXmlFragment(bodyFieldOf(sectionId)).get(0) as Y.XmlElement;
        (p.get(0) as Y.XmlText).insert(0, 't'.repeat(900_000));
      });
      (c.socket.webSocket as unknown as WebSocket).send(syncUpdateFrame(liveDocumentName(id), update));
      const deadline = Date.now() + 10_000;
      // The first paragraph's text length: cheap to read (the fragment's toString would itself hold up the loop being measured).
      const chars = () => {
        const first = deps.collab?.hocuspocus.documents.get(liveDocumentName(id))?.getXmlFragment(bodyFieldOf(sectionId)).get(0);
        const text = first instanceof Y.XmlElement ? first.get(0) : undefined;
        return text instanceof Y.XmlText ? text.length : 0;
      };
      const accepted = (answers.get('accepted') ?? 0) + 1;
      while (c.closeEvents.length === 0 && chars() < accepted * 900_000 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const error = c.messages.find((m) => m.type === 'error');
      const answer = error && 'message' in error ? error.message : 'accepted';
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
      await c.close();
    }
    return [...answers].map(([a, n]) => `${n} x ${a}`).join('; ');
  });

  // A 15 MB live document (paragraphs of about 500 characters in 61 bodies), built here and stored as the book's
  // live state; the client below holds the same state already, so what is measured is the server's side.
  let large: { id: number; bodies: string[]; doc: Y.Doc; client?: LiveClient } | undefined;
  const largeLive = async () => {
    if (large) return large;
    const id = await book(alice, bookContent(60));
    const detail = (await (await http('GET', `/api/textbooks/${id}`, alice.cookie)).json()) as {
      revision: number;
      content: { chapters: Array<{ id: string; sections: Array<{ id: string }> }> };
    };
    const bodies = detail.content.chapters.flatMap((c) => [c.id, ...c.sections.map((s) => s.id)]);
    const doc = new Y.Doc();
    const sentence = 'A paragraph of a very large book, long enough to be like the paragraphs of a real one. ';
    doc.transact(() => {
      for (const body of bodies) {
        const fragment = doc.getXmlFragment(bodyFieldOf(body));
        for (let i = 0; i < 440; i++) {
          const paragraph = new Y.XmlElement('paragraph');
          paragraph.insert(0, [new Y.XmlText(`${i} ${sentence.repeat(6)}`)]);
          fragment.insert(fragment.length, [paragraph]);
        }
      }
    });
    const { insertLiveState } = await import('@server/features/textbooks/save/live-documents.repo');
    await insertLiveState(database.db, {
      textbookId: id,
      state: Y.encodeStateAsUpdate(doc),
      revision: detail.revision,
      epoch: randomUUID(),
    });
    large = { id, bodies, doc };
    return large;
  };
  // Its size only (reading the state itself would be measured with the probe).
  const liveStateBytes = async (id: number) =>
    (await (await import('@server/features/textbooks/save/live-documents.repo')).findLiveHeader(database.db, id))?.bytes ?? 0;

  await probe(
    'a 15 MB live document opened',
    async () => {
      const l = await largeLive();
      const started = performance.now();
      l.client = await openLiveClient(base, { cookie: alice.cookie, textbookId: l.id, doc: l.doc });
      await l.client.synced;
      return `synced in ${(performance.now() - started).toFixed(0)} ms (stored state ${mb(await liveStateBytes(l.id))})`;
    },
    largeLive,
  );

  await probe(
    'a keystroke stored in the 15 MB live document',
    async () => {
      const l = await largeLive();
      l.client ??= await openLiveClient(base, { cookie: alice.cookie, textbookId: l.id, doc: l.doc });
      await l.client.synced;
      const started = performance.now();
      l.client.type(l.bodies[1], 0, '!');
      const revision = await l.client.flush();
      const took = performance.now() - started;
      await l.client.close();
      return `stored as revision ${revision} in ${took.toFixed(0)} ms (stored state ${mb(await liveStateBytes(l.id))})`;
    },
    largeLive,
  );

  await probe('3,000 nested lists (78 KB) in a PATCH', async () => {
    const id = await book(alice);
    const deep = `${'<ul><li><p>x</p>'.repeat(3000)}${'</li></ul>'.repeat(3000)}`;
    return answerOf(
      await http('PATCH', `/api/textbooks/${id}`, alice.cookie, {
        content: { title: 'T', chapters: [{ title: 'Deep', content: deep, sections: [] }] },
      }),
    );
  });

  await probe('formula \\rule{500em}{500em} in a Word export', async () => {
    const id = await book(alice, {
      title: 'Bomb',
      chapters: [
        { title: 'One', content: '<div data-type="block-math" data-latex="\\rule{500em}{500em}"></div><p>After.</p>', sections: [] },
      ],
    });
    const res = await http('GET', `/api/textbooks/${id}/export?format=docx`, alice.cookie);
    return `${res.status} ${(await res.arrayBuffer()).byteLength} bytes`;
  });

  await probe('43-byte GIF claiming 16000 x 16000 uploaded', async () => {
    const id = await book(alice);
    const { payload, contentType } = multipart([
      { name: 'textbookId', value: String(id) },
      { name: 'file', filename: 'tiny.gif', type: 'image/gif', data: claimingGif(16000, 16000) },
    ]);
    return answerOf(await http('POST', '/api/images/upload', alice.cookie, new Uint8Array(payload), { 'content-type': contentType }));
  });

  await probe('a stored 16000 x 16000 GIF in PDF, Word and EPUB exports', async () => {
    const id = await book(alice);
    const image = await insertImage(database.db, {
      textbookId: id,
      ownerId: alice.id,
      mime: 'image/gif',
      bytes: claimingGif(16000, 16000),
      sha256: 'abuse-bomb',
    });
    const content = {
      title: 'Pixels',
      chapters: [{ title: 'One', content: `<p>Text\uFFFE.</p><img src="/api/images/${image.id}" alt="bomb">`, sections: [] }],
    };
    await http('PATCH', `/api/textbooks/${id}`, alice.cookie, { content });
    const out: string[] = [];
    for (const format of ['pdf', 'docx', 'epub']) {
      const started = performance.now();
      const res = await http('GET', `/api/textbooks/${id}/export?format=${format}`, alice.cookie);
      await res.arrayBuffer();
      out.push(`${format} ${res.status} in ${(performance.now() - started).toFixed(0)} ms`);
    }
    return out.join(', ');
  });

  await probe('3 large PDF exports of one user, then a small one of another', async () => {
    const section = `<p>${'A long paragraph of a large book, repeated to make the PDF take a while. '.repeat(400)}</p>`;
    const big = await book(alice, {
      title: 'Big',
      chapters: Array.from({ length: 24 }, (_, i) => ({ title: `C${i}`, content: section, sections: [] })),
    });
    const small = await book(bob, { title: 'Small', chapters: [{ title: 'One', content: '<p>Short.</p>', sections: [] }] });
    const started = performance.now();
    const done: string[] = [];
    const run = (cookie: string, id: number, format: string, name: string) =>
      http('GET', `/api/textbooks/${id}/export?format=${format}`, cookie).then(async (res) => {
        await res.arrayBuffer();
        done.push(`${name} ${res.status} at ${(performance.now() - started).toFixed(0)} ms`);
      });
    const heavy = [1, 2, 3].map((n) => run(alice.cookie, big, 'pdf', `alice#${n}`));
    await new Promise((r) => setTimeout(r, 50));
    await Promise.all([...heavy, run(bob.cookie, small, 'html', 'bob')]);
    return done.join(', ');
  });

  await probe('an unparseable Origin on a state change', async () =>
    answerOf(await http('POST', '/api/logout', alice.cookie, undefined, { origin: 'http://[::1' })),
  );

  await probe('register with a common password / a mixed-script name', async () => {
    const common = await register('carol_abuse', 'qwerty123');
    const mixed = await register('p\u0430ypal_abuse');
    return `${common.res.statusCode} ${(common.res.json() as { message: string }).message} / ${mixed.res.statusCode} ${(mixed.res.json() as { message: string }).message}`;
  });

  await probe('generate-outline with a 50,000-character topic', async () => {
    const { payload, contentType } = multipart([{ name: 'topic', value: 'x'.repeat(50_000) }]);
    return answerOf(
      await http('POST', '/api/textbooks/generate-outline', alice.cookie, new Uint8Array(payload), { 'content-type': contentType }),
    );
  });

  await probe('a 10 MB text file extracted', async () => {
    const line = 'Plain course notes with a sentence or two per line, nothing special about them at all.\n';
    const text = Buffer.from(line.repeat(Math.ceil((10 * 1024 * 1024) / line.length)));
    const { payload, contentType } = multipart([{ name: 'files', filename: 'notes.txt', type: 'text/plain', data: text }]);
    const res = await http('POST', '/api/extract-text', alice.cookie, new Uint8Array(payload), { 'content-type': contentType });
    return `${res.status} (${(await res.arrayBuffer()).byteLength} bytes back)`;
  });

  clearInterval(sampler);
  overall.disable();
  console.log('\nprobe | answer | took | event loop p99 / max during it | main thread CPU');
  for (const p of probes)
    console.log(
      `${p.name} | ${p.answer} | ${p.tookMs.toFixed(0)} ms | ${ms(p.loopP99Ns)} / ${ms(p.loopMaxNs)} | ${p.mainCpuMs.toFixed(0)} ms`,
    );
  console.log(`\nevent loop over all probes: p99 ${ms(overall.percentile(99))}, max ${ms(overall.max)}`);
  console.log(
    `server process RSS: before ${mb(rssBefore)}, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}), after ${mb(process.memoryUsage().rss)}`,
  );
  console.log(`extraction processes: peak ${childPeak ? mb(childPeak) : 'not seen'}`);
  await app.close();
  await database.close();
  const { closeExtractPool } = await import('@server/ingest/extract');
  await closeExtractPool();
  const { closeExportPool } = await import('@server/features/export/export-pool');
  await closeExportPool();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
