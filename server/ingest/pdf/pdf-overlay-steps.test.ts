import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a Beamer slide uncovered step by step (\\uncover over five pages)', () => {
  it('is read once, from its last page: every sentence kept, none printed twice', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-overlays.pdf'))), 'beamer-overlays.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    const count = (s: string) => text.split(s).length - 1;
    for (const words of [
      'Let f be a function defined on the whole real line.',
      'We claim that it is not continuous at the point',
      'all of whose terms lie in the domain, and we have',
      'which ends the proof.',
      'keeps its own sentence about sequences and limits.',
    ])
      expect([words, count(words)]).toEqual([words, 1]);
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual(['Discontinuity by Sequences', 'A proof scheme', 'Another frame']);
    const at = (s: string) => doc.blocks.findIndex((b) => b.text.includes(s));
    expect(at('Let f be')).toBeLessThan(at('which ends the proof'));
    expect(at('which ends the proof')).toBeLessThan(at('Another frame'));
  });
});
