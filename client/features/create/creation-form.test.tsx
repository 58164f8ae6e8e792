import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomePage } from '@client/pages/home-page';
import { json, mockFetch, renderWithApp } from '@client/test/render';

const extraction = {
  extractedText: 'Trace trees record hot loops.\nType specialization follows.',
  detectedTopic: 'Trace-based JIT compilation',
  objectives: ['Explain how trace trees are recorded', 'Compare tracing with method compilation'],
  extractedReferences: [
    'A. Gal et al. Trace-based just-in-time type specialization. PLDI 2009.',
    {
      title: 'Dynamo: a transparent dynamic optimization system',
      authors: ['V. Bala', 'E. Duesterwald'],
      year: 2000,
      publisher: 'PLDI',
      url: 'https://doi.org/10.1145/349299.349303',
    },
  ],
  aiSuggestions: ['Define "side exit" before using it'],
};

function setup() {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithApp(<HomePage />);
  return { user, ...view };
}

function toastText(): string {
  return screen.queryByTestId('toast')?.textContent ?? '';
}

describe('creation form: extraction preview', () => {
  it('refuses to extract without a file in file mode, and without content in direct mode', async () => {
    const calls = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Validation Error');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Please upload at least one file');

    await user.click(screen.getByRole('tab', { name: 'Enter Directly' }));
    await user.type(screen.getByLabelText('Content'), '   ');
    await user.click(screen.getByRole('button', { name: 'Analyze & Preview Content' }));
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Please enter some content');
    expect(calls.filter((c) => c.key.includes('/api/extract-text'))).toHaveLength(0);
  });

  it('lists a chosen text file with size in MB, type and its first lines, and removes it', async () => {
    mockFetch({});
    const { user } = setup();
    const file = new File(['Chapter one\n\nLine two of the notes\nthird'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByTestId('file-input'), file);
    const item = screen.getByTestId('file-item');
    expect(item).toHaveTextContent('notes.txt');
    expect(item).toHaveTextContent('0.00 MB · TXT');
    await waitFor(() => expect(within(item).getByTestId('file-preview')).toHaveTextContent('Line two of the notes'));
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(screen.queryByTestId('file-item')).toBeNull();
  });

  it('takes Markdown pages as text files, whether the browser names their type or only the extension does', async () => {
    mockFetch({});
    const { user } = setup();
    const typed = new File(['# Databases\n\nA table holds rows.'], 'databases.md', { type: 'text/markdown' });
    const untyped = new File(['## Keys\n\nA key names a row.'], 'keys.markdown', { type: '' });
    const quarto = new File(['## Joins\n\nA join pairs rows.'], 'joins.qmd', { type: '' });
    await user.upload(screen.getByTestId('file-input'), [typed, untyped, quarto]);
    expect(screen.queryByRole('alert')).toBeNull();
    const items = screen.getAllByTestId('file-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('databases.md'),
      expect.stringContaining('keys.markdown'),
      expect.stringContaining('joins.qmd'),
    ]);
    expect(items[0]).toHaveTextContent('0.00 MB · MD');
    expect(items[1]).toHaveTextContent('MARKDOWN');
    await waitFor(() => expect(within(items[0]).getByTestId('file-preview')).toHaveTextContent('A table holds rows.'));
  });

  it('names a Word file by its extension, DOCX, never by its long media type', async () => {
    mockFetch({});
    const { user } = setup();
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await user.upload(screen.getByTestId('file-input'), new File([new Uint8Array(4096)], 'lecture03.docx', { type: docxType }));
    const item = screen.getByTestId('file-item');
    expect(item).toHaveTextContent('0.00 MB · DOCX');
    expect(item).toHaveTextContent('Word document');
    expect(item.textContent).not.toContain('openxmlformats');
  });

  it('refuses a GIF dropped on the form with the spec message, and keeps the PDF dropped with it', async () => {
    mockFetch({});
    setup();
    // PNG and JPEG are read as scans now; a GIF is still no material.
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'diagram.gif', { type: 'image/gif' });
    const pdf = new File([new Uint8Array(2 * 1024 * 1024)], 'paper.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByRole('form', { name: 'Create textbook' }), { dataTransfer: { files: [gif, pdf], types: ['Files'] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file format. Please upload PDF, DOCX, or TXT files only.');
    const items = screen.getAllByTestId('file-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('paper.pdf');
    expect(items[0]).toHaveTextContent('2.00 MB');
    await waitFor(() => expect(within(items[0]).getByTestId('file-preview')).toHaveAttribute('data-state', 'ready'));
    expect(items[0]).toHaveTextContent('PDF document');
  });

  it('sends direct content with directMethod and fills text, topic, objectives, references and suggestions', async () => {
    const calls = mockFetch({ 'POST /api/extract-text': () => json(extraction) });
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Enter Directly' }));
    await user.type(screen.getByLabelText('Chapter Title (optional)'), 'Tracing');
    await user.type(screen.getByLabelText('Content'), 'Trace trees record hot loops.');
    await user.click(screen.getByRole('button', { name: 'Analyze & Preview Content' }));

    await waitFor(() => expect(screen.getByLabelText('Topic Name')).toHaveValue('Trace-based JIT compilation'));
    const body = calls.find((c) => c.key === 'POST /api/extract-text')?.init?.body as FormData;
    expect(body.get('directContent')).toBe('Trace trees record hot loops.');
    expect(body.get('directMethod')).toBe('true');
    expect(body.get('chapterTitle')).toBe('Tracing');
    // No topic typed: none is sent, the detected one fills the field.
    expect(body.get('topic')).toBeNull();

    expect(screen.getByTestId('panel-objectives-badge')).toHaveTextContent('2');
    expect(screen.getByText('Explain how trace trees are recorded')).toBeVisible();
    expect(screen.getByTestId('panel-references-badge')).toHaveTextContent('0 / 2 approved');
    // A plain-string reference becomes a description under the default title.
    expect(screen.getByText('Reference 1')).toBeVisible();
    expect(screen.getByText('V. Bala, E. Duesterwald · 2000 · PLDI')).toBeVisible();
    const link = screen.getByRole('link', { name: /doi\.org/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The extracted text and suggestions panels are filled but stay closed.
    expect(screen.queryByText('Define "side exit" before using it')).toBeNull();
    await user.click(screen.getByRole('button', { name: /AI Content Suggestions/ }));
    expect(screen.getByText('Define "side exit" before using it')).toBeVisible();
  });

  it('keeps a topic the user already typed and sends it with direct content', async () => {
    const calls = mockFetch({ 'POST /api/extract-text': () => json(extraction) });
    const direct = setup();
    await direct.user.type(screen.getByLabelText('Topic Name'), '  Photosynthesis ');
    await direct.user.click(screen.getByRole('tab', { name: 'Enter Directly' }));
    await direct.user.type(screen.getByLabelText('Content'), 'Plants fix carbon dioxide.');
    await direct.user.click(screen.getByRole('button', { name: 'Analyze & Preview Content' }));
    await waitFor(() => expect(screen.getByTestId('panel-objectives')).toBeInTheDocument());
    const body = calls.find((c) => c.key === 'POST /api/extract-text')?.init?.body as FormData;
    expect(body.get('topic')).toBe('Photosynthesis');
    expect(body.get('directContent')).toBe('Plants fix carbon dioxide.');
    expect(screen.getByLabelText('Topic Name')).toHaveValue('  Photosynthesis ');
    direct.unmount();
  });

  it('keeps a topic the user already typed', async () => {
    mockFetch({ 'POST /api/extract-text': () => json(extraction) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Topic Name'), 'Compilers');
    await user.upload(screen.getByTestId('file-input'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(screen.getByTestId('panel-objectives')).toBeInTheDocument());
    expect(screen.getByLabelText('Topic Name')).toHaveValue('Compilers');
  });

  it('shows the status and the server reason when extraction fails', async () => {
    mockFetch({ 'POST /api/extract-text': () => json({ message: 'scan.pdf: the PDF is encrypted', code: 'UNPROCESSABLE' }, 422) });
    const { user } = setup();
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(toastText()).toContain('Failed to extract text: Error: 422'));
    expect(toastText()).toContain('the PDF is encrypted');
    expect(screen.getByRole('button', { name: 'Preview Extracted Content' })).toBeEnabled();
  });
});

describe('creation form: references and the generate button', () => {
  it('toggles approval and enables generation only with a topic and an approved reference', async () => {
    mockFetch({ 'POST /api/extract-text': () => json(extraction) });
    const { user } = setup();
    const generate = screen.getByRole('button', { name: 'Generate Textbook Outline' });
    expect(generate).toBeDisabled();
    await user.type(screen.getByLabelText('Topic Name'), 'JIT');
    expect(generate).toBeEnabled();

    await user.upload(screen.getByTestId('file-input'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(screen.getByTestId('panel-references-badge')).toHaveTextContent('0 / 2 approved'));
    expect(generate).toBeDisabled();

    const toggles = screen.getAllByRole('button', { name: 'Not approved' });
    await user.click(toggles[1]);
    expect(screen.getByTestId('panel-references-badge')).toHaveTextContent('1 / 2 approved');
    expect(screen.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
    expect(generate).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    expect(generate).toBeDisabled();
  });

  it('needs a topic to preview references', async () => {
    const calls = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Preview Academic References' }));
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Please enter a topic');
    expect(calls.some((c) => c.key.includes('preview-references'))).toBe(false);
  });

  it('finds references with the topic fallback, then enhances them keeping approvals', async () => {
    let round = 0;
    const calls = mockFetch({
      'POST /api/textbooks/preview-references': () => {
        round += 1;
        return round === 1
          ? json({
              references: [{ title: 'Paper A', doi: '10.1/a' }, 'Loose citation B'],
              extractedText: '',
              detectedTopic: 'JIT',
              sources: { used: ['documents'], failed: [{ source: 'openalex', reason: 'timed out' }] },
            })
          : json({ references: [{ title: 'Paper A', doi: '10.1/A', year: '2009' }, { title: 'Paper C' }, 'Loose citation B'] });
      },
    });
    const { user } = setup();
    await user.type(screen.getByLabelText('Topic Name'), 'JIT');
    await user.click(screen.getByRole('button', { name: 'Preview Academic References' }));
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Finding References');
    await waitFor(() => expect(screen.getByTestId('panel-references-badge')).toHaveTextContent('0 / 2 approved'));
    const first = calls.find((c) => c.key === 'POST /api/textbooks/preview-references')?.init?.body as FormData;
    expect(first.get('topic')).toBe('JIT');
    expect(first.get('directContent')).toBe('Topic: JIT');
    expect(first.get('existingReferences')).toBeNull();
    expect(screen.getByTestId('reference-sources')).toHaveTextContent('Searched: documents');
    expect(screen.getByTestId('reference-sources')).toHaveTextContent('Unavailable: openalex (timed out)');
    // No extraction ran: no empty objectives or suggestions panels.
    expect(screen.queryByTestId('panel-objectives')).toBeNull();
    expect(screen.queryByTestId('panel-suggestions')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Not approved' })[0]);
    await user.click(screen.getByRole('button', { name: 'Get New References' }));
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Enhancing References');
    await waitFor(() => expect(screen.getByTestId('panel-references-badge')).toHaveTextContent('1 / 3 approved'));
    const second = calls.filter((c) => c.key === 'POST /api/textbooks/preview-references')[1]?.init?.body as FormData;
    const sent = JSON.parse(String(second.get('existingReferences'))) as Array<{ title: string; approved: boolean }>;
    expect(sent.map((r) => [r.title, r.approved])).toEqual([
      ['Paper A', true],
      ['Reference 2', false],
    ]);
  });

  it('says why reference preview failed', async () => {
    mockFetch({ 'POST /api/textbooks/preview-references': () => json({ message: 'Topic is too long', code: 'VALIDATION' }, 400) });
    const { user } = setup();
    await user.type(screen.getByLabelText('Topic Name'), 'JIT');
    await user.click(screen.getByRole('button', { name: 'Preview Academic References' }));
    await waitFor(() => expect(toastText()).toContain('Failed to preview references: Topic is too long'));
  });
});

describe('creation form: several files, a bibliography and a file off the topic', () => {
  it('lists a .bib chosen with a Markdown page as the bibliography for that page, and sends both', async () => {
    const calls = mockFetch({ 'POST /api/extract-text': () => json(extraction) });
    const { user } = setup();
    const page = new File(['# Readings\n\nExperiments remove confounding [@Fisher:1935].'], 'readings.md', { type: 'text/markdown' });
    const bib = new File(
      ['@book{Fisher:1935, author = {Fisher, Ronald A.}, title = {The Design of Experiments}, year = 1935}'],
      'refs.bib',
      {
        type: '',
      },
    );
    await user.upload(screen.getByTestId('file-input'), [bib]);
    expect(screen.getByTestId('bibliography-for')).toHaveTextContent(
      'Bibliography: choose the Markdown page or Word document that cites it too',
    );
    await user.upload(screen.getByTestId('file-input'), [page]);
    expect(screen.queryByRole('alert')).toBeNull();
    const item = screen.getAllByTestId('file-item').find((i) => i.textContent?.includes('refs.bib'))!;
    expect(within(item).getByTestId('bibliography-for')).toHaveTextContent('Bibliography for readings.md');
    // A Word document chosen with it is read with it too.
    await user.upload(screen.getByTestId('file-input'), [
      new File(['PK'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    ]);
    expect(within(item).getByTestId('bibliography-for')).toHaveTextContent('Bibliography for readings.md, notes.docx');
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/extract-text')).toBe(true));
    const body = calls.find((c) => c.key === 'POST /api/extract-text')?.init?.body as FormData;
    expect((body.getAll('files') as File[]).map((f) => f.name)).toEqual(['refs.bib', 'readings.md', 'notes.docx']);
  });

  const twoFiles = {
    ...extraction,
    detectedTopic: 'Geometric Optics and Causal Inference',
    extractedReferences: [
      { title: 'Optics', authors: 'Eugene Hecht', year: 2017, files: ['optics.md'] },
      { title: 'The Design of Experiments', authors: 'Ronald A. Fisher', year: 1935, files: ['readings.md'] },
      { title: 'A work both files cite', authors: 'A. Author', year: 2000, files: ['optics.md', 'readings.md'] },
    ],
    offTopicFiles: [{ filename: 'readings.md', reason: '"readings.md" does not mention "Geometric optics"' }],
  };
  const chooseBoth = async (user: ReturnType<typeof setup>['user']) => {
    await user.type(screen.getByLabelText('Topic Name'), 'Geometric optics');
    await user.upload(screen.getByTestId('file-input'), [
      new File(['# Optics\n\nRays.'], 'optics.md', { type: 'text/markdown' }),
      new File(['# Readings\n\nExperiments.'], 'readings.md', { type: 'text/markdown' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Files that do not match the topic' })).toBeInTheDocument());
  };
  const referenceTitles = () => ['Optics', 'The Design of Experiments', 'A work both files cite'].filter((t) => screen.queryByText(t));

  it('says why a file does not match the topic; leaving it out removes the file and the references found only in it', async () => {
    mockFetch({ 'POST /api/extract-text': () => json(twoFiles) });
    const { user } = setup();
    await chooseBoth(user);
    const region = screen.getByRole('region', { name: 'Files that do not match the topic' });
    expect(region).toHaveTextContent('"readings.md" does not mention "Geometric optics". Leave it out of the book, or keep it?');
    expect(referenceTitles()).toEqual(['Optics', 'The Design of Experiments', 'A work both files cite']);
    await user.click(within(region).getByRole('button', { name: 'Leave readings.md out' }));
    expect(screen.getAllByTestId('file-item').map((i) => i.textContent)).toEqual([expect.stringContaining('optics.md')]);
    expect(referenceTitles()).toEqual(['Optics', 'A work both files cite']);
    expect(screen.queryByRole('region', { name: 'Files that do not match the topic' })).toBeNull();
    // The objectives and text were read with the file: the page says so until the next preview.
    expect(screen.getByTestId('preview-stale')).toHaveTextContent('The text and objectives below still include readings.md.');
    await user.click(screen.getByRole('button', { name: 'Preview Extracted Content' }));
    await waitFor(() => expect(screen.queryByTestId('preview-stale')).toBeNull());
  });

  it('keeping the file keeps it and its references; removing a file by hand takes its references too', async () => {
    mockFetch({ 'POST /api/extract-text': () => json(twoFiles) });
    const { user } = setup();
    await chooseBoth(user);
    await user.click(screen.getByRole('button', { name: 'Keep readings.md' }));
    expect(screen.queryByRole('region', { name: 'Files that do not match the topic' })).toBeNull();
    expect(screen.getAllByTestId('file-item')).toHaveLength(2);
    expect(referenceTitles()).toEqual(['Optics', 'The Design of Experiments', 'A work both files cite']);
    await user.click(screen.getByRole('button', { name: 'Remove optics.md' }));
    expect(referenceTitles()).toEqual(['The Design of Experiments', 'A work both files cite']);
  });
});
