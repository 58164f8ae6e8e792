import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { useHarness } from '@server/test/harness.support';
import { extractText } from '@server/test/upload-forms.support';

const h = useHarness();

describe('a large paste is analyzed off the request thread', () => {
  it('answers other requests while 400 KB of pasted text is analyzed', async () => {
    const alice = await h.createUser('alice');
    // Real prose: the text of a corpus paper, pasted five times under its own part headings (about 400 KB).
    const read = await extractText(h, alice, [
      { name: 'files', filename: 'tracemonkey.pdf', type: 'application/pdf', data: readFileSync(fixturePath('pdf/tracemonkey.pdf')) },
    ]);
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
      const extract = extractText(h, alice, [
        { name: 'directMethod', value: 'true' },
        { name: 'directContent', value: paste },
      ]).then((res) => (finished.push('extract'), res));
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
