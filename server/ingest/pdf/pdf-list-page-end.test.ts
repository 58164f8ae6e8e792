import { describe, expect, it } from 'vitest';
import { buildBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-types';

/**
 * A 12 pt LaTeX handout (econ103's geometry): a column from x 72 to 540, an enumerate's labels at x 86 and its text at
 * x 100. `left` moves a page's column (a two-sided document's margins alternate).
 */
const line = (text: string, page: number, y: number, x0: number, x1 = 540, left = 72): PdfLine => ({
  page,
  column: 0,
  x0: x0 + left - 72,
  x1: x1 + left - 72,
  y,
  size: 12,
  font: 'CMR12',
  text,
  columnLeft: left,
  columnRight: 540 + left - 72,
});

const blocks = (lines: PdfLine[]) => buildBlocks(lines, []).blocks.map((b) => `${b.kind}: ${b.text}`);

/** The foot of page 1: a lead-in and a list whose last item ends the page. */
const pageOne = [
  line('When I visit Chipotle, I’m presented with a sequence of independent choices:', 1, 300, 72, 480),
  line('1. Burrito, bowl, soft tacos, or crispy tacos? (4 options)', 1, 276, 86, 380),
  line('2. Cheese? (2 options: yes/no)', 1, 252, 86, 250),
  line('3. Guacamole? (2 options: yes/no)', 1, 228, 86, 270),
];

describe("a list that ends at a page's foot", () => {
  it('reads the line opening the next page left of the labels as the text after the list, not more of the last item', () => {
    expect(
      blocks([
        ...pageOne,
        line('I’ve left off a number of the toppings, but you get the idea. The question is:', 2, 720, 72),
        line('how many different meals could I order? To answer this, we’ll use a principle', 2, 705.5, 72),
        line('called the multiplication rule.', 2, 691, 72, 230),
        line('Imagine a gigantic rectangular classroom, College Hall Room 200 perhaps,', 2, 676.5, 90),
      ]),
    ).toEqual([
      'paragraph: When I visit Chipotle, I’m presented with a sequence of independent choices:',
      'list-item: Burrito, bowl, soft tacos, or crispy tacos? (4 options)',
      'list-item: Cheese? (2 options: yes/no)',
      'list-item: Guacamole? (2 options: yes/no)',
      'paragraph: I’ve left off a number of the toppings, but you get the idea. The question is: how many different meals could I order? To answer this, we’ll use a principle called the multiplication rule.',
      'paragraph: Imagine a gigantic rectangular classroom, College Hall Room 200 perhaps,',
    ]);
  });

  it('keeps an item that goes on under its text on the next page, where the margins have moved', () => {
    const items = blocks([
      ...pageOne.slice(0, 3),
      line('3. Guacamole, which costs extra at most restaurants of the chain, and which I always', 1, 228, 86),
      line('Order anyway (2 options: yes/no)', 2, 720, 100, 300, 90),
      line('I’ve left off a number of the toppings.', 2, 696, 72, 330, 90),
    ]);
    expect(items.slice(3)).toEqual([
      'list-item: Guacamole, which costs extra at most restaurants of the chain, and which I always Order anyway (2 options: yes/no)',
      'paragraph: I’ve left off a number of the toppings.',
    ]);
  });
});
