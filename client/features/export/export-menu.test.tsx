import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { ExportMenu } from './export-menu';

const user = { id: 1, username: 'alice' };

async function choose(name: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('ExportMenu', () => {
  it('offers the five formats, the links-only cartridge and the appendix choice, which the request carries', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/7/export?format=epub&appendix=true': () => new Promise(() => {}),
    });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Word \(\.docx\)/),
      expect.stringMatching(/^EPUB/),
      expect.stringMatching(/^PDF/),
      expect.stringMatching(/^Web page \(\.html\)/),
      expect.stringMatching(/^LMS cartridge \(\.imscc\)/),
      expect.stringMatching(/^LMS cartridge, links only/),
    ]);
    const box = screen.getByRole('menuitemcheckbox', { name: 'Include educational materials as an appendix' });
    await userEvent.click(box);
    // The menu stays open after ticking, so a format is chosen next.
    expect(screen.getByRole('menuitemcheckbox', { name: 'Include educational materials as an appendix' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: /^EPUB/ }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/textbooks/7/export?format=epub&appendix=true'));
  });

  it("links-only cartridge: carries the book's reader link this browser kept from Share", async () => {
    const link = 'http://localhost:3000/read/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    localStorage.setItem('reader-link-7', JSON.stringify({ url: link, createdAt: '2026-01-01T00:00:00.000Z' }));
    const key = `GET /api/textbooks/7/export?format=imscc&readerLink=${encodeURIComponent(link)}`;
    const calls = mockFetch({ 'GET /api/user': () => json(user), [key]: () => new Promise(() => {}) });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await choose(/^LMS cartridge, links only/);
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(key));
    localStorage.removeItem('reader-link-7');
  });

  it('carries the source notes choice (endnotes per chapter)', async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/7/export?format=html&sourceNotes=true': () => new Promise(() => {}),
    });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Source notes as endnotes' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Source notes as endnotes' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: /^Web page/ }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/textbooks/7/export?format=html&sourceNotes=true'));
  });

  it("asks for the paper chosen (PDF and Word only), by default the one of the browser's region", async () => {
    const calls = mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/7/export?format=pdf&pageSize=a4': () => new Promise(() => {}),
    });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('menuitemradio', { name: 'US Letter' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'A4' }));
    expect(screen.getByRole('menuitemradio', { name: 'A4' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: /^PDF/ }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/textbooks/7/export?format=pdf&pageSize=a4'));
  });

  it('is busy while the file is made: the button is disabled and says what it is doing', async () => {
    // The test browser speaks en-US: Letter by default.
    mockFetch({ 'GET /api/user': () => json(user), 'GET /api/textbooks/7/export?format=pdf&pageSize=letter': () => new Promise(() => {}) });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await choose(/^PDF/);
    const busy = await screen.findByRole('button', { name: /Exporting PDF/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Preparing your PDF file…')).toBeInTheDocument();
  });

  it("shows the server's reason when an export fails, and can dismiss it", async () => {
    mockFetch({
      'GET /api/user': () => json(user),
      'GET /api/textbooks/7/export?format=docx&pageSize=letter': () =>
        json(
          { message: 'This book took longer than 120 seconds to export. Try another format or a smaller book.', code: 'UNPROCESSABLE' },
          422,
        ),
    });
    renderWithApp(<ExportMenu textbookId={7} topic="Mechanics" />);
    await choose(/^Word/);
    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent('Export as Word (.docx) failed: This book took longer than 120 seconds to export.');
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the export error' }));
    expect(screen.queryByText(/failed: This book took longer/)).toBeNull();
  });
});
