import { afterAll, describe, expect, it } from 'vitest';
import type { ReaderPrepared } from '@common/share';
import type { TextbookContent } from '@common/textbook';
import { closeReaderPrepareWorkers, prepareReaderJson, prepareReaderJsonOffThread } from './reader-prepare';

afterAll(closeReaderPrepareWorkers);

/** A book of `chapters` chapters, each with a numbered figure that the next chapter refers to. */
function book(chapters: number, paragraphs: number): TextbookContent {
  const filler = '<p>Energy flows through the cell as the reactions of this chapter describe, step by step.</p>'.repeat(paragraphs);
  return {
    title: 'Cells',
    references: [],
    chapters: Array.from({ length: chapters }, (_, c) => ({
      id: `c${c + 1}`,
      title: `Chapter ${c + 1}`,
      content: `<p>Figure ${c + 1}.1: A cell.</p>${c > 0 ? `<p>As Figure ${c}.1 shows.</p>` : ''}${filler}`,
      sections: [],
    })),
  };
}

describe("the reader's prepared text", () => {
  it('is made in a worker thread for a large book, the same as on the main thread', async () => {
    const large = book(12, 300);
    expect(JSON.stringify(large).length).toBeGreaterThan(256 * 1024);
    const json = await prepareReaderJsonOffThread(large);
    expect(json).toBe(prepareReaderJson(large));
    const prepared = JSON.parse(json!) as ReaderPrepared;
    expect(prepared.units.chapters[3].content).toContain('<a href="#c3/ch3-fig-3-1">Figure 3.1</a>');
  });

  it('is made on the main thread for a small book', async () => {
    const small = book(2, 1);
    expect(await prepareReaderJsonOffThread(small)).toBe(prepareReaderJson(small));
  });
});
