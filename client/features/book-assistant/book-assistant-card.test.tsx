import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { BookAssistantCard } from './book-assistant-card';

const before: TextbookContent = {
  title: 'Linear Algebra',
  references: [],
  chapters: [
    { id: 'c1', title: 'Vectors', content: '<p>v</p>', sections: [{ id: 's1', title: 'Norms', content: '<p>n</p>' }] },
    { id: 'c2', title: 'Matrices', content: '<p>m</p>', sections: [] },
  ],
};
const after: TextbookContent = {
  ...before,
  chapters: [...before.chapters, { id: 'c3', title: 'Eigenvalues', content: '<p>Introduction to Eigenvalues</p>', sections: [] }],
};

describe('AI Outline Assistant on the textbook page', () => {
  it('shows the proposed table of contents, applies it through PATCH against the revision it read, and undoes it', async () => {
    const patches: Array<{ content: TextbookContent; baseRevision?: number; description?: string }> = [];
    const asked: unknown[] = [];
    mockFetch({
      'POST /api/ai/outline-assistant': (init) => {
        asked.push(JSON.parse(String(init?.body)));
        return json({ message: 'Added chapter 3: "Eigenvalues".', updatedContent: after });
      },
      'PATCH /api/textbooks/7': (init) => {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        return json({ id: 7, topic: 'LA', content: body.content, revision: 11 + patches.length });
      },
    });
    const saved: Array<[TextbookContent, number]> = [];
    const user = userEvent.setup();
    renderWithApp(
      <BookAssistantCard textbookId={7} topic="LA" content={before} revision={11} onContentSaved={(c, r) => saved.push([c, r])} />,
    );

    await user.type(screen.getByLabelText('Message to the outline assistant'), 'add a chapter on eigenvalues');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const proposed = await screen.findByRole('list', { name: 'Proposed table of contents' });
    expect(asked[0]).toMatchObject({ message: 'add a chapter on eigenvalues', textbookId: 7 });
    const added = within(proposed).getByText('Eigenvalues').closest('li');
    expect(added).toHaveAttribute('data-change', 'added');
    expect(patches).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].baseRevision).toBe(11);
    expect(patches[0].content.chapters.map((c) => c.title)).toEqual(['Vectors', 'Matrices', 'Eigenvalues']);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0][1]).toBe(12);

    await user.click(await screen.findByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1].baseRevision).toBe(12);
    expect(patches[1].content.chapters.map((c) => c.title)).toEqual(['Vectors', 'Matrices']);
  });

  it('changes nothing when the answer is a question answered without a new outline', async () => {
    const patches: unknown[] = [];
    mockFetch({
      'POST /api/ai/outline-assistant': () => json({ message: 'Chapter 1 covers vectors and their norms.' }),
      'PATCH /api/textbooks/7': () => {
        patches.push(1);
        return json({});
      },
    });
    const user = userEvent.setup();
    renderWithApp(<BookAssistantCard textbookId={7} topic="LA" content={before} revision={3} onContentSaved={() => undefined} />);
    await user.type(screen.getByLabelText('Message to the outline assistant'), 'what is a norm?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Chapter 1 covers vectors and their norms.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Proposed table of contents' })).toBeNull();
    expect(patches).toHaveLength(0);
  });
});

describe('the assistant keeps what is new in view', () => {
  // jsdom has no layout: a tall log and an entry far down the proposed outline are given their sizes here.
  const restore: Array<() => void> = [];
  function fake(prop: 'scrollHeight' | 'offsetTop', get: (el: HTMLElement) => number) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get: function (this: HTMLElement) {
        return get(this);
      },
    });
    restore.push(() => original && Object.defineProperty(HTMLElement.prototype, prop, original));
  }
  afterEach(() => restore.splice(0).forEach((r) => r()));

  it('scrolls the conversation to the newest answer and the proposed outline to its first change', async () => {
    fake('scrollHeight', (el) => (el.getAttribute('role') === 'log' ? 900 : 0));
    fake('offsetTop', (el) => (el.dataset.change === 'added' ? 600 : 0));
    const long: TextbookContent = {
      ...before,
      chapters: Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, title: `Chapter ${i + 1}`, content: '<p>x</p>', sections: [] })),
    };
    mockFetch({
      'POST /api/ai/outline-assistant': () =>
        json({
          message: 'Added chapter 31.',
          updatedContent: { ...long, chapters: [...long.chapters, { id: 'n', title: 'Eigenvalues', content: '', sections: [] }] },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<BookAssistantCard textbookId={7} topic="LA" content={long} revision={3} onContentSaved={() => undefined} />);
    await user.type(screen.getByLabelText('Message to the outline assistant'), 'add a chapter on eigenvalues');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const proposed = await screen.findByRole('list', { name: 'Proposed table of contents' });
    await waitFor(() => expect(screen.getByRole('log', { name: 'Conversation with the outline assistant' }).scrollTop).toBe(900));
    expect(proposed.scrollTop).toBe(592);
  });
});
