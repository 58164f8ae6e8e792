import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { Doc } from 'yjs';
import type { TextbookContent } from '@common/textbook';
import { EditorCard, editorCardTitle } from './editor-card';

const content: TextbookContent = {
  title: 'B',
  references: [],
  chapters: [
    { id: 'c1', title: 'Waves', content: '', sections: [{ id: 's1', title: 'Sound', content: '<p>s</p>' }] },
    { id: 'c2', title: 'Optics', content: '<p>o</p>', sections: [] },
  ],
};

describe('EditorCard', () => {
  it('is titled "chapter - section" for a section and by the chapter alone for a chapter without sections', () => {
    expect(editorCardTitle(content, 0, 0)).toBe('Waves - Sound');
    expect(editorCardTitle(content, 1, null)).toBe('Optics');
    expect(editorCardTitle(content, null, null)).toBeNull();
  });

  it('asks for a chapter when none is selected', () => {
    render(<EditorCard content={content} selectedChapter={null} selectedSection={null} textbookId={1} onEdit={() => {}} />);
    expect(screen.getByText('Select a chapter to view content')).toBeInTheDocument();
  });

  it('asks for a section when the chapter has sections but none is selected', () => {
    render(<EditorCard content={content} selectedChapter={0} selectedSection={null} textbookId={1} onEdit={() => {}} />);
    expect(screen.getByText('Select a section to view content')).toBeInTheDocument();
  });

  it('shows Loading section content... while the editor module loads', () => {
    render(<EditorCard content={content} selectedChapter={1} selectedSection={null} textbookId={1} onEdit={() => {}} />);
    expect(screen.getByText('Loading section content...')).toBeInTheDocument();
  });

  it('shows the stored body read-only, without an editor, until the live document has synced', () => {
    const live = {
      doc: new Doc(),
      provider: {} as HocuspocusProvider,
      user: { name: 'ann', color: '#123456', id: 1 },
      ready: false,
      readOnly: false,
    };
    render(<EditorCard content={content} selectedChapter={0} selectedSection={0} textbookId={1} live={live} />);
    expect(screen.getByTestId('content-preview')).toHaveTextContent('s');
    expect(screen.getByTestId('content-preview').querySelector('p')?.textContent).toBe('s');
    expect(screen.queryByTestId('content-editor')).toBeNull();
    expect(screen.queryByText('Loading section content...')).toBeNull();
  });

  it('shows the stored body, without an editor, while the page is still opening its live document', () => {
    render(<EditorCard content={content} selectedChapter={0} selectedSection={0} textbookId={1} live={null} />);
    expect(screen.getByTestId('content-preview').querySelector('p')?.textContent).toBe('s');
    expect(screen.queryByText('Loading section content...')).toBeNull();
  });

  it('shows the stored body’s formulas typeset before the live document has synced, never as $ source', async () => {
    const withMath: TextbookContent = {
      ...content,
      chapters: [
        {
          id: 'c1',
          title: 'Energy',
          content:
            '<p>The free energy is $\\Delta G = -2870\\,\\mathrm{kJ/mol}$ per mole.</p><p>$$C_6H_{12}O_6 + 6O_2 \\to 6CO_2 + 6H_2O$$</p>' +
            '<p>Stored by the editor: <span data-type="inline-math" data-latex="E = mc^2"></span>.</p>',
          sections: [],
        },
      ],
    };
    render(<EditorCard content={withMath} selectedChapter={0} selectedSection={null} textbookId={1} live={null} />);
    const preview = screen.getByTestId('content-preview');
    // Before KaTeX has loaded, the source is already gone.
    expect(preview.textContent).not.toContain('$');
    await waitFor(() => expect(preview.querySelectorAll('.katex')).toHaveLength(3));
    expect(preview.querySelector('[data-type="block-math"] .katex-display')).not.toBeNull();
    expect(Array.from(preview.querySelectorAll('math annotation')).map((a) => a.textContent)).toEqual([
      '\\Delta G = -2870\\,\\mathrm{kJ/mol}',
      'C_6H_{12}O_6 + 6O_2 \\to 6CO_2 + 6H_2O',
      'E = mc^2',
    ]);
    expect(preview.textContent).not.toContain('$');
    expect(preview).toHaveTextContent('per mole.');
  });
});
