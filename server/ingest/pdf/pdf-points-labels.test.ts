import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { pointsUnderTitles } from './pdf-points-labels';

describe('points printed at the right of an exercise’s title', () => {
  it('reads each label whole, as a paragraph under its title, never a heading of its own', async () => {
    const data = new Uint8Array(readFileSync(fixturePath('pdf/latex/points-beside-titles.pdf')));
    const doc = await extractPdf(data, 'points-beside-titles.pdf');
    const read = doc.blocks.map((b) => [b.kind, b.text.slice(0, 40)]);
    expect(read).toEqual([
      ['heading', 'Übung 1: Maxwell-Gleichungen'],
      ['paragraph', '3 (+1 Bonus) Punkte'],
      ['paragraph', 'Setzen Sie die vier Gleichungen in einer'],
      ['heading', 'Übung 2: Integrale'],
      ['paragraph', '3 Punkte'],
      ['paragraph', 'Schreiben Sie das Integral mit seinen Gr'],
      ['heading', 'Exercise 3: Cases'],
      ['paragraph', '4 points'],
      ['paragraph', 'Typeset the function with its two cases,'],
    ]);
  });

  it('leaves a heading that only opens with a count, and a paragraph that starts with one', () => {
    const blocks: DocBlock[] = [
      { kind: 'heading', text: 'Problem 2: Sampling', level: 2, page: 1 },
      { kind: 'heading', text: '4 points', level: 3, page: 1 },
      { kind: 'heading', text: '3 Points on a Circle', level: 2, page: 1 },
      { kind: 'paragraph', text: '10 points are given for a correct proof.', page: 1 },
    ];
    pointsUnderTitles(blocks);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Problem 2: Sampling'],
      ['paragraph', '4 points'],
      ['heading', '3 Points on a Circle'],
      ['paragraph', '10 points are given for a correct proof.'],
    ]);
  });
});
