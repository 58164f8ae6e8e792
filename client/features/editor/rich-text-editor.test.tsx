import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { json, mockFetch } from '@client/test/render';
import { RichTextEditor } from './rich-text-editor';

function setup(content: string, textbookId?: number) {
  const onChange = vi.fn();
  render(
    <>
      <RichTextEditor content={content} onChange={onChange} textbookId={textbookId} />
      <Toaster />
    </>,
  );
  const editor = screen.getByTestId('content-editor');
  return { onChange, editor };
}

function selectAll(editor: HTMLElement) {
  act(() => {
    editor.focus();
    const range = document.createRange();
    range.selectNodeContents(editor);
    const sel = window.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

/** The toolbar's Link button, then the dialog: the address typed and saved, or the dialog cancelled (null). */
function linkThroughDialog(answer: string | null) {
  fireEvent.click(screen.getByRole('button', { name: 'Link' }));
  const dialog = screen.getByRole('dialog');
  if (answer === null) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    return dialog;
  }
  fireEvent.change(within(dialog).getByLabelText('Link address'), { target: { value: answer } });
  fireEvent.submit(within(dialog).getByLabelText('Link address').closest('form')!);
  return dialog;
}

// jsdom has no layout; ProseMirror asks for rectangles when it scrolls the selection into view.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
beforeAll(() => {
  Range.prototype.getClientRects = emptyRects;
  Range.prototype.getBoundingClientRect = zeroRect;
  if (!HTMLElement.prototype.getClientRects) HTMLElement.prototype.getClientRects = emptyRects;
});
afterEach(() => vi.restoreAllMocks());

describe('RichTextEditor', () => {
  it('shows the default placeholder on an empty document', async () => {
    const { editor } = setup('');
    await waitFor(() => expect(editor.querySelector('[data-placeholder="Write your content here..."]')).not.toBeNull());
  });

  it('renders $...$ as inline math and a $$...$$ paragraph as block math with KaTeX, but leaves prices alone', async () => {
    const { editor, onChange } = setup('<p>Energy $E = mc^2$ costs $5 and $10.</p><p>$$\\int_0^1 x\\,dx$$</p>');
    await waitFor(() => expect(editor.querySelector('[data-type="inline-math"] .katex')).not.toBeNull());
    expect(editor.querySelector('[data-type="inline-math"]')).toHaveAttribute('data-latex', 'E = mc^2');
    expect(editor.querySelector('[data-type="block-math"]')).toHaveAttribute('data-latex', '\\int_0^1 x\\,dx');
    expect(editor).toHaveTextContent('costs $5 and $10.');
    // Rendering stored math is not an edit.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('link: cancelling the dialog changes nothing', () => {
    const { editor, onChange } = setup('<p>Read more</p>');
    selectAll(editor);
    linkThroughDialog(null);
    expect(editor.querySelector('a')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('link: an allowed URL becomes a link opening in a new tab with noopener noreferrer nofollow', () => {
    const { editor, onChange } = setup('<p>Read more</p>');
    selectAll(editor);
    linkThroughDialog('https://example.org/notes');
    const a = editor.querySelector('a')!;
    expect(a).toHaveAttribute('href', 'https://example.org/notes');
    expect(a).toHaveAttribute('target', '_blank');
    expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(onChange).toHaveBeenCalled();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Link added');
  });

  it('link: a javascript: URL is refused under the field, the dialog stays open and no link is made', () => {
    const { editor, onChange } = setup('<p>Click me</p>');
    selectAll(editor);
    const dialog = linkThroughDialog('javascript:alert(document.cookie)');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Links must use one of these schemes: http, https');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(editor.querySelector('a')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('link: Ctrl+K in the editor opens the dialog with the current address, and saving edits the link', () => {
    const { editor } = setup('<p><a href="https://example.org/old">Old link</a></p>');
    selectAll(editor);
    fireEvent.keyDown(editor, { key: 'k', ctrlKey: true });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Edit link');
    const field = within(dialog).getByLabelText('Link address');
    expect(field).toHaveValue('https://example.org/old');
    fireEvent.change(field, { target: { value: 'https://example.org/new' } });
    fireEvent.submit(field.closest('form')!);
    expect(editor.querySelector('a')).toHaveAttribute('href', 'https://example.org/new');
    expect(editor).toHaveTextContent('Old link');
  });

  it('link: an empty answer removes the link', () => {
    const { editor } = setup('<p><a href="https://example.org">Old link</a></p>');
    selectAll(editor);
    linkThroughDialog('');
    expect(editor.querySelector('a')).toBeNull();
    expect(editor).toHaveTextContent('Old link');
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Link removed');
  });

  it('a javascript: link in stored or pasted HTML never becomes a link', () => {
    const { editor } = setup('<p><a href="javascript:alert(1)">bad</a> <a href="mailto:a@b.org">mail</a></p>');
    const links = editor.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'mailto:a@b.org');
  });

  it('image: too large is refused with the spec toast', async () => {
    const { editor } = setup('<p>x</p>');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: [big] } });
    expect(await screen.findByText('Please select an image smaller than 5MB')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Image too large');
    expect(editor.querySelector('img')).toBeNull();
  });

  it('image: without a textbook id it is inserted as a data URL with "Image inserted"', async () => {
    const { editor } = setup('<p>x</p>');
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'dot.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: [png] } });
    expect(await screen.findByText('Image inserted')).toBeInTheDocument();
    expect(editor.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('image: with a textbook id it is uploaded and the returned URL inserted', async () => {
    const calls = mockFetch({ 'POST /api/images/upload': () => json({ dataUrl: '/api/images/42' }) });
    const { editor } = setup('<p>x</p>', 9);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'dot.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: [png] } });
    expect(await screen.findByText('Image uploaded and inserted')).toBeInTheDocument();
    expect(editor.querySelector('img')).toHaveAttribute('src', '/api/images/42');
    const body = calls[0].init?.body as FormData;
    expect(body.get('textbookId')).toBe('9');
    expect((body.get('file') as File).name).toBe('dot.png');
  });

  it('image: an upload error shows "Error adding image" with the server message', async () => {
    mockFetch({ 'POST /api/images/upload': () => json({ message: 'Only image files are allowed', code: 'UNSUPPORTED_MEDIA_TYPE' }, 415) });
    setup('<p>x</p>', 9);
    const png = new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('editor-image-input'), { target: { files: [png] } });
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument();
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Error adding image');
  });
});

describe('link schemes', () => {
  it('registers the link schemes without linkify warnings when editors mount, remount and coexist, and still finds them', async () => {
    const { find } = await import('linkifyjs');
    const warn = vi.spyOn(console, 'warn');
    const first = render(<RichTextEditor content="<p>one</p>" onChange={() => undefined} />);
    // linkify initializes on first use; an editor mounted after that used to warn once per scheme.
    expect(find('see mailto:a@b.org').length).toBeGreaterThan(0);
    const second = render(<RichTextEditor content="<p>two</p>" onChange={() => undefined} />);
    first.unmount();
    const third = render(<RichTextEditor content="<p>three</p>" onChange={() => undefined} />);
    second.unmount();
    // The editor's destroy runs a moment after unmount.
    await new Promise((r) => setTimeout(r, 50));
    expect(find('text cid://x.y now').map((l) => l.href)).toContain('cid://x.y');
    third.unmount();
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('linkifyjs'))).toEqual([]);
  });
});

describe('content from documents', () => {
  it('keeps tables, sub-headings, rules and display math through the editor', async () => {
    const html =
      '<h3>Spread</h3><table><tbody><tr><th><p>Level</p></th><th><p>z</p></th></tr><tr><td><p>95%</p></td><td><p>1.96</p></td></tr></tbody></table><hr><h4>Notes</h4><div data-type="block-math" data-latex="x^2"></div>';
    const onChange = vi.fn();
    render(<RichTextEditor content={html} onChange={onChange} />);
    const editor = screen.getByTestId('content-editor');
    await waitFor(() => expect(editor.querySelector('table')).not.toBeNull());
    expect(editor.querySelectorAll('th')).toHaveLength(2);
    expect(editor.querySelector('td')?.textContent).toBe('95%');
    expect(editor.querySelector('h3')?.textContent).toBe('Spread');
    expect(editor.querySelector('h4')?.textContent).toBe('Notes');
    expect(editor.querySelector('hr')).not.toBeNull();
    expect(editor.querySelector('[data-type="block-math"]')).not.toBeNull();
  });
});
