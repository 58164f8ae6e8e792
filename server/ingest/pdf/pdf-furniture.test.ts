import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { pdfLine as line } from '@server/test/ingest/pdf-line.support';
import { extractPdf } from './pdf-extract';
import { removeFurniture } from './pdf-furniture';

describe('publishing notices: furniture when repeated, text when printed once', () => {
  it('removes a copyright foot printed on two pages of twelve and keeps a licence line printed once', () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({
      height: 792,
      lines: [
        line(`Body text of page ${'abcdefghijkl'[i]} goes on here in a sentence that is long enough to read.`, 600, { page: i + 1 }),
        line(`More body text of page ${'abcdefghijkl'[i]} in a second line of the same paragraph.`, 300, { page: i + 1 }),
        ...(i === 0 ? [line('This handout is licensed under a Creative Commons Attribution 4.0 License.', 60, { size: 8 })] : []),
        ...(i === 4 || i === 9 ? [line('Copyright 2024 by the teaching team. All rights reserved.', 50, { page: i + 1, size: 8 })] : []),
      ],
    }));
    const kept = removeFurniture(pages, 10).pages.flat();
    expect(kept.filter((l) => /licensed under/.test(l.text))).toHaveLength(1);
    expect(kept.some((l) => /Copyright 2024/.test(l.text))).toBe(false);
    expect(kept.filter((l) => /body text/i.test(l.text))).toHaveLength(24);
  });

  it('licence-lines.pdf: the copyright foot under every page goes, the first page’s licence line stays once, as a paragraph of its own', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/licence-lines.pdf'))), 'licence-lines.pdf');
    const texts = doc.blocks.map((b) => b.text);
    expect(doc.text).not.toMatch(/All rights reserved/);
    expect(texts.filter((t) => /licensed under/.test(t))).toEqual([
      'This handout is licensed under a Creative Commons Attribution 4.0 International License.',
    ]);
    // Not glued into the paragraph it follows, which ends its own sentence.
    expect(texts[texts.indexOf('This handout is licensed under a Creative Commons Attribution 4.0 International License.') - 1]).toMatch(
      /in time with its motion\.$/,
    );
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Tides and the Moon',
      'Predicting the Tide',
      'Tides Elsewhere',
    ]);
  });
});
