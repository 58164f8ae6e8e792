import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EducationalContentViewer } from './educational-content-viewer';
import { materialTypeLabel, mergeMaterials, toMaterials, type EducationalMaterial } from './educational-material';

const base = { description: 'For chapter 1', metadata: { chapterTitle: 'Kinematics' } };

describe('educational materials', () => {
  it('merges by title plus contentType: same pair replaces, a different type is a new item', () => {
    const quiz = { ...base, title: 'Motion', contentType: 'quiz', content: { questions: [] } };
    const merged = mergeMaterials(
      toMaterials([quiz]),
      toMaterials([
        { ...quiz, description: 'v2' },
        { ...quiz, contentType: 'homework' },
      ]),
    );
    expect(merged.map((m) => [m.title, m.contentType, m.description])).toEqual([
      ['Motion', 'quiz', 'v2'],
      ['Motion', 'homework', 'For chapter 1'],
    ]);
  });

  it('drops items without a title or type', () => {
    expect(toMaterials([{ title: '', contentType: 'quiz' }, { title: 'x' }, null, 'text'])).toEqual([]);
  });

  it('labels known types and capitalises others', () => {
    expect(['quiz', 'assessment', 'lessonPlan', 'homework', 'flashcards', 'studyGuide'].map(materialTypeLabel)).toEqual([
      'Quiz',
      'Assessment',
      'Lesson Plan',
      'Homework',
      'Flashcards',
      'Study Guide',
    ]);
  });
});

function show(m: Partial<EducationalMaterial> & Pick<EducationalMaterial, 'contentType' | 'content'>) {
  render(<EducationalContentViewer material={{ title: 'Item', ...base, ...m }} />);
  return screen.getByTestId('educational-content-viewer');
}

describe('EducationalContentViewer', () => {
  it('shows title, description and a quiz with options and an answer reveal with explanation and source', () => {
    const v = show({
      title: 'Motion quiz',
      contentType: 'quiz',
      content: {
        questions: [
          {
            type: 'multiple-choice',
            prompt: 'SI unit of speed?',
            options: ['m/s', 'km', 'N'],
            answer: 'm/s',
            explanation: 'Distance over time',
            source: 'Kinematics - Speed',
          },
          {
            type: 'true-false',
            prompt: 'Velocity is a vector.',
            answer: 'True',
            explanation: 'It has direction',
            source: 'Kinematics - Velocity',
          },
        ],
      },
    });
    expect(within(v).getByText('Motion quiz')).toBeInTheDocument();
    expect(within(v).getByText('For chapter 1')).toBeInTheDocument();
    expect(within(v).getByRole('heading', { name: 'Quiz' })).toBeInTheDocument();
    expect(within(v).getByText('km')).toBeInTheDocument();
    expect(within(v).queryByText('Distance over time')).toBeNull();
    fireEvent.click(within(v).getAllByRole('button', { name: 'Show answer' })[0]);
    expect(within(v).getByText('Distance over time')).toBeVisible();
    expect(within(v).getByText('Kinematics - Speed')).toBeVisible();
  });

  it('shows an assessment with points, rubric and total', () => {
    const v = show({
      contentType: 'assessment',
      content: {
        items: [{ type: 'essay', prompt: 'Explain inertia', points: 10, rubric: ['Defines inertia', 'Gives an example'] }],
        totalPoints: 10,
      },
    });
    expect(within(v).getByRole('heading', { name: 'Assessment' })).toBeInTheDocument();
    expect(within(v).getByText('10 points')).toBeInTheDocument();
    expect(within(v).getByText('Total points: 10')).toBeInTheDocument();
    expect(within(v).getByText('Gives an example')).toBeInTheDocument();
  });

  it('shows a lesson plan as a timeline of activities', () => {
    const v = show({
      contentType: 'lessonPlan',
      content: {
        objectives: ['Define speed'],
        durationMinutes: 50,
        activities: [
          { minutes: 10, title: 'Warm-up', description: 'Quick poll' },
          { minutes: 25, title: 'Lab', description: 'Ramps' },
        ],
        materials: ['Ramps'],
        assessment: ['Exit ticket'],
      },
    });
    expect(within(v).getByRole('heading', { name: 'Lesson Plan' })).toBeInTheDocument();
    expect(within(v).getByText('0-10 min (10 min)')).toBeInTheDocument();
    expect(within(v).getByText('10-35 min (25 min)')).toBeInTheDocument();
    expect(within(v).getByText('Duration: 50 minutes')).toBeInTheDocument();
  });

  it('shows homework problems with guidance', () => {
    const v = show({
      contentType: 'homework',
      content: {
        problems: [{ prompt: 'A car travels 100 m in 5 s. Speed?', guidance: 'Divide distance by time', expectedAnswer: '20 m/s' }],
      },
    });
    expect(within(v).getByRole('heading', { name: 'Homework' })).toBeInTheDocument();
    expect(within(v).getByText('Divide distance by time')).toBeInTheDocument();
  });

  it('shows other types, and known types with an unexpected body, in the generic view with the content type', () => {
    const v = show({ contentType: 'flashcards', content: { cards: [{ front: 'v', back: 'velocity' }] } });
    expect(within(v).getByText('Content type: flashcards')).toBeInTheDocument();
    expect(within(v).getByText(/velocity/)).toBeInTheDocument();
  });
});
