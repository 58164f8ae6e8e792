import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { EducationalContentViewer } from './educational-content-viewer';

const user = { id: 1, username: 'alice' };
const quiz = {
  id: 12,
  title: 'Quiz: Motion',
  description: '',
  contentType: 'quiz',
  metadata: {},
  content: {
    questions: [{ type: 'true-false', prompt: 'Speed is a vector.', answer: 'False', explanation: 'It has no direction.', source: 'x' }],
  },
};

describe('the quiz Download menu', () => {
  it('offers QTI, Moodle XML, GIFT and the two handouts, and asks the server for the chosen one', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/7/materials/12/download?format=gift': () => new Promise(() => {}),
    });
    renderWithApp(<EducationalContentViewer material={quiz} textbookId={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^QTI 1\.2/),
      expect.stringMatching(/^Moodle XML/),
      expect.stringMatching(/^GIFT/),
      expect.stringMatching(/^Printable handout \(\.docx\)/),
      expect.stringMatching(/^Printable handout \(\.pdf\)/),
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: /^GIFT/ }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/textbooks/7/materials/12/download?format=gift'));
  });

  it('is not offered in the reader (no book given), for a material not yet saved, or for a lesson plan', () => {
    mockFetch({ 'GET /api/user': () => json(user) });
    const { unmount } = renderWithApp(<EducationalContentViewer material={quiz} />);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    unmount();
    const second = renderWithApp(<EducationalContentViewer material={{ ...quiz, id: 'local-1' }} textbookId={7} />);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    second.unmount();
    renderWithApp(
      <EducationalContentViewer
        material={{
          ...quiz,
          contentType: 'lessonPlan',
          content: { objectives: ['a'], durationMinutes: 5, activities: [], materials: [], assessment: ['b'] },
        }}
        textbookId={7}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
