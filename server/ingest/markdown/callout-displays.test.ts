import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for this test (no outside source): a Quarto callout whose worked example ends in a display.
const page = [
  '# Intervals',
  '',
  '::: {.callout-tip title="Worked example"}',
  'The interval for the odds ratio is',
  '',
  '$$',
  '\\exp(1.1 \\pm 0.2)',
  '    = [2.5, 3.7].',
  '$$',
  '',
  'so the odds rise.',
  ':::',
  '',
  'After the box.',
].join('\n');

describe('a display inside a callout', () => {
  it('stays inside the callout, as a line of the box set as a display', () => {
    const doc = extractMarkdown(page, 'intervals.qmd');
    const kinds = doc.blocks.map((b) => [b.kind, b.label ?? '', b.text]);
    expect(kinds).toEqual([
      ['heading', '', 'Intervals'],
      ['quote', 'Worked example', 'The interval for the odds ratio is'],
      ['quote', '', '\\(\\displaystyle \\exp(1.1 \\pm 0.2) = [2.5, 3.7].\\)'],
      ['quote', '', 'so the odds rise.'],
      ['paragraph', '', 'After the box.'],
    ]);
  });
});
