import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a web address in smaller typewriter type broken over lines near the foot of the page', () => {
  it('goes on in its sentence: neither a paragraph of its own nor a footnote', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/url-tail.pdf'))), 'url-tail.pdf');
    const last = doc.blocks.at(-1)!;
    expect(last.kind).toBe('paragraph');
    expect(last.text).toBe(
      'Exercise 4.7. Read about spirals and then write a program that draws an Archimedean spiral. Solution: http://thinkpython2.example.org/code/spiral.py.',
    );
    expect(doc.blocks.filter((b) => /spiral\.py/.test(b.text))).toHaveLength(1);
  });
});
