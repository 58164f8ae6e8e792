import { describe, expect, it } from 'vitest';
import { extractTxt } from './txt-extract';

const txt = (text: string) => extractTxt(new TextEncoder().encode(text), 'notes.txt');

describe('plain text: numbered lists and written-out addresses', () => {
  it('keeps a numbered list’s numbers and makes web and e-mail addresses links', () => {
    const doc = txt(
      [
        'The course page is at https://example.edu/geo210 and questions go to ta@example.edu.',
        '',
        '4) the fourth rule of thumb',
        '5) the fifth rule of thumb',
        '',
        '- a bullet point without a number',
      ].join('\n'),
    );
    expect(doc.blocks[0].links).toEqual([
      { text: 'https://example.edu/geo210', href: 'https://example.edu/geo210' },
      { text: 'ta@example.edu', href: 'mailto:ta@example.edu' },
    ]);
    expect(doc.blocks.filter((b) => b.kind === 'list-item').map((b) => [b.text, b.ordered, b.start])).toEqual([
      ['the fourth rule of thumb', true, 4],
      ['the fifth rule of thumb', true, undefined],
      ['a bullet point without a number', undefined, undefined],
    ]);
  });

  it('reads lines labelled with letters or roman numerals as an ordered list with those labels', () => {
    const doc = txt(
      'The questions.\n\na) what is a wave\nb) what carries its energy\n\nThe parts.\n\nii. the second part\niii. the third part\n',
    );
    expect(doc.blocks.filter((b) => b.kind === 'list-item').map((b) => [b.text, b.marker, b.start])).toEqual([
      ['what is a wave', 'a', undefined],
      ['what carries its energy', 'a', undefined],
      ['the second part', 'i', 2],
      ['the third part', 'i', undefined],
    ]);
  });
});
