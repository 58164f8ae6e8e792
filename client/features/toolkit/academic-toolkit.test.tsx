import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { AcademicToolkit } from './academic-toolkit';

const user = { id: 7, username: 'alice' };
const longText =
  'Newton described motion with three laws that relate force, mass and acceleration in every inertial frame of reference we know.';
const book = (): TextbookContent => ({
  title: 'Mechanics',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'Motion',
      content: '<p>m</p>',
      sections: [
        { id: 's1', title: 'Laws', content: `<h3>Laws</h3><p>${longText}</p>` },
        { id: 's2', title: 'Frames', content: '<p>Short <em>frames</em> text</p>' },
      ],
    },
    { id: 'c2', title: 'Energy', content: '<p>e</p>', sections: [] },
  ],
});

// The tabs are loaded when the panel opens: loaded once here, so a test's first open does not wait for the transform.
beforeAll(async () => {
  await import('./toolkit-tabs');
});

type Patch = { content: TextbookContent; baseRevision?: number; description?: string };
const saved = vi.fn();

function Page({ initial }: { initial: TextbookContent }) {
  const [state, setState] = useState({ content: initial, revision: 3 });
  return (
    <AcademicToolkit
      textbookId={5}
      topic="Physics"
      content={state.content}
      revision={state.revision}
      onContentSaved={(content, revision) => {
        saved(content, revision);
        setState({ content, revision });
      }}
    />
  );
}

/** Answers PATCH like the server: the content back (ids for new items) and the next revision. */
function patchRoutes(status = 200) {
  const bodies: Patch[] = [];
  const calls = mockFetch({
    'GET /api/user': () => json(user),
    'GET /api/textbooks/5': () =>
      json({ id: 5, topic: 'Physics', userId: 7, isOwner: true, revision: 3, createdAt: '2025-01-01T00:00:00Z', content: book() }),
    'PATCH /api/textbooks/5': (init) => {
      const body = JSON.parse(String(init?.body)) as Patch;
      bodies.push(body);
      if (status !== 200) return json({ message: 'Database unavailable', code: 'INTERNAL' }, status);
      const content = { ...body.content, chapters: body.content.chapters.map((c, i) => ({ ...c, id: c.id ?? `new${i}` })) };
      return json({
        id: 5,
        topic: 'Physics',
        userId: 7,
        isOwner: true,
        createdAt: '2025-01-01T00:00:00Z',
        content,
        revision: (body.baseRevision ?? 0) + 1,
      });
    },
  });
  return { bodies, calls };
}

async function openTab(name: string, content = book()) {
  const u = userEvent.setup();
  renderWithApp(<Page initial={content} />, { path: '/textbook/5' });
  await u.click(screen.getByRole('button', { name: /Academic Toolkit/ }));
  await u.click(await screen.findByRole('tab', { name }));
  return u;
}
const toastTitle = () => screen.findByTestId('toast-title');
const toastDescription = () => screen.getByTestId('toast-description').textContent;

beforeEach(() => saved.mockReset());

describe('AcademicToolkit', () => {
  it('is a collapsed panel that opens onto the four tabs', async () => {
    patchRoutes();
    const u = userEvent.setup();
    renderWithApp(<Page initial={book()} />, { path: '/textbook/5' });
    expect(screen.queryByRole('tab')).toBeNull();
    await u.click(screen.getByRole('button', { name: /Academic Toolkit/ }));
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Customize Structure',
      'Reorder Content',
      'Add Chapters/Sections',
      'Version History',
    ]);
    // Customize Structure (the AI tools' tab) is the first one shown.
    expect(screen.getByRole('button', { name: /Apply Customization/ })).toBeDisabled();
  });
});

describe('Add Chapters/Sections', () => {
  it('shows the empty book message', async () => {
    patchRoutes();
    await openTab('Add Chapters/Sections', { title: 'Empty', chapters: [], references: [] });
    expect(screen.getByText('No chapters yet. Add your first chapter to get started.')).toBeInTheDocument();
  });

  it('refuses a blank chapter title without calling the server', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Add New Chapter' }));
    await u.type(screen.getByLabelText('Chapter title'), '   ');
    await u.click(screen.getByRole('button', { name: 'Add Chapter' }));
    expect(await toastTitle()).toHaveTextContent('Title Required');
    expect(toastDescription()).toBe('Please provide a title for the new chapter.');
    expect(bodies).toHaveLength(0);
  });

  it('adds a chapter with Introduction to {title} and no sections, saves with baseRevision, and closes the form', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Add New Chapter' }));
    await u.type(screen.getByLabelText('Chapter title'), '  Waves  ');
    await u.click(screen.getByRole('button', { name: 'Add Chapter' }));
    expect(await toastTitle()).toHaveTextContent('Chapter Added');
    expect(bodies).toHaveLength(1);
    expect(bodies[0].baseRevision).toBe(3);
    expect(bodies[0].description).toBe('Added chapter "Waves"');
    expect(bodies[0].content.chapters.at(-1)).toEqual({
      id: expect.stringMatching(/^c_[0-9a-f]{16}$/),
      title: 'Waves',
      content: '<p>Introduction to Waves</p>',
      sections: [],
    });
    expect(saved).toHaveBeenCalledWith(
      expect.objectContaining({
        chapters: expect.arrayContaining([expect.objectContaining({ id: expect.stringMatching(/^c_/), title: 'Waves' })]),
      }),
      4,
    );
    expect(screen.queryByLabelText('Chapter title')).toBeNull();
    expect(screen.getAllByTestId('toolkit-chapter-title').map((t) => t.textContent)).toEqual(['1. Motion', '2. Energy', '3. Waves']);
  });

  it('says Error - Failed to add the new chapter when the save fails', async () => {
    patchRoutes(500);
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Add New Chapter' }));
    await u.type(screen.getByLabelText('Chapter title'), 'Waves');
    await u.click(screen.getByRole('button', { name: 'Add Chapter' }));
    expect(await toastTitle()).toHaveTextContent('Error');
    expect(toastDescription()).toBe('Failed to add the new chapter. Please try again.');
    expect(screen.getByLabelText('Chapter title')).toHaveValue('Waves');
    expect(saved).not.toHaveBeenCalled();
  });

  it('shows section cards with the tag-stripped 100-character preview, and the empty chapter message', async () => {
    patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: /1\. Motion/ }));
    const cards = screen.getAllByTestId('section-card');
    expect(cards).toHaveLength(2);
    const preview = within(cards[0]).getByTestId('section-preview').textContent ?? '';
    expect(preview).toBe(`${`Laws ${longText}`.slice(0, 100)}...`);
    expect(preview).not.toMatch(/[<>]/);
    expect(within(cards[1]).getByTestId('section-preview')).toHaveTextContent(/^Short frames text$/);
    expect(within(cards[0]).getByRole('button', { name: 'Drag section "Laws"' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Edit section "Laws"' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /2\. Energy/ }));
    expect(screen.getByText('No sections in this chapter')).toBeInTheDocument();
  });

  it('asks for a chapter, then a title, before adding a section with the default HTML', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Add New Section' }));
    // The rich editor, not an HTML box: it shows the spec's default text (it is loaded on demand: a busy machine takes seconds).
    expect(await screen.findByTestId('new-section-editor', {}, { timeout: 10_000 })).toHaveTextContent('Enter your content here...');
    expect(screen.queryByLabelText('Content (HTML)')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Add Section' }));
    expect(await toastTitle()).toHaveTextContent('Select a Chapter');
    expect(toastDescription()).toBe('Please select a chapter to add the section to.');
    await u.selectOptions(screen.getByLabelText('Chapter'), '2. Energy');
    await u.click(screen.getByRole('button', { name: 'Add Section' }));
    await waitFor(() => expect(toastDescription()).toBe('Please provide a title for the new section.'));
    expect(bodies).toHaveLength(0);
    await u.type(screen.getByLabelText('Section title'), 'Work');
    await u.click(screen.getByRole('button', { name: 'Add Section' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Section Added'));
    expect(bodies[0].content.chapters[1].sections).toEqual([
      { id: expect.stringMatching(/^s_[0-9a-f]{16}$/), title: 'Work', content: '<p>Enter your content here...</p>' },
    ]);
    expect(screen.queryByLabelText('Section title')).toBeNull();
  });

  it('opens the section form on the chapter it was asked from', async () => {
    patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: /2\. Energy/ }));
    await u.click(screen.getByRole('button', { name: 'Add Section to this Chapter' }));
    expect(screen.getByLabelText('Chapter')).toHaveValue('c2');
  });

  it('refuses an empty chapter name and renames otherwise', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Rename chapter "Energy"' }));
    const input = screen.getByLabelText('Chapter title');
    await u.clear(input);
    await u.click(screen.getByRole('button', { name: 'Save new name' }));
    expect(await toastTitle()).toHaveTextContent('Error');
    expect(toastDescription()).toBe('Chapter title cannot be empty.');
    expect(bodies).toHaveLength(0);
    await u.type(input, 'Work and Energy{Enter}');
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Chapter Updated'));
    expect(bodies[0].content.chapters[1].title).toBe('Work and Energy');
    expect(bodies[0].description).toBe('Renamed chapter 2 to "Work and Energy"');
  });

  it('asks before deleting a chapter or a section, in the spec words', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: 'Delete chapter "Energy"' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the chapter "Energy"? This action cannot be undone.');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: /1\. Motion/ }));
    await u.click(screen.getByRole('button', { name: 'Delete section "Frames"' }));
    const sectionDialog = await screen.findByRole('alertdialog');
    expect(sectionDialog).toHaveTextContent('Are you sure you want to delete the section "Frames"? This action cannot be undone.');
    await u.click(within(sectionDialog).getByRole('button', { name: 'Delete' }));
    expect(await toastTitle()).toHaveTextContent('Section Deleted');
    expect(bodies[0].content.chapters[0].sections.map((s) => s.id)).toEqual(['s1']);

    await u.click(screen.getByRole('button', { name: 'Delete chapter "Energy"' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Chapter Deleted'));
    expect(bodies[1].content.chapters.map((c) => c.id)).toEqual(['c1']);
    expect(bodies[1].baseRevision).toBe(4);
  });

  it('names the sections that collided when the server refuses the save as a conflict', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'PATCH /api/textbooks/5': () =>
        json(
          {
            message: 'Someone else changed the same part of the textbook while you were editing. Review both versions and save again.',
            code: 'CONFLICT',
            content: book(),
            revision: 4,
            conflicts: [
              { chapterId: 'c1', sectionId: 's2', title: 'Frames', kind: 'both-edited' },
              { chapterId: 'c2', sectionId: 's9', title: 'Heat', kind: 'edited-and-deleted' },
            ],
          },
          409,
        ),
    });
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: /1\. Motion/ }));
    await u.click(screen.getByRole('button', { name: 'Edit section "Frames"' }));
    const title = screen.getByLabelText('Section title');
    await u.clear(title);
    await u.type(title, 'Reference Frames');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toastTitle()).toHaveTextContent('Update Failed');
    expect(toastDescription()).toBe(
      'Someone else changed the same part of the textbook while you were editing. Review both versions and save again. ' +
        'Changed by you and someone else: "Frames". Deleted on one side and edited on the other: "Heat".',
    );
    expect(calls.filter((c) => c.key === 'PATCH /api/textbooks/5')).toHaveLength(1);
    expect(saved).not.toHaveBeenCalled();
  });

  it('edits a section title, with its text in the editor rather than as raw HTML', async () => {
    const { bodies } = patchRoutes();
    const u = await openTab('Add Chapters/Sections');
    await u.click(screen.getByRole('button', { name: /1\. Motion/ }));
    await u.click(screen.getByRole('button', { name: 'Edit section "Frames"' }));
    const title = screen.getByLabelText('Section title');
    expect(await screen.findByTestId('section-card-editor')).toHaveTextContent('Short frames text');
    expect(screen.queryByLabelText('Content (HTML)')).toBeNull();
    await u.clear(title);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toastTitle()).toHaveTextContent('Error');
    await u.type(title, 'Reference Frames');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('toast-title')).toHaveTextContent('Content Updated'));
    expect(bodies[0].content.chapters[0].sections[1]).toEqual({
      id: 's2',
      title: 'Reference Frames',
      content: '<p>Short <em>frames</em> text</p>',
    });
  });
});

describe('Reorder Content', () => {
  it('lists chapters, shows and hides sections, opens section reordering, and has nothing to reset or save yet', async () => {
    patchRoutes();
    const u = await openTab('Reorder Content');
    expect(screen.getAllByTestId('reorder-chapter-title').map((t) => t.textContent)).toEqual(['1. Motion', '2. Energy']);
    expect(screen.getByRole('button', { name: 'Drag chapter "Motion"' })).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getByRole('button', { name: /Reset Order/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Save Changes/ })).toBeDisabled();

    await u.click(screen.getByRole('button', { name: 'Show Sections of "Motion"' }));
    expect(screen.getByText('Frames')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Hide Sections of "Motion"' }));
    expect(screen.queryByText('Frames')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Reorder Sections of "Motion"' }));
    expect(screen.getAllByTestId('reorder-section-title').map((t) => t.textContent)).toEqual(['1. Laws', '2. Frames']);
    await u.click(screen.getByRole('button', { name: 'Back to Chapters' }));
    expect(screen.getAllByTestId('reorder-chapter')).toHaveLength(2);
  });

  it('shows the empty book message', async () => {
    patchRoutes();
    await openTab('Reorder Content', { title: 'Empty', chapters: [], references: [] });
    expect(screen.getByText('No chapters yet. Add your first chapter to get started.')).toBeInTheDocument();
  });
});
