import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';
import { findTitleBlock } from './pdf-title-block';
import type { PdfLine } from './pdf-types';

/** A handout's first page: a centred title, author and course, then justified text (geometry written for this test). */
const line = (text: string, x0: number, x1: number, y: number, size = 12): PdfLine => ({
  page: 1,
  column: 0,
  x0,
  x1,
  y,
  size,
  font: 'text',
  text,
  columnLeft: 111,
  columnRight: 501,
});
const body = { size: 12, font: 'text', lineGap: 14.5 };

describe('findTitleBlock', () => {
  it('ends at the first justified line of text, even though a full-width line is centred under the title', () => {
    const lines = [
      line('More on Conditional Expectation', 166, 446, 606, 20.7),
      line('Francis J. DiTraglia', 244, 368, 570, 14.3),
      line('Econ 103', 277, 335, 543, 14.3),
      line('This handout contains some extra information on conditional expectation. I', 111, 501, 503),
      line('will not test you on anything that appears in this note but not in the lecture', 111, 501, 489),
      line('the discussion below goes beyond what we will cover in class.', 111, 420, 474),
      line('Evaluating a Prediction of Y Suppose that we are asked to submit a', 111, 501, 444),
    ];
    const { title, block } = findTitleBlock(lines, body);
    expect(title).toEqual([0]);
    expect(block).toEqual([1, 2]);
  });

  it('keeps a long centred author list in the block', () => {
    const lines = [
      line('Lecture 6: Regression', 200, 412, 700, 20),
      line('Scribes: Ada Lovelace, Charles Babbage, Grace Hopper and Alan Turing', 150, 462, 670),
      line('Columbia University', 250, 362, 650),
      line('1 Introduction', 111, 200, 600, 14),
    ];
    expect(findTitleBlock(lines, body).block).toEqual([1, 2]);
  });

  it('an author with an initial centred under the title ("A. Scribe") is in the block, not a lettered heading', () => {
    const lines = [
      line('Lecture 4: Counting at Scale', 190, 422, 700, 17.2),
      line('A. Scribe', 280, 332, 670),
      line('February 16, 2017', 258, 354, 650),
      line('1 Splitting the data', 111, 250, 600, 14),
    ];
    expect(findTitleBlock(lines, body).block).toEqual([1, 2]);
  });
});

describe('a title at body size (test-fixtures/pdf/latex/worksheet-title.tex)', () => {
  it('reads the centred first line in small capitals as the title, over parts set only a little larger', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/worksheet-title.pdf'))), 'worksheet-title.pdf');
    expect(doc.title).toBe('Worksheet 3: Counting and Chance');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, b.text])).toEqual([
      [1, 'Worksheet 3: Counting and Chance'],
      [2, 'Part 1: Cards'],
      [2, 'Part 2: Dice'],
    ]);
  });

  it('leaves a centred line in the text face, or one that ends a sentence, as text', () => {
    const lines = [
      line('Read the whole sheet first', 220, 392, 700),
      line('Part 1: Cards', 111, 200, 680, 13),
      line('A standard deck has fifty-two cards in four suits, and we draw one of them.', 111, 501, 660),
    ];
    expect(findTitleBlock(lines, body).title).toEqual([]);
    const bold = [{ ...lines[0], text: 'Read the whole sheet first.', font: 'bold' }, ...lines.slice(1)];
    expect(findTitleBlock(bold, body).title).toEqual([]);
    const title = [{ ...lines[0], font: 'caps' }, ...lines.slice(1)];
    expect(findTitleBlock(title, body).title).toEqual([0]);
  });
});
