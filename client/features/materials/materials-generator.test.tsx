import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaterialResponseItem } from '@common/materials';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { loadStoredMaterials } from '../materials-viewer/educational-material';
import { useEducationalMaterials } from '../materials-viewer/use-educational-materials';
import { DeleteMaterialButton } from './delete-material-button';
import { MaterialsGenerator } from './materials-generator';

const chapters = [
  { id: 'c1', title: 'Kinematics', content: '<p>Velocity is the rate of change of position.</p>', sections: [] },
  { id: 'c2', title: 'Dynamics', content: '<p>Force is mass times acceleration.</p>', sections: [] },
];

const quiz: MaterialResponseItem = {
  id: 41,
  textbookId: 7,
  title: 'Quiz: Dynamics',
  description: '1 questions on the chapter "Dynamics".',
  contentType: 'quiz',
  metadata: { chapterTitle: 'Dynamics', chapterIndex: 1 },
  content: {
    questions: [
      {
        type: 'short-answer',
        prompt: 'Fill in the blank: _____ is mass times acceleration.',
        answer: 'Force',
        explanation: 'Stated in Dynamics.',
        source: 'Force is mass times acceleration.',
      },
    ],
  },
  createdAt: '2025-01-05T10:00:00.000Z',
};

/** Shows what the page would list, so the tests see the event land. */
function Listed({ textbookId }: { textbookId: number }) {
  const items = useEducationalMaterials(textbookId);
  return (
    <ul aria-label="listed">
      {items.map((m) => (
        <li key={m.title}>{m.title}</li>
      ))}
    </ul>
  );
}

afterEach(() => localStorage.clear());

describe('MaterialsGenerator', () => {
  it('generates the chosen type for the chosen chapter, announces it with educationalContentGenerated and says so', async () => {
    let resolve: (r: Response) => void = () => {};
    const calls = mockFetch({ 'POST /api/textbooks/7/materials': () => new Promise<Response>((r) => (resolve = r)) });
    const events: unknown[] = [];
    const onEvent = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener('educationalContentGenerated', onEvent);
    renderWithApp(
      <>
        <MaterialsGenerator textbookId={7} chapters={chapters} />
        <Listed textbookId={7} />
      </>,
    );

    expect(screen.getByRole('option', { name: 'Whole textbook' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Material type'), { target: { value: 'quiz' } });
    fireEvent.change(screen.getByLabelText('Covering'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Quiz' }));

    const busy = await screen.findByRole('button', { name: 'Generating Quiz...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Material type')).toBeDisabled();
    expect(JSON.parse(String(calls.find((c) => c.key.startsWith('POST'))?.init?.body))).toEqual({ contentType: 'quiz', chapterIndex: 1 });

    await act(async () => resolve(json({ material: quiz }, 201)));
    expect(await screen.findByText('Quiz Generated')).toBeInTheDocument();
    expect(screen.getByText('"Quiz: Dynamics" was added to Educational Materials.')).toBeInTheDocument();
    expect(events).toEqual([{ textbookId: 7, content: quiz }]);
    expect(within(screen.getByRole('list', { name: 'listed' })).getByText('Quiz: Dynamics')).toBeInTheDocument();
    expect(loadStoredMaterials(7).map((m) => m.id)).toEqual([41]);
    expect(screen.getByRole('button', { name: 'Generate Quiz' })).toBeEnabled();
    window.removeEventListener('educationalContentGenerated', onEvent);
  });

  it("sends no chapterIndex for the whole textbook, and shows the server's reason when generation fails", async () => {
    const calls = mockFetch({
      'POST /api/textbooks/7/materials': () =>
        json({ message: 'The chapter "Kinematics" has no text to build a homework from yet.', code: 'UNPROCESSABLE' }, 422),
    });
    renderWithApp(<MaterialsGenerator textbookId={7} chapters={chapters} />);
    fireEvent.change(screen.getByLabelText('Material type'), { target: { value: 'homework' } });
    fireEvent.change(screen.getByLabelText('Covering'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Homework' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to generate homework: The chapter "Kinematics" has no text to build a homework from yet.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.key.startsWith('POST'))?.init?.body))).toEqual({ contentType: 'homework' });
  });
});

describe('DeleteMaterialButton', () => {
  it('asks first, deletes on the server and drops the local copy', async () => {
    const calls = mockFetch({ 'DELETE /api/textbooks/7/materials/41': () => json({ ok: true }) });
    renderWithApp(
      <>
        <DeleteMaterialButton textbookId={7} material={{ ...quiz, metadata: { chapterTitle: 'Dynamics' } }} />
        <Listed textbookId={7} />
      </>,
    );
    act(() => {
      window.dispatchEvent(new CustomEvent('educationalContentGenerated', { detail: { textbookId: 7, content: quiz } }));
    });
    expect(await screen.findByText('Quiz: Dynamics', { selector: 'li' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete "Quiz: Dynamics"? This action cannot be undone.')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Material Deleted')).toBeInTheDocument();
    expect(calls.map((c) => c.key).filter((k) => k.startsWith('DELETE'))).toEqual(['DELETE /api/textbooks/7/materials/41']);
    await waitFor(() => expect(screen.queryByText('Quiz: Dynamics', { selector: 'li' })).not.toBeInTheDocument());
    expect(loadStoredMaterials(7)).toEqual([]);
  });

  it('keeps the material and says why when the server refuses', async () => {
    mockFetch({ 'DELETE /api/textbooks/7/materials/41': () => json({ message: 'Material not found', code: 'NOT_FOUND' }, 404) });
    renderWithApp(<DeleteMaterialButton textbookId={7} material={{ ...quiz, metadata: {} }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Material not found')).toBeInTheDocument();
  });
});
