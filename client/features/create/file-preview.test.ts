import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLines } from './file-preview';

const course = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../../test-fixtures/course', name), 'utf8');

describe('the first lines of a chosen text file', () => {
  it('start after the front matter of a Markdown page, at its first heading', () => {
    const lines = firstLines(course('causal-readings.md'));
    expect(lines[0]).toBe('## Why experiments');
    expect(lines.join('\n')).not.toMatch(/^---$|bibliography: causal-readings\.bib/m);
  });

  it('keep a page that only opens with a rule and never closes it', () => {
    expect(firstLines('---\nA rule, then text.\nMore text.')).toEqual(['---', 'A rule, then text.', 'More text.']);
  });
});
