import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { markdownToBlocks } from '../markdown-extract';

describe('a listing inside a callout or hint box', () => {
  it('stays inside the box, in its place (MyST hint, GitHub alert)', () => {
    const page = [
      'Intro.',
      '',
      '````{hint}',
      'Use this:',
      '',
      '```python',
      'x = 1',
      '```',
      '',
      'and then this line.',
      '````',
      '',
      'After.',
      '',
      '> [!NOTE]',
      '> Before code',
      '>',
      '> ```',
      '> y = 2',
      '> ```',
      '',
      '```',
      'z = 3',
      '```',
    ].join('\n');
    const { blocks } = markdownToBlocks(page);
    expect(blocks.filter((b) => b.kind === 'code').map((b) => [b.text, b.boxed ?? false])).toEqual([
      ['x = 1', true],
      ['y = 2', true],
      ['z = 3', false],
    ]);
    const html = renderBlocks(blocks);
    expect(html).toBe(
      '<p>Intro.</p>' +
        '<blockquote><p><strong>Hint</strong></p><p>Use this:</p><pre><code class="language-python">x = 1</code></pre><p>and then this line.</p></blockquote>' +
        '<p>After.</p>' +
        '<blockquote><p><strong>Note</strong></p><p>Before code</p><pre><code>y = 2</code></pre></blockquote>' +
        '<pre><code>z = 3</code></pre>',
    );
  });
});
