import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProvenanceBlock, ProvenanceResponse, ProvenanceSource } from '@common/provenance';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { SourcesPanel } from './sources-panel';

const quoted = 'The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes.';
const changed = 'The transistor was invented at Bell Labs in 1952.';
const passage = `Intro sentence. ${quoted} More text.`;

const source: ProvenanceSource = {
  documentId: 3,
  filename: 'history.pdf',
  page: 4,
  headingPath: ['Computers', 'Electronic Computers'],
  passage,
  span: { start: passage.indexOf(quoted), end: passage.indexOf(quoted) + quoted.length },
  context: { before: 'The paragraph before.', after: 'The paragraph after.' },
  isPdf: true,
};

function block(over: Partial<ProvenanceBlock>): ProvenanceBlock {
  return {
    key: 'chapter:0',
    sectionIndex: 0,
    sectionTitle: 'Machines',
    position: 0,
    kind: 'paragraph',
    text: quoted,
    apparatus: false,
    verdict: 'material',
    sentences: [{ text: quoted, verdict: 'material', passage: 0 }],
    source,
    passages: [source],
    ...over,
  };
}

const answer: ProvenanceResponse = {
  chapterIndex: 1,
  chapterTitle: 'Hardware',
  documents: 1,
  notes: [],
  blocks: [
    block({}),
    block({
      key: '0:2',
      position: 2,
      text: 'Explain vacuum tubes.',
      apparatus: true,
      verdict: 'unsupported',
      sentences: [{ text: 'Explain vacuum tubes.', verdict: 'unsupported', passage: null }],
      source: null,
      passages: [],
    }),
    block({
      key: '0:1',
      position: 1,
      text: changed,
      verdict: 'unsupported',
      sentences: [{ text: changed, verdict: 'unsupported', passage: null }],
      note: 'The closest passage of the material: it does not hold this text.',
    }),
  ],
  figures: {
    sentences: 3,
    counts: { material: 1, supported: 0, unsupported: 2, unknown: 0, typed: 0 },
    shares: { material: 0.333, supported: 0, unsupported: 0.667, unknown: 0, typed: 0 },
  },
};

/** The book's editor as the page shows it: the panel reads the paragraph under the caret from it. */
function Editor() {
  return (
    <div data-testid="content-editor">
      <p>{quoted}</p>
      <p>{changed}</p>
    </div>
  );
}

const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

/** The panel beside an editor, the server answering chapter 1's provenance with `reply`. */
async function openPanel(reply: ProvenanceResponse, editor: ReactNode = <Editor />) {
  const calls = mockFetch({ 'GET /api/textbooks/7/provenance?chapter=1': () => json(reply) });
  const u = userEvent.setup();
  renderWithApp(
    <>
      {editor}
      <SourcesPanel textbookId={7} chapterIndex={1} sectionIndex={0} />
    </>,
  );
  const panel = await screen.findByRole('region', { name: 'Sources' });
  return { u, panel, calls };
}

describe('SourcesPanel', () => {
  it('shows where the clicked paragraph comes from, with the matched span marked, and opens it in context', async () => {
    const { u, panel, calls } = await openPanel(answer);
    await within(panel).findByText(/Put the caret in a paragraph/);
    await u.click(screen.getByText(quoted, { selector: 'p' }));
    expect(within(panel).getByText('From the material')).toBeInTheDocument();
    expect(within(panel).getByText('history.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('page 4')).toBeInTheDocument();
    expect(within(panel).getByText('Computers › Electronic Computers')).toBeInTheDocument();
    const shown = within(panel).getByLabelText('Source passage');
    expect(shown.querySelector('mark')?.textContent).toBe(quoted);
    expect(calls.filter((c) => c.key.includes('provenance'))).toHaveLength(1);

    await u.click(within(panel).getByRole('button', { name: /Open in source/ }));
    const dialog = await screen.findByRole('dialog');
    // The PDF's page as a picture, then the passage in context.
    const page = within(dialog).getByRole('img', { name: 'Page 4 of history.pdf' });
    expect(page).toHaveAttribute('src', '/api/textbooks/7/sources/3/page/4');
    // The server draws the page on first request: until the picture has loaded, the dialog says it is coming.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Drawing the page…');
    fireEvent.load(page);
    expect(within(dialog).queryByText('Drawing the page…')).toBeNull();
    expect(within(dialog).getByText('The paragraph before.')).toBeInTheDocument();
    expect(within(dialog).getByText('The paragraph after.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('source-context').querySelector('mark')?.textContent).toBe(quoted);
  });

  it('finds a paragraph with a formula (drawn by KaTeX in the editor, absent from the server’s text)', async () => {
    const withMath: ProvenanceResponse = { ...answer, blocks: [block({ text: 'A vector has components.' })] };
    const { u, panel } = await openPanel(
      withMath,
      <div data-testid="content-editor">
        <p>
          A vector{' '}
          <span data-type="inline-math" data-latex="v">
            <span className="katex">v</span>
          </span>{' '}
          has components.
        </p>
      </div>,
    );
    await within(panel).findByText(/Put the caret in a paragraph/);
    await u.click(screen.getByText(/has components/));
    expect(within(panel).getByText('From the material')).toBeInTheDocument();
  });

  it('draws the inline formulas of a source passage with KaTeX, never the raw \\( \\) source, a marked span cutting none', async () => {
    const mathPassage = 'There are up to n − k ways to assign an object to the \\(k^{th}\\) ordered position. Then stop.';
    const cut = mathPassage.indexOf('{th}');
    const mathSource: ProvenanceSource = {
      ...source,
      passage: mathPassage,
      span: { start: cut, end: mathPassage.indexOf(' Then') },
      context: { before: 'Count with \\(n!\\) first.', after: '' },
    };
    mockFetch({
      'GET /api/textbooks/7/provenance?chapter=1': () =>
        json({ ...answer, blocks: [block({ source: mathSource, passages: [mathSource] })] }),
    });
    const u = userEvent.setup();
    renderWithApp(
      <>
        <Editor />
        <SourcesPanel textbookId={7} chapterIndex={1} sectionIndex={0} />
      </>,
    );
    const panel = await screen.findByRole('region', { name: 'Sources' });
    await within(panel).findByText(/Put the caret in a paragraph/);
    await u.click(screen.getByText(quoted, { selector: 'p' }));
    const shown = within(panel).getByLabelText('Source passage');
    await waitFor(() => expect(shown.querySelector('mark .katex')).not.toBeNull());
    expect(shown.textContent).not.toContain('\\(');
    expect(shown.querySelector('mark annotation')?.textContent).toBe('k^{th}');
    await u.click(within(panel).getByRole('button', { name: /Open in source/ }));
    const context = within(await screen.findByRole('dialog')).getByTestId('source-context');
    await waitFor(() => expect(context.querySelectorAll('.katex')).toHaveLength(2));
    expect(context.textContent).not.toContain('\\(');
  });

  it('says why an unsupported paragraph is unsupported', async () => {
    const { u, panel } = await openPanel(answer);
    await within(panel).findByText(/Put the caret in a paragraph/);
    await u.click(screen.getByText(changed, { selector: 'p' }));
    expect(within(panel).getByText('Unsupported')).toBeInTheDocument();
    expect(within(panel).getByText(/closest passage/)).toBeInTheDocument();
  });

  it('verify view: colours each block, gives the figures, and jumps to the next unsupported block', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    const { u, panel } = await openPanel(answer);
    await u.click(await within(panel).findByRole('tab', { name: 'Verify' }));
    const figures = within(panel).getByLabelText('Grounding figures');
    expect(within(figures).getByText('From the material').nextSibling?.textContent).toMatch(/33%/);
    expect(figures).toHaveTextContent('1 of the unsupported ones are study apparatus');
    const items = within(within(panel).getByRole('list', { name: 'Blocks of the chapter' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-verdict'))).toEqual(['material', 'unsupported', 'unsupported']);
    expect(items[1]).toHaveTextContent('study apparatus');
    expect(items[2]).toHaveTextContent('Unsupported');

    // The jump passes over the apparatus to the text's own unsupported claim.
    await u.click(within(panel).getByRole('button', { name: /Next unsupported/ }));
    await waitFor(() => expect(items[2]).toHaveAttribute('aria-current', 'true'));
    expect(items[2]).toHaveFocus();
    // The editor is scrolled to that paragraph.
    expect(scrolled).toContain(changed);
  });

  it('Next unsupported in another section of the chapter shows that section', async () => {
    const elsewhere: ProvenanceResponse = {
      ...answer,
      blocks: [block({}), block({ key: '1:0', sectionIndex: 1, sectionTitle: 'Chips', text: changed, verdict: 'unsupported' })],
    };
    mockFetch({ 'GET /api/textbooks/7/provenance?chapter=1': () => json(elsewhere) });
    const shown: Array<[number, number]> = [];
    const u = userEvent.setup();
    renderWithApp(<SourcesPanel textbookId={7} chapterIndex={1} sectionIndex={0} onGoToSection={(c, s) => shown.push([c, s])} />);
    const panel = await screen.findByRole('region', { name: 'Sources' });
    await u.click(await within(panel).findByRole('tab', { name: 'Verify' }));
    expect(within(panel).getByText(/Chips ·/)).toBeInTheDocument();
    await u.click(within(panel).getByRole('button', { name: /Next unsupported/ }));
    expect(shown).toEqual([[1, 1]]);
  });

  it('says "source unknown" when the material is gone', async () => {
    const gone: ProvenanceResponse = {
      ...answer,
      documents: 0,
      notes: ['Source unknown: the files this book was made from are no longer stored, so its text cannot be traced to them.'],
      blocks: [block({ verdict: 'unknown', source: null, passages: [], note: 'source unknown', sentences: [] })],
    };
    const { u, panel } = await openPanel(gone);
    await within(panel).findByText(/no longer stored/);
    await u.click(screen.getByText(quoted, { selector: 'p' }));
    expect(within(panel).getByText('Source unknown')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Open in source/ })).toBeNull();
  });
});
