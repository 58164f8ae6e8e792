import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prepareReader, readerHref } from '@common/book-render/reader-prepared';
import type { SharedBook } from '@common/share';
import type { TextbookContent } from '@common/textbook';
import { linkGlossaryTerms } from './glossary-links';
import { ReaderBackMatterPage, readerBackMatter } from './reader-back-matter';
import { ReaderChapter } from './reader-chapter';
import { placeFromHash, placeToHash } from './reader-place';
import { ReaderToc } from './reader-toc';

const content: TextbookContent = {
  title: 'Logic',
  references: [],
  indexTerms: ['premise'],
  chapters: [
    {
      id: 'c1',
      title: 'Arguments',
      content:
        '<h3>Arguments in code</h3><pre><code>argument = premises + conclusion</code></pre>' +
        '<p>An argument is a collection of sentences offered in support of one further sentence, the conclusion. Every argument has a premise.</p>' +
        '<p>A second argument follows.</p>' +
        '<hr /><h3>Key Terms</h3><ul><li><p><strong>argument</strong>: An argument is a collection of sentences offered in support of one further sentence, the conclusion.</p></li></ul>',
      sections: [{ id: 's1', title: 'Premises', content: '<p>The premise of an argument is one of its sentences.</p>' }],
    },
  ],
};

// As the server answers it: with the glossary and index it prepares (share.service.ts).
const book: SharedBook = {
  topic: 'Logic',
  updatedAt: '2026-03-05T00:00:00Z',
  content,
  materials: [],
  materialTypes: [],
  reader: prepareReader(content),
};

describe('the reader’s glossary and index', () => {
  it('has a Glossary and an Index page in its contents and its addresses', () => {
    const back = readerBackMatter(book);
    expect(back.terms).toEqual(['argument']);
    expect(back.glossary?.title).toBe('Glossary');
    expect(placeFromHash('#glossary')).toEqual({ kind: 'back', part: 'glossary' });
    expect(placeToHash({ kind: 'back', part: 'index' })).toBe('#index');
    render(<ReaderToc book={book} place={{ kind: 'back', part: 'index' }} />);
    expect(screen.getByRole('link', { name: 'Glossary' }).getAttribute('href')).toBe('#glossary');
    expect(screen.getByRole('link', { name: 'Index' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the index with links to the reader’s own chapter and section addresses', () => {
    expect(readerHref('ch2s3')).toBe('#c2-s3');
    const { container } = render(<ReaderBackMatterPage book={book} part="index" />);
    const premise = [...container.querySelectorAll('p')].find((p) => p.textContent?.startsWith('premise'))!;
    expect([...premise.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Arguments', '#c1'],
      ['Premises', '#c1-s1'],
    ]);
    const argument = [...container.querySelectorAll('p')].find((p) => p.textContent?.startsWith('argument'))!;
    expect(argument.querySelector('a')?.getAttribute('href')).toBe('#glossary');
  });

  it('links the first use of a term in a chapter to the glossary, not in a heading, code or the key-term list, and once only', () => {
    const { container } = render(<ReaderChapter chapter={content.chapters[0]} index={0} glossaryTerms={['argument']} />);
    const links = [...container.querySelectorAll('a.glossary-term')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.closest('p')?.textContent?.slice(0, 12)])).toEqual([
      ['argument', '#glossary', 'An argument '],
    ]);
    // A second pass over the same text links nothing more.
    expect(linkGlossaryTerms(container.querySelector('article')!, ['argument'], '#glossary')).toBe(0);
    expect(container.querySelectorAll('a.glossary-term')).toHaveLength(1);
  });
});
