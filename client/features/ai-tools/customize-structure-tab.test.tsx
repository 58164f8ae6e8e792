import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { customizeExamples } from '@common/ai-tools';
import { CustomizeStructureTab } from './customize-structure-tab';

const book: TextbookContent = {
  title: 'Mechanics',
  references: [],
  chapters: [
    { id: 'c1', title: 'Motion', content: '<p>m</p>', sections: [] },
    { id: 'c2', title: 'Energy', content: '<p>e</p>', sections: [] },
  ],
};
const saved = vi.fn();

beforeEach(() => saved.mockReset());

function renderTab() {
  return renderWithApp(<CustomizeStructureTab textbookId={5} content={book} onContentSaved={saved} />);
}

describe('CustomizeStructureTab', () => {
  it('disables Apply Customization while the guidance is blank; the five examples fill it', async () => {
    mockFetch({ 'GET /api/user': () => json({ id: 1, username: 'alice' }) });
    renderTab();
    const apply = screen.getByRole('button', { name: 'Apply Customization' });
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Guidance'), '   ');
    expect(apply).toBeDisabled();
    expect(customizeExamples).toHaveLength(5);
    for (const example of customizeExamples) {
      await userEvent.click(screen.getByRole('button', { name: example }));
      expect(screen.getByLabelText('Guidance')).toHaveValue(example);
    }
    expect(apply).toBeEnabled();
    expect(screen.getByLabelText('Reference document (optional)')).toHaveValue('');
  });

  it('sends guidance and the reference document, shows the busy label, previews the new table of contents, then saves exactly it and toasts', async () => {
    const restructured = { ...book, chapters: [{ id: 'w1', title: 'Week 1: Motion', content: '', sections: [] }] };
    let body: Record<string, unknown> = {};
    const patches: Array<Record<string, unknown>> = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/customize-structure': async (init) => {
        body = JSON.parse(String(init?.body));
        await gate;
        return json({ textbookContent: restructured, revision: 8, summary: 'Followed your outline.', preview: true });
      },
      'PATCH /api/textbooks/5': (init) => {
        const sent = JSON.parse(String(init?.body));
        patches.push(sent);
        return json({ id: 5, topic: 'M', content: sent.content, revision: 9 });
      },
    });
    renderTab();
    await userEvent.click(screen.getByRole('button', { name: customizeExamples[0] }));
    await userEvent.type(screen.getByLabelText('Reference document (optional)'), 'Week 1: Motion');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Customization' }));
    expect(await screen.findByRole('button', { name: 'Restructuring Textbook...' })).toBeDisabled();
    release();
    const toc = await screen.findByRole('list', { name: 'Proposed table of contents' });
    expect(toc).toHaveTextContent('Week 1: Motion');
    expect(toc).toHaveTextContent('Energy');
    expect(body).toEqual({
      textbookId: 5,
      userGuidance: 'Follow my class outline with weekly topics',
      originalDocument: 'Week 1: Motion',
      preview: true,
    });
    expect(saved).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply this structure' }));
    expect(await screen.findByText('Textbook Structure Updated')).toBeInTheDocument();
    expect(screen.getByText('Followed your outline.')).toBeInTheDocument();
    expect(patches).toEqual([
      { content: restructured, baseRevision: 8, description: 'Restructured: Follow my class outline with weekly topics' },
    ]);
    expect(saved).toHaveBeenCalledWith(restructured, 9);

    // One click takes it back: the book as it was, saved against the restructured revision as a described version.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(patches[1]).toEqual({
      content: book,
      baseRevision: 9,
      description: 'Undid: Restructured: Follow my class outline with weekly topics',
    });
  });

  it("shows Customization Failed with the server's reason, or the spec default", async () => {
    let answer = json(
      {
        message: 'I could not work out how to restructure the textbook from that guidance, so nothing was changed.',
        code: 'UNPROCESSABLE',
      },
      422,
    );
    mockFetch({ 'GET /api/user': () => json({ id: 1, username: 'alice' }), 'POST /api/ai/customize-structure': () => answer });
    renderTab();
    await userEvent.type(screen.getByLabelText('Guidance'), 'Make it sparkle');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Customization' }));
    expect(await screen.findByText('Customization Failed')).toBeInTheDocument();
    expect(screen.getByText(/so nothing was changed/)).toBeInTheDocument();
    answer = new Response('', { status: 500, statusText: 'Internal Server Error' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Customization' }));
    await waitFor(() => expect(screen.getByText('Failed to customize textbook structure')).toBeInTheDocument());
    expect(saved).not.toHaveBeenCalled();
  });
});
