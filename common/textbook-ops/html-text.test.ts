import { describe, expect, it } from 'vitest';
import { htmlToText } from './html';

describe('the text of a book page', () => {
  it('keeps a listing apart from the block after it: its last line and the next word are two words', () => {
    expect(htmlToText('<pre><code>Smaller\nFinis</code></pre><ul><li><p>Boolean expressions</p></li></ul>')).toBe(
      'Smaller Finis Boolean expressions',
    );
    expect(htmlToText('<pre><code>print(x)</code></pre><p>Next</p>')).toBe('print(x) Next');
  });
});
