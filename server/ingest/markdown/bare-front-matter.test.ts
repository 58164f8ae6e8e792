import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../markdown-extract';

// Task pages written for this test, in the shape a course generator writes them: settings, then only a closing `---`.
describe('Markdown settings with only their closing ---', () => {
  it('are the page’s settings and its title, never a heading made of them', () => {
    const parsed = markdownToBlocks(
      [
        'title: "Gruppen in regulären Ausdrücken"',
        'stage: beta',
        'timevalue: 1.0',
        'assumes: re-Quantoren',
        '---',
        '',
        'Gruppen werden durch Klammern angegeben. Ein Quantor dahinter gilt für die ganze Gruppe.',
      ].join('\n'),
    );
    expect(parsed.title).toBe('Gruppen in regulären Ausdrücken');
    expect(parsed.blocks.map((b) => b.text)).toEqual([
      'Gruppen werden durch Klammern angegeben. Ein Quantor dahinter gilt für die ganze Gruppe.',
    ]);
  });

  it('leave lines without a title setting as the page wrote them', () => {
    const parsed = markdownToBlocks(
      ['Instructor: Dr. Ada Example', 'Office: Room 12', '---', '', 'The course meets twice a week.'].join('\n'),
    );
    expect(parsed.blocks.map((b) => b.text).join(' ')).toContain('Instructor: Dr. Ada Example');
  });
});
