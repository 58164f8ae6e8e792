import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { useHarness } from '@server/test/harness.support';
import { multipart } from '@server/test/multipart.support';

const h = useHarness();

describe('a large paste is analyzed off the request thread', () => {
  it('answers other requests while 400 KB of pasted text is analyzed', async () => {
    const alice = await h.createUser('alice');
    // Real prose: the text of a corpus paper, pasted five times under its own part headings (about 400 KB).
    const paper = multipart([
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: readFileSync(fixturePath('pdf/tracemonkey.pdf')) },
    ]);
    const read = await h.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      payload: paper.payload,
      headers: { 'content-type': paper.contentType, cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(200);
    const text: string = read.json().extractedText;
    const paste = Array.from({ length: 5 }, (_, i) => `# Part ${i + 1}\n\n${text}`).join('\n\n');
    expect(paste.length).toBeGreaterThan(350_000);

    // Sends a cheap request the moment the engine has been handed the analysis. Were the analysis
    // done on the event loop, this code could only run once it had ended, and extract-text would answer first.
    const engine = h.deps.engine;
    const analyze = engine.analyze;
    let started: () => void = () => undefined;
    const analyzing = new Promise<void>((resolve) => (started = resolve));
    engine.analyze = (ctx, input) => {
      const result = analyze(ctx, input);
      started();
      return result;
    };
    try {
      const finished: string[] = [];
      const form = multipart([
        { name: 'directMethod', value: 'true' },
        { name: 'directContent', value: paste },
      ]);
      const extract = h.app
        .inject({
          method: 'POST',
          url: '/api/extract-text',
          payload: form.payload,
          headers: { 'content-type': form.contentType, cookie: alice.cookie },
        })
        .then((res) => (finished.push('extract'), res));
      await analyzing;
      const user = await h.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: alice.cookie } });
      finished.push('user');
      expect(user.statusCode).toBe(200);
      const res = await extract;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().objectives.length).toBeGreaterThan(0);
      expect(finished).toEqual(['user', 'extract']);
    } finally {
      engine.analyze = analyze;
    }
  });
});
