import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { TextbookPage } from '@client/pages/textbook-page';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { materialsStorageKey } from '../materials-viewer/educational-material';

const user = { id: 7, username: 'alice' };
const content = {
  title: 'Thermodynamics',
  chapters: [
    {
      id: 'c1',
      title: 'Heat',
      content: '<p>Heat intro</p>',
      sections: [
        { id: 's1', title: 'Temperature', content: '<p>Kelvin scale</p>' },
        { id: 's2', title: 'Entropy', content: '<p>Disorder</p>' },
      ],
    },
    { id: 'c2', title: 'Summary', content: '<p>All of it</p>', sections: [] },
  ],
  references: [],
};
const textbook = (over: Record<string, unknown> = {}) => ({
  id: 5,
  topic: 'Thermo 101',
  userId: 7,
  isOwner: true,
  revision: 3,
  createdAt: '2025-01-05T00:00:00Z',
  content,
  ...over,
});

function renderAt(path: string) {
  return renderWithApp(<Route path="/textbook/:id" component={TextbookPage} />, { path });
}

describe('Textbook page states', () => {
  it('a non-numeric id shows Invalid Textbook ID with a link back', async () => {
    mockFetch({ 'GET /api/user': () => json(user) });
    renderAt('/textbook/abc');
    expect(await screen.findByText('Invalid Textbook ID')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Textbooks' })).toHaveAttribute('href', '/saved-textbooks');
  });

  it('shows Loading textbook... while the book loads', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => new Promise(() => {}) });
    renderAt('/textbook/5');
    expect(await screen.findByText('Loading textbook...')).toBeInTheDocument();
  });

  it('a failed load shows Error Loading Textbook with the server message, without retrying a 404', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/5': () => json({ message: 'Textbook not found', code: 'NOT_FOUND' }, 404),
    });
    renderAt('/textbook/5');
    expect(await screen.findByText('Error Loading Textbook')).toBeInTheDocument();
    expect(screen.getByText('Textbook not found')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/textbooks/5')).toHaveLength(1);
  });

  it('absent content shows Missing Textbook Content', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => json(textbook({ content: null })) });
    renderAt('/textbook/5');
    expect(await screen.findByText('Missing Textbook Content')).toBeInTheDocument();
  });

  it('unparseable content shows Error Parsing Textbook', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => json(textbook({ content: '{"title": "broken' })) });
    renderAt('/textbook/5');
    expect(await screen.findByText('Error Parsing Textbook')).toBeInTheDocument();
  });

  it('content given as a JSON string loads like an object', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => json(textbook({ content: JSON.stringify(content) })) });
    renderAt('/textbook/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thermo 101' })).toBeInTheDocument();
  });
});

describe('Textbook workspace', () => {
  it('shows the topic, back link, notice, navigator, editing tips and the first section in the editor card', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/5': () => json(textbook({ content: { ...content, notice: 'Built from the topic only.' } })),
    });
    renderAt('/textbook/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thermo 101' })).toBeInTheDocument();
    // The tab names the book.
    expect(document.title).toBe('Thermo 101 - Textbook Studio');
    expect(screen.getByRole('link', { name: 'Back to My Textbooks' })).toHaveAttribute('href', '/saved-textbooks');
    expect(screen.getByText('Built from the topic only.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Thermodynamics' })).toBeInTheDocument();
    expect(screen.getByText('Editing Tips')).toBeInTheDocument();
    const card = screen.getByTestId('editor-card');
    expect(within(card).getByText('Heat - Temperature')).toBeInTheDocument();
    // Until the live document has synced, the stored body is shown read-only, without an editor.
    await waitFor(() => expect(within(card).getByTestId('content-preview')).toHaveTextContent('Kelvin scale'), { timeout: 10_000 });
    expect(within(card).queryByTestId('content-editor')).toBeNull();
  });

  it('lists what a condensed book shortened, chapter by chapter, under its notice', async () => {
    const generation = {
      length: 'condensed',
      condensed: [{ chapter: 'Thermodynamics', sourceWords: 12_000, keptWords: 4_100 }],
      leftOut: ['"Entropy": excluded by the topic'],
    };
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/5': () => json(textbook({ content: { ...content, notice: 'Condensed as you asked.', generation } })),
    });
    renderAt('/textbook/5');
    expect(await screen.findByText('Condensed as you asked.')).toBeInTheDocument();
    expect(screen.getByText('What the book shortened or left out')).toBeInTheDocument();
    expect(screen.getByText('Thermodynamics: 4,100 of 12,000 words kept')).toBeInTheDocument();
    expect(screen.getByText('"Entropy": excluded by the topic')).toBeInTheDocument();
  });

  it('names what the files could not give as text, with the pages and the chapters they are in', async () => {
    const generation = {
      length: 'full',
      condensed: [],
      leftOut: [],
      fromFiles: [
        {
          file: 'review.pdf',
          note: 'pages 2–7 use fonts without a text mapping: no readable text; they are kept as pictures of the pages',
          pages: [2, 3, 4, 5, 6, 7],
          chapters: [
            { chapter: 'Heat', pages: [2, 3] },
            { chapter: 'Summary', pages: [4, 5, 6, 7] },
          ],
        },
        { file: 'notes.md', note: 'a picture the page shows from files beside it was not uploaded with it', pages: [], chapters: [] },
      ],
    };
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/5': () => json(textbook({ content: { ...content, generation } })),
    });
    renderAt('/textbook/5');
    expect(await screen.findByText('What the book shortened, left out or could not read')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'What the files could not give as text' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'review.pdf: pages 2–7 use fonts without a text mapping: no readable text; they are kept as pictures of the pages — in “Heat”: pages 2–3; in “Summary”: pages 4–7',
    );
    expect(items[1]).toHaveTextContent(/^notes\.md: a picture the page shows from files beside it was not uploaded with it$/);
  });

  it('a chapter without sections is titled by the chapter alone', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => json(textbook()) });
    renderAt('/textbook/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Summary' }));
    expect(within(screen.getByTestId('editor-card')).getByText('Summary')).toBeInTheDocument();
  });

  it('a book without chapters asks for a chapter', async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/5': () => json(textbook({ content: { title: 'Empty', chapters: [] } })),
    });
    renderAt('/textbook/5');
    expect(await screen.findByText('Select a chapter to view content')).toBeInTheDocument();
  });

  it('an educationalContentGenerated event adds a material, kept in localStorage, that replaces the editor until a section is chosen', async () => {
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/5': () => json(textbook()) });
    renderAt('/textbook/5');
    await screen.findByRole('heading', { level: 1, name: 'Thermo 101' });
    expect(screen.queryByText('Educational Materials')).not.toBeInTheDocument();
    const quiz = {
      title: 'Heat quiz',
      description: 'Check the basics',
      contentType: 'quiz',
      metadata: { chapterTitle: 'Heat' },
      content: {
        questions: [
          {
            type: 'multiple-choice',
            prompt: 'Unit of temperature?',
            options: ['Kelvin', 'Joule'],
            answer: 'Kelvin',
            explanation: 'SI base unit',
            source: 'Heat - Temperature',
          },
        ],
      },
    };
    act(() => {
      window.dispatchEvent(new CustomEvent('educationalContentGenerated', { detail: { textbookId: 5, content: quiz } }));
      // Another book's event is ignored.
      window.dispatchEvent(
        new CustomEvent('educationalContentGenerated', { detail: { textbookId: 6, content: { ...quiz, title: 'Other' } } }),
      );
    });
    expect(await screen.findByText('Educational Materials')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Other/ })).not.toBeInTheDocument();
    // Same title + type again replaces rather than duplicates.
    act(() => {
      window.dispatchEvent(
        new CustomEvent('educationalContentGenerated', { detail: { textbookId: 5, content: { ...quiz, description: 'Updated' } } }),
      );
    });
    const stored = JSON.parse(localStorage.getItem(materialsStorageKey(5)) ?? '[]');
    expect(stored).toHaveLength(1);
    expect(stored[0].description).toBe('Updated');

    fireEvent.click(screen.getByRole('button', { name: /Heat quiz/ }));
    const viewer = screen.getByTestId('educational-content-viewer');
    expect(within(viewer).getByText(/Unit of temperature\?/)).toBeInTheDocument();
    expect(screen.queryByTestId('editor-card')).not.toBeInTheDocument();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Show answer' }));
    expect(within(viewer).getByText('SI base unit')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Entropy' }));
    expect(screen.queryByTestId('educational-content-viewer')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('editor-card')).getByText('Heat - Entropy')).toBeInTheDocument();
  });
});
