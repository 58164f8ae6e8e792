import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { titleKey } from '../real/own-structure';
import { figureCaptions } from './measures';

describe('figureCaptions', () => {
  it("names the captions printed under the book's pictures, not its headings or other italic lines", () => {
    const book: TextbookContent = {
      title: 'Trials',
      references: [],
      chapters: [
        {
          title: 'Part 1',
          content: '<p>Text.</p><img src="/api/images/1" alt="Figure 1.1. A queue." /><p><em>Figure 1.1. A queue.</em></p>',
          sections: [{ title: 'Part 2', content: '<h3>Figure 2.1. A heading</h3><p><em>An italic aside.</em></p>' }],
        },
      ],
    };
    expect([...figureCaptions(book)]).toEqual([titleKey('Figure 1.1. A queue.')]);
  });
});
