import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Chapter } from '@common/textbook';
import type { EducationalMaterial } from '../materials-viewer/educational-material';
import { TextbookNavigator } from './textbook-navigator';
import { useNavigator } from './use-navigator';

const chapters: Chapter[] = [
  {
    id: 'c1',
    title: 'Foundations',
    content: '',
    sections: [
      { id: 's1', title: 'Definitions', content: '<p>Sets and maps</p>' },
      { id: 's2', title: 'Proofs', content: '<p>Induction</p>' },
    ],
  },
  { id: 'c2', title: 'Algebra', content: '', sections: [{ id: 's3', title: 'Groups', content: '<p>Symmetry of a square</p>' }] },
  { id: 'c3', title: 'Afterword', content: '<p>Thanks</p>', sections: [] },
];

const material = (contentType: string, title: string, description = ''): EducationalMaterial => ({
  title,
  description,
  contentType,
  metadata: {},
  content: {},
});

function Harness({
  materials = [],
  onSelect = () => {},
}: {
  materials?: EducationalMaterial[];
  onSelect?: (c: number, s: number | null) => void;
}) {
  const nav = useNavigator(chapters, (sel) => onSelect(sel.chapterIndex, sel.sectionIndex));
  return (
    <>
      <TextbookNavigator
        title="Discrete Mathematics"
        chapters={chapters}
        navigator={nav}
        materials={materials}
        selectedMaterialKey={null}
        onSelectSection={nav.selectSection}
        onSelectMaterial={() => {}}
      />
      <output data-testid="selection">{`${nav.state.selectedChapter}:${nav.state.selectedSection}`}</output>
    </>
  );
}

const chapterButton = (name: string) => screen.getByRole('button', { name });

describe('TextbookNavigator', () => {
  it('shows the search box, the title heading and the first chapter expanded', () => {
    render(<Harness />);
    expect(screen.getByPlaceholderText('Search content...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discrete Mathematics' })).toBeInTheDocument();
    expect(chapterButton('Foundations')).toHaveAttribute('aria-expanded', 'true');
    expect(chapterButton('Algebra')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Definitions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Groups' })).not.toBeInTheDocument();
  });

  it('under each chapter of a book made from several files, the files it comes from', () => {
    const fromFiles: Chapter[] = [
      { ...chapters[0], sourceFiles: ['vectors.pdf'] },
      { ...chapters[1], sourceFiles: ['lesson.docx', 'deck.pptx'] },
      chapters[2],
    ];
    function FromFiles() {
      const nav = useNavigator(fromFiles);
      return (
        <TextbookNavigator
          title="Two files"
          chapters={fromFiles}
          navigator={nav}
          materials={[]}
          selectedMaterialKey={null}
          onSelectSection={nav.selectSection}
          onSelectMaterial={() => {}}
        />
      );
    }
    render(<FromFiles />);
    expect(screen.getByText('From: vectors.pdf')).toBeInTheDocument();
    expect(screen.getByText('From: lesson.docx, deck.pptx')).toBeInTheDocument();
    // The chapter's button keeps its title as its name; a chapter with no files named shows none.
    expect(chapterButton('Algebra')).toBeInTheDocument();
    expect(screen.getAllByText(/^From: /)).toHaveLength(2);
  });

  it('selecting a section notifies the parent with both indexes', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proofs' }));
    expect(onSelect).toHaveBeenLastCalledWith(0, 1);
    expect(screen.getByTestId('selection')).toHaveTextContent('0:1');
  });

  it('expanding a chapter by clicking selects it and its first section, and tells the parent', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(chapterButton('Algebra'));
    expect(chapterButton('Algebra')).toHaveAttribute('aria-expanded', 'true');
    expect(onSelect).toHaveBeenLastCalledWith(1, 0);
    expect(screen.getByRole('button', { name: 'Groups' })).toHaveAttribute('aria-current', 'true');
  });

  it('collapsing a chapter by clicking keeps the selection and does not notify', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proofs' }));
    onSelect.mockClear();
    fireEvent.click(chapterButton('Foundations'));
    expect(chapterButton('Foundations')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('selection')).toHaveTextContent('0:1');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('typing a search expands all matching chapters and lists only matching sections', () => {
    render(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('Search content...'), { target: { value: 'SQUARE' } });
    expect(screen.queryByRole('button', { name: 'Foundations' })).not.toBeInTheDocument();
    expect(chapterButton('Algebra')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Groups' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search content...')).toHaveValue('SQUARE');
  });

  it('clearing the search shows everything again with the expansion the search left', () => {
    render(<Harness />);
    const box = screen.getByPlaceholderText('Search content...');
    fireEvent.change(box, { target: { value: 'o' } });
    fireEvent.change(box, { target: { value: '' } });
    expect(screen.getAllByRole('button', { name: /Foundations|Algebra|Afterword/ })).toHaveLength(3);
    expect(chapterButton('Afterword')).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides the Educational Materials group when there are no materials', () => {
    render(<Harness />);
    expect(screen.queryByText('Educational Materials')).not.toBeInTheDocument();
  });

  it('labels materials Quiz, Assessment, Lesson Plan, Homework, and others with a generic icon and a capitalised label', () => {
    render(
      <Harness
        materials={[
          material('quiz', 'Q1'),
          material('assessment', 'A1'),
          material('lessonPlan', 'L1'),
          material('homework', 'H1'),
          material('flashcards', 'F1'),
        ]}
      />,
    );
    const group = screen.getByRole('region', { name: 'Educational Materials' });
    for (const [title, label] of [
      ['Q1', 'Quiz'],
      ['A1', 'Assessment'],
      ['L1', 'Lesson Plan'],
      ['H1', 'Homework'],
      ['F1', 'Flashcards'],
    ]) {
      expect(within(group).getByRole('button', { name: new RegExp(`${title}\\s*${label}`) })).toBeInTheDocument();
    }
    const generic = within(group).getByRole('button', { name: /F1/ });
    expect(generic.querySelector('[data-icon="generic"]')).not.toBeNull();
    expect(within(group).getByRole('button', { name: /Q1/ }).querySelector('[data-icon="quiz"]')).not.toBeNull();
  });

  it('filters materials by title or description with the same search', () => {
    render(<Harness materials={[material('quiz', 'Groups quiz'), material('homework', 'Week 2', 'Practice induction')]} />);
    act(() => {
      fireEvent.change(screen.getByPlaceholderText('Search content...'), { target: { value: 'induction' } });
    });
    const group = screen.getByRole('region', { name: 'Educational Materials' });
    expect(within(group).getByRole('button', { name: /Week 2/ })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /Groups quiz/ })).not.toBeInTheDocument();
  });
});
