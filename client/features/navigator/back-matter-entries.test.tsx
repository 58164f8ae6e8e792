import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { BackMatterEntries, placeOfAnchor } from './back-matter-entries';

const content: TextbookContent = {
  title: 'Logic',
  references: [],
  indexTerms: ['premise'],
  chapters: [
    {
      id: 'c1',
      title: 'Arguments',
      content:
        '<p>An argument is a collection of sentences offered in support of one further sentence, the conclusion.</p>' +
        '<hr /><h3>Key Terms</h3><ul><li><p><strong>argument</strong>: An argument is a collection of sentences offered in support of one further sentence, the conclusion.</p></li></ul>',
      sections: [{ id: 's1', title: 'Premises', content: '<p>The premise of an argument is one of its sentences.</p>' }],
    },
  ],
};

describe('glossary and index in the workspace', () => {
  it('lists the glossary and the index, and a place in either opens that part of the book', async () => {
    const onSelectPlace = vi.fn();
    render(<BackMatterEntries content={content} onSelectPlace={onSelectPlace} />);
    fireEvent.click(screen.getByRole('button', { name: 'Glossary' }));
    await screen.findByText('argument');
    expect(screen.getByRole('dialog').textContent).toContain(
      'argumentAn argument is a collection of sentences offered in support of one further sentence, the conclusion.',
    );
    fireEvent.click(screen.getByRole('button', { name: '(Arguments)' }));
    expect(onSelectPlace).toHaveBeenLastCalledWith({ chapter: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Index' }));
    const premise = (await screen.findByText('premise')).closest('li')!;
    expect(premise.textContent).toBe('premise: Premises');
    fireEvent.click(within(premise).getByRole('button', { name: 'Premises' }));
    expect(onSelectPlace).toHaveBeenLastCalledWith({ chapter: 0, section: 0 });
    expect(placeOfAnchor('glossary')).toBeNull();
  });

  it('shows nothing for a book with no key terms and no index words', () => {
    const { container } = render(
      <BackMatterEntries
        content={{ ...content, indexTerms: [], chapters: [{ ...content.chapters[0], content: '<p>Text.</p>' }] }}
        onSelectPlace={() => {}}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
