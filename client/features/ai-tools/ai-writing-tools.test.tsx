import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import type { EditorSelection } from '../editor/editor-selection';
import { useAiWritingTools } from './use-ai-writing-tools';

const book: TextbookContent = {
  title: 'Mechanics',
  references: [{ title: 'Principia', authors: 'Newton', year: 1687, publisher: '', url: '', description: '', approved: true }],
  chapters: [
    { id: 'c1', title: 'Motion', content: '<p>Things move.</p>', sections: [] },
    {
      id: 'c2',
      title: 'Energy',
      content: '<p>e</p>',
      sections: [{ id: 's1', title: 'Work', content: '<p>Work is force times distance.</p>' }],
    },
  ],
};

const saved = vi.fn();
const replaced = vi.fn();
let select: (s: EditorSelection | null) => void = () => undefined;

function Harness({
  chapterIndex,
  sectionIndex,
  textbookId = 5,
}: {
  chapterIndex: number;
  sectionIndex: number | null;
  textbookId?: number;
}) {
  const [content, setContent] = useState(book);
  const ai = useAiWritingTools({
    textbookId: textbookId || undefined,
    content,
    onContentSaved: (next, revision) => {
      saved(next, revision);
      setContent(next);
    },
  });
  select = ai.onSelectionChange;
  return (
    <div>
      <p>outside</p>
      {ai.editorFooter({ chapterIndex, sectionIndex })}
      {ai.overlay}
    </div>
  );
}

function selection(text: string): EditorSelection {
  return { text, rect: { top: 200, left: 40, bottom: 220 }, replaceWith: replaced };
}

const textbookGet = () =>
  json({ id: 5, topic: 'Physics', userId: 1, isOwner: true, revision: 3, createdAt: '2025-01-01T00:00:00Z', content: book });

beforeEach(() => {
  saved.mockReset();
  replaced.mockReset();
});

describe('paragraph expansion', () => {
  it('shows the Expand chip above a selection and hides it on an outside click or an empty selection', async () => {
    mockFetch({ 'GET /api/user': () => json({ id: 1, username: 'alice' }) });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    expect(screen.queryByTestId('expand-chip')).toBeNull();
    act(() => select(selection('Things move.')));
    expect(screen.getByTestId('expand-chip')).toHaveTextContent('Expand');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByTestId('expand-chip')).toBeNull();
    act(() => select(selection('Things move.')));
    expect(screen.getByTestId('expand-chip')).toBeInTheDocument();
    act(() => select(null));
    expect(screen.queryByTestId('expand-chip')).toBeNull();
  });

  it('opens the dialog, sends the selection with the book context, and Apply replaces the selection', async () => {
    let sent: Record<string, unknown> = {};
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'GET /api/textbooks/5': textbookGet,
      'POST /api/ai/expand-paragraph': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ expandedContent: '<p>Things move.</p><p>Motion is relative.</p>', exhausted: false });
      },
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    act(() => select(selection('Things move.')));
    await userEvent.click(screen.getByTestId('expand-chip'));
    expect(await screen.findByText('AI Text Expansion')).toBeInTheDocument();
    expect(await screen.findByText('Motion is relative.')).toBeInTheDocument();
    expect(sent).toEqual({
      paragraphContent: 'Things move.',
      textbookId: 5,
      context: 'Textbook: Mechanics\nCurrent chapter: Motion\nChapters: Motion; Energy',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply expansion' }));
    expect(replaced).toHaveBeenCalledWith('<p>Things move.</p><p>Motion is relative.</p>');
    expect(await screen.findByText('Text expanded')).toBeInTheDocument();
    expect(screen.queryByText('AI Text Expansion')).toBeNull();
  });

  it('sends a selection with a formula and a link as HTML and shows it whole as the original', async () => {
    let sent: Record<string, unknown> = {};
    const html = 'A gain of <span data-type="inline-math" data-latex="10^{3}"></span> at <a href="https://example.org/bell">Bell Labs</a>.';
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'GET /api/textbooks/5': textbookGet,
      'POST /api/ai/expand-paragraph': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ expandedContent: `<p>${html}</p><p>Motion is relative.</p>`, exhausted: false });
      },
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    // The plain text leaves the formula out; the HTML holds it.
    act(() => select({ ...selection('A gain of  at Bell Labs.'), html }));
    await userEvent.click(screen.getByTestId('expand-chip'));
    expect(await screen.findByText('Motion is relative.')).toBeInTheDocument();
    expect(sent.paragraphContent).toBe(html);
    const original = screen.getByRole('region', { name: 'Original text' });
    expect(original.querySelector('[data-latex="10^{3}"]')).not.toBeNull();
    expect(original.querySelector('a[href="https://example.org/bell"]')).toHaveTextContent('Bell Labs');
    await userEvent.click(screen.getByRole('button', { name: 'Apply expansion' }));
    expect(replaced).toHaveBeenCalledWith(`<p>${html}</p><p>Motion is relative.</p>`);
  });

  it('says when the sources have nothing more (Apply disabled), ignores a failed context fetch, and Cancel discards', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'GET /api/textbooks/5': () => json({ message: 'down' }, 500),
      'POST /api/ai/expand-paragraph': () =>
        json({
          expandedContent: '<p>Things move.</p>',
          exhausted: true,
          note: 'Your sources have nothing more on this that is not already in the textbook.',
        }),
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    act(() => select(selection('Things move.')));
    await userEvent.click(screen.getByTestId('expand-chip'));
    expect(await screen.findByText('Your sources have nothing more on this that is not already in the textbook.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply expansion' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(replaced).not.toHaveBeenCalled();
    expect(screen.queryByText('AI Text Expansion')).toBeNull();
  });

  it('closes the dialog on error with Error expanding text; a blank selection toasts No text selected', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'GET /api/textbooks/5': textbookGet,
      'POST /api/ai/expand-paragraph': () => json({ message: 'Too many requests', code: 'RATE_LIMITED' }, 429),
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    await userEvent.click(screen.getByRole('button', { name: /AI Expand/ }));
    expect(await screen.findByText('No text selected')).toBeInTheDocument();
    expect(screen.getByText('Please select text to expand.')).toBeInTheDocument();
    act(() => select(selection('Things move.')));
    await userEvent.click(screen.getByRole('button', { name: /AI Expand/ }));
    expect(await screen.findByText('Error expanding text')).toBeInTheDocument();
    expect(screen.getByText('Failed to expand text: Too many requests')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('AI Text Expansion')).toBeNull());
  });
});

describe('chapter and section expansion', () => {
  it('offers Expand Chapter, shows the proposal marked paragraph by paragraph, saves nothing until Accept, then Chapter Expanded with Undo', async () => {
    const expanded = {
      ...book.chapters[0],
      content: '',
      sections: [
        { id: 'n1', title: 'Moving things', content: '<p>Things move.</p><p>Speed is distance over time.</p>' },
        { id: 'n2', title: 'Forces', content: '<p>A force changes motion.</p>' },
      ],
    };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let sent: Record<string, unknown> = {};
    const patches: Array<Record<string, unknown>> = [];
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'GET /api/textbooks/5': textbookGet,
      'POST /api/ai/expand-chapter': async (init) => {
        sent = JSON.parse(String(init?.body));
        await gate;
        return json({
          expandedChapter: expanded,
          textbookContent: { ...book, chapters: [expanded, book.chapters[1]] },
          revision: 3,
          exhausted: false,
          preview: true,
          engine: 'offline',
        });
      },
      'PATCH /api/textbooks/5': (init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        patches.push(body);
        return json({ content: body.content, revision: 3 + patches.length });
      },
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Chapter' }));
    expect(await screen.findByRole('button', { name: 'Expanding Chapter...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Review the expansion')).toBeInTheDocument();
    // It says what it did: passages of the sources, nothing newly written, and how to get new text.
    expect(screen.getByTestId('proposal-engine')).toHaveTextContent(/Drawn from your own sources.*connecting a language model/);
    expect(sent).toEqual({
      textbookId: 5,
      chapterIndex: 0,
      chapterTitle: 'Motion',
      chapterContent: '<p>Things move.</p>',
      sectionCount: 4,
      preview: true,
    });
    // The chapter's own paragraph is kept; the two new ones are marked added, each with a box.
    const body = screen.getByTestId('proposal-body');
    expect(body.querySelectorAll('[data-mark="kept"]')).toHaveLength(1);
    expect(body.querySelectorAll('[data-mark="added"]')).toHaveLength(2);
    expect(saved).not.toHaveBeenCalled();
    expect(patches).toHaveLength(0);
    // Untick one addition: only the other is saved.
    await userEvent.click(screen.getAllByRole('checkbox', { name: 'Add this paragraph' })[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(await screen.findByText('Chapter Expanded')).toBeInTheDocument();
    expect(patches[0]).toMatchObject({ baseRevision: 3, description: 'Expanded chapter "Motion" into 2 sections' });
    const stored = patches[0].content as TextbookContent;
    expect(stored.chapters[0].sections.map((x) => x.content)).toEqual(['<p>Things move.</p><p>Speed is distance over time.</p>', '']);
    expect(saved).toHaveBeenLastCalledWith(expect.objectContaining({ chapters: [stored.chapters[0], book.chapters[1]] }), 4);
    // Now it has sections: no more chapter expansion.
    expect(screen.queryByRole('button', { name: 'Expand Chapter' })).toBeNull();
    // One click takes it back, as its own described version.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toMatchObject({ baseRevision: 4, description: 'Undid: Expanded chapter "Motion" into 2 sections' });
    expect((patches[1].content as TextbookContent).chapters[0]).toEqual(book.chapters[0]);
    expect(await screen.findByRole('button', { name: 'Expand Chapter' })).toBeEnabled();
  });

  it('Discard closes the proposal and saves nothing', async () => {
    const expanded = {
      ...book.chapters[0],
      content: '',
      sections: [{ id: 'n1', title: 'Moving things', content: '<p>Things move.</p><p>New.</p>' }],
    };
    const patch = vi.fn(() => json({}));
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/expand-chapter': () =>
        json({
          expandedChapter: expanded,
          textbookContent: { ...book, chapters: [expanded, book.chapters[1]] },
          revision: 3,
          exhausted: false,
          preview: true,
        }),
      'PATCH /api/textbooks/5': patch,
    });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Chapter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Review the expansion')).toBeNull());
    expect(patch).not.toHaveBeenCalled();
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Expand Chapter' })).toBeEnabled();
  });

  it('shows the spec error for a failed chapter expansion, and no chapter button for a chapter with sections', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/expand-chapter': () => json({ message: 'boom', code: 'INTERNAL' }, 500),
    });
    const { unmount } = renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Chapter' }));
    expect(await screen.findByText('Failed to expand chapter. Please try again.')).toBeInTheDocument();
    unmount();
    renderWithApp(<Harness chapterIndex={1} sectionIndex={0} />);
    expect(screen.queryByRole('button', { name: 'Expand Chapter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand Section' })).toBeEnabled();
  });

  it("shows the server's message when an expansion is refused because someone typed in that part", async () => {
    const chapterRefusal =
      'Someone typed in "Motion" while it was being expanded, so nothing was changed. Expand it again when they pause.';
    const sectionRefusal = 'Someone typed in "Work" while it was being expanded, so nothing was changed. Expand it again when they pause.';
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/expand-chapter': () => json({ message: chapterRefusal, code: 'CONFLICT' }, 409),
      'POST /api/ai/generate-section': () => json({ message: sectionRefusal, code: 'CONFLICT' }, 409),
    });
    const { unmount } = renderWithApp(<Harness chapterIndex={0} sectionIndex={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Chapter' }));
    expect(await screen.findByText(chapterRefusal)).toBeInTheDocument();
    expect(screen.queryByText('Failed to expand chapter. Please try again.')).toBeNull();
    // Nothing changed: the working copy stays, and the chapter can be expanded again.
    expect(saved).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Expand Chapter' })).toBeEnabled();
    unmount();
    renderWithApp(<Harness chapterIndex={1} sectionIndex={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Section' }));
    expect(await screen.findByText(sectionRefusal)).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
  });

  it('says once that a section has nothing more to add', async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/generate-section': () =>
        json({ exhausted: true, note: 'Nothing more to add: everything "notes.pdf" says about "Work" is already in the textbook.' }),
    });
    renderWithApp(<Harness chapterIndex={1} sectionIndex={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Section' }));
    expect(await screen.findByText('Everything "notes.pdf" says about "Work" is already in the textbook.')).toBeInTheDocument();
    expect(screen.getAllByText(/Nothing more to add/)).toHaveLength(1);
    expect(saved).not.toHaveBeenCalled();
  });

  it('expands a section with the spec context and approved references, then Section Expanded', async () => {
    let sent: Record<string, unknown> = {};
    const after = {
      ...book,
      chapters: [
        book.chapters[0],
        { ...book.chapters[1], sections: [{ id: 's1', title: 'Work', content: '<p>Work is force times distance.</p><p>More.</p>' }] },
      ],
    };
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/generate-section': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          sectionContent: after.chapters[1].sections[0].content,
          textbookContent: after,
          revision: 5,
          exhausted: false,
          preview: true,
        });
      },
      'PATCH /api/textbooks/5': (init) => json({ content: JSON.parse(String(init?.body)).content, revision: 6 }),
    });
    renderWithApp(<Harness chapterIndex={1} sectionIndex={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand Section' }));
    expect(await screen.findByText('Review the expansion')).toBeInTheDocument();
    expect(screen.getByTestId('proposal-body').querySelectorAll('[data-mark="added"]')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(await screen.findByText('Section Expanded')).toBeInTheDocument();
    expect(sent).toMatchObject({
      textbookId: 5,
      chapterIndex: 1,
      sectionIndex: 0,
      chapterTitle: 'Energy',
      sectionTitle: 'Work',
      expansionLevel: 'comprehensive',
      paragraphCount: 8,
      preview: true,
    });
    expect(sent.references).toEqual([
      { title: 'Principia', authors: 'Newton', year: '1687', publisher: '', url: '', description: '', approved: true },
    ]);
    expect(String(sent.context)).toMatch(/^Learning objectives: /);
    expect(saved).toHaveBeenCalledWith(after, 6);
  });

  it('disables the expansion buttons without a textbook id', () => {
    mockFetch({ 'GET /api/user': () => json({ id: 1, username: 'alice' }) });
    renderWithApp(<Harness chapterIndex={0} sectionIndex={null} textbookId={0} />);
    expect(screen.getByRole('button', { name: 'Expand Chapter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /AI Expand/ })).toBeDisabled();
  });
});
