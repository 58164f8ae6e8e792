import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { TextbookWorkspace } from '../textbook/textbook-workspace';
import { useAiWritingTools } from './use-ai-writing-tools';

/** After Expand Chapter the editor shows the chapter's first section, not 'Select a section to view content'. */
const book: TextbookContent = {
  title: 'Memory',
  references: [],
  chapters: [{ id: 'c1', title: 'Why study memory?', content: '<p>Memory is a family of systems.</p>', sections: [] }],
};
const expanded: TextbookContent = {
  ...book,
  chapters: [
    {
      id: 'c1',
      title: 'Why study memory?',
      content: '',
      sections: [
        { id: 's1', title: 'Family of systems', content: '<p>Memory is a family of systems.</p>' },
        { id: 's2', title: 'Forgetting curve', content: '<p>Forgetting is rapid at first.</p>' },
      ],
    },
  ],
};

function View() {
  const [content, setContent] = useState(book);
  const ai = useAiWritingTools({ textbookId: 5, content, onContentSaved: (next) => setContent(next) });
  return (
    <>
      {ai.overlay}
      <TextbookWorkspace
        textbookId={5}
        title="Memory"
        content={content}
        materials={[]}
        onEdit={() => undefined}
        editorFooter={ai.editorFooter}
      />
    </>
  );
}

describe('Expand Chapter and the navigator', () => {
  it("selects the expanded chapter's first section", async () => {
    mockFetch({
      'GET /api/user': () => json({ id: 1, username: 'alice' }),
      'POST /api/ai/expand-chapter': () =>
        json({ expandedChapter: expanded.chapters[0], textbookContent: expanded, revision: 3, exhausted: false, preview: true }),
      'PATCH /api/textbooks/5': () => json({ content: expanded, revision: 4 }),
      'GET /api/textbooks/5': () =>
        json({ id: 5, topic: 'Memory', userId: 1, isOwner: true, revision: 4, createdAt: '2025-01-01T00:00:00Z', content: expanded }),
    });
    renderWithApp(<View />);
    await userEvent.click(await screen.findByRole('button', { name: 'Expand Chapter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(screen.getByTestId('editor-card')).toHaveTextContent('Why study memory? - Family of systems'));
    expect(screen.queryByText('Select a section to view content')).toBeNull();
  });
});
