import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { markdownToBlocks } from '../markdown-extract';

// A regular-expressions lesson written for this test: its code spans hold what Markdown elsewhere reads as marks.
describe('Markdown code spans that look like footnote marks or attribute lists', () => {
  it('keep every character as typed, while a real footnote mark still goes', () => {
    const { blocks } = markdownToBlocks(
      [
        '# Zeichenklassen',
        '',
        'Eine Klasse lässt sich negieren: `[^0-9]` entspricht im Wesentlichen `\\D`, und `[^aeiou]` trifft keinen Vokal.',
        '',
        '- Das Muster `x{2,3}` und die Angabe `{.note}` bleiben stehen.',
        '',
        'Ein Satz mit Fußnote.[^1]',
        '',
        '[^1]: Die Fußnote selbst.',
      ].join('\n'),
    );
    const texts = blocks.map((b) => b.text);
    expect(texts).toContain('Eine Klasse lässt sich negieren: [^0-9] entspricht im Wesentlichen \\D, und [^aeiou] trifft keinen Vokal.');
    expect(texts).toContain('Das Muster x{2,3} und die Angabe {.note} bleiben stehen.');
    expect(texts).toContain('Ein Satz mit Fußnote.');
    const paragraph = blocks.find((b) => b.text.startsWith('Eine Klasse'))!;
    expect(paragraph.code).toEqual(['[^0-9]', '\\D', '[^aeiou]']);
    expect(renderBlocks([paragraph])).toContain('<code>[^0-9]</code> entspricht');
  });
});
