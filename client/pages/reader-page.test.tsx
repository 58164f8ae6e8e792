import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareReader } from '@common/book-render/reader-prepared';
import type { SharedBook } from '@common/share';
import { App } from '../app/App';
import { json, mockFetch } from '../test/render';

const token = 't'.repeat(43);
const book: SharedBook = {
  topic: 'Energy in Cells',
  updatedAt: '2025-03-04T10:30:00.000Z',
  materialTypes: ['quiz'],
  content: {
    title: 'Energy in Cells',
    references: [
      {
        title: 'Campbell Biology',
        authors: 'Urry, L.',
        year: 2020,
        publisher: 'Pearson',
        url: 'https://doi.org/10.1000/182',
        description: '',
        approved: true,
      },
      { title: 'A trap', authors: '', year: '', publisher: '', url: 'javascript:alert(1)', description: '', approved: true },
    ],
    chapters: [
      {
        id: 'c1',
        title: 'Photosynthesis',
        content: '<p>Light becomes sugar. A photon carries $E = h\\nu$.</p>',
        sections: [
          {
            id: 's1',
            title: 'Light reactions',
            content: `<p>Water is split.</p><img src="/api/shared/${token}/images/4" alt="A leaf" /><div data-type="block-math" data-latex="6CO_2 + 6H_2O \\to C_6H_{12}O_6"></div>`,
          },
        ],
      },
      {
        id: 'c2',
        title: 'Respiration',
        content: '<p>Cells release energy.</p>',
        sections: [{ id: 's2', title: 'Glycolysis', content: '<p>Glycolysis splits glucose in the cytoplasm.</p>' }],
      },
    ],
  },
  materials: [
    {
      id: 5,
      title: 'Quiz: Photosynthesis',
      description: 'One question',
      contentType: 'quiz',
      metadata: { chapterTitle: 'Photosynthesis' },
      content: {
        questions: [
          {
            type: 'true-false',
            prompt: 'Plants release oxygen.',
            answer: 'True',
            explanation: 'Water is split and oxygen released.',
            source: 'Water is split.',
          },
        ],
      },
    },
  ],
};

/** The book as the server answers it: with the numbered text, glossary and index it prepares (share.service.ts). */
const served = (b: SharedBook) => json({ ...b, reader: prepareReader(b.content) });

function openReader(hash = '') {
  window.history.pushState({}, '', `/read/${token}${hash}`);
  return render(<App />);
}

describe('the reader page (/read/{token})', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn();
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    // Unmounted first: the router would otherwise follow the address back to the app.
    cleanup();
    window.history.pushState({}, '', '/');
  });

  it('shows the book without an account: no sign-in, no app navigation, no user lookup, nothing editable', async () => {
    const calls = mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader();
    expect(await screen.findByRole('heading', { level: 1, name: 'Energy in Cells' })).toBeInTheDocument();
    expect(screen.getByText('Read-only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Photosynthesis' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Light reactions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Login/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.querySelector('[contenteditable], textarea')).toBeNull();
    expect(calls.map((c) => c.key)).toEqual([`GET /api/shared/${token}`]);
    // Sent without cookies: the page shows what a student sees.
    expect(calls[0].init?.credentials).toBe('omit');
    expect(document.title).toBe('Energy in Cells (read-only)');
    // No licence chosen: all rights reserved.
    expect(screen.getByRole('contentinfo')).toHaveTextContent('All rights reserved.');
  });

  it("states the book's licence with a link to its terms", async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served({ ...book, content: { ...book.content, license: 'cc-by-sa' } }) });
    openReader();
    const link = await screen.findByRole('link', { name: 'Creative Commons Attribution-ShareAlike 4.0 International' });
    expect(link).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-sa/4.0/');
  });

  it('renders the math (stored formulas and dollar text) and the images through the link', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader();
    await screen.findByRole('heading', { level: 2, name: 'Photosynthesis' });
    const main = screen.getByRole('main');
    await waitFor(() => expect(main.querySelectorAll('.katex')).toHaveLength(2));
    expect(main.querySelector('.katex-display annotation')?.textContent).toBe('6CO_2 + 6H_2O \\to C_6H_{12}O_6');
    expect(main.querySelector('[data-type="inline-math"] annotation')?.textContent).toBe('E = h\\nu');
    expect(within(main).getByRole('img', { name: 'A leaf' })).toHaveAttribute('src', `/api/shared/${token}/images/4`);
  });

  it('moves through the table of contents, the chapter links and the address fragment', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader('#c2-s1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Respiration' })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(toc).getByRole('link', { name: '2. Respiration' })).toHaveAttribute('aria-current', 'page');
    expect(within(toc).getByRole('link', { name: 'Glycolysis' })).toHaveAttribute('href', '#c2-s1');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();

    const previous = screen.getByRole('link', { name: /Previous: Photosynthesis/ });
    expect(previous).toHaveAttribute('href', '#c1');
    await act(async () => {
      window.location.hash = '#c1';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Photosynthesis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next: Respiration/ })).toBeInTheDocument();
    // An address that names nothing in the book opens the first chapter.
    await act(async () => {
      window.location.hash = '#c9';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Photosynthesis' })).toBeInTheDocument();
  });

  it("links a reference to a numbered formula to its chapter's page, opened at the formula", async () => {
    const chapters = book.content.chapters.map((c, i) => (i === 1 ? { ...c, content: '<p>Respiration reverses (1.1).</p>' } : c));
    mockFetch({ [`GET /api/shared/${token}`]: () => served({ ...book, content: { ...book.content, chapters } }) });
    openReader('#c2');
    const link = await screen.findByRole('link', { name: '(1.1)' });
    expect(link).toHaveAttribute('href', '#c1/ch1-eq-1-1');
    await act(async () => {
      window.location.hash = '#c1/ch1-eq-1-1';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Photosynthesis' })).toBeInTheDocument();
    const formula = document.getElementById('ch1-eq-1-1');
    expect(formula?.getAttribute('data-latex')).toBe('6CO_2 + 6H_2O \\to C_6H_{12}O_6');
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(formula);
    expect(screen.getByText('(1.1)')).toHaveClass('equation-number');
  });

  it('searches the book and lists where the words are, with the words marked', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search this book' }), 'glucose');
    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(within(results).getByRole('status')).toHaveTextContent('1 place matches');
    const hit = within(results).getByRole('link', { name: /Respiration › Glycolysis/ });
    expect(hit).toHaveAttribute('href', '#c2-s1');
    expect(within(hit).getByText('glucose', { selector: 'mark' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search this book' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search this book' }), 'nothing like this');
    expect(await screen.findByText('Nothing in this book matches.')).toBeInTheDocument();
  });

  it('shows the shared quiz with its answer hidden until the student reveals it, and the references', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader('#m5');
    const viewer = await screen.findByTestId('educational-content-viewer');
    expect(within(viewer).getByText('Plants release oxygen.', { exact: false })).toBeInTheDocument();
    expect(within(viewer).queryByText('Answer:')).toBeNull();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Show answer' }));
    expect(within(viewer).getByText('Answer:')).toBeVisible();
    expect(within(viewer).getByText('Water is split and oxygen released.')).toBeVisible();

    await act(async () => {
      window.location.hash = '#references';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'References' })).toBeInTheDocument();
    expect(screen.getByText('Campbell Biology')).toBeInTheDocument();
    // A url that is not a web address stays text.
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(screen.getByText(/javascript:alert/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://doi.org/10.1000/182' })).toHaveAttribute('href', 'https://doi.org/10.1000/182');
  });

  it('prints the whole book, each chapter after the other, and returns to the chapter afterwards', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => served(book) });
    openReader();
    await screen.findByRole('heading', { level: 2, name: 'Photosynthesis' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Respiration' })).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    // Right away: the browser lays out the page for printing when the event's handlers return.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'reader-c1-title',
      'reader-c2-title',
      'reader-references-title',
    ]);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByRole('heading', { level: 2, name: 'Respiration' })).toBeNull();
  });

  it('says plainly that a revoked or unknown link is no longer available', async () => {
    mockFetch({ [`GET /api/shared/${token}`]: () => json({ message: 'This link is no longer available', code: 'NOT_FOUND' }, 404) });
    openReader();
    expect(await screen.findByRole('heading', { name: 'This link is no longer available' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers to try again when the server could not answer', async () => {
    let answer = () => json({ message: 'Too many requests, please try again later.', code: 'RATE_LIMITED' }, 429);
    mockFetch({ [`GET /api/shared/${token}`]: () => answer() });
    openReader();
    expect(await screen.findByRole('heading', { name: 'The textbook could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Too many requests, please try again later.')).toBeInTheDocument();
    answer = () => served(book);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Photosynthesis' })).toBeInTheDocument();
  });
});
