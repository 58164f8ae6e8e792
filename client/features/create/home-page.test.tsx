import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { limits } from '@common/limits';
import { HomePage } from '@client/pages/home-page';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { jobPolling } from './create.api';

const outline = {
  title: 'Tracing JITs',
  chapters: [
    { id: 'c1', title: 'Trace Trees', content: '<p>Intro</p>', sections: [{ id: 's1', title: 'Recording', content: '<p>Text</p>' }] },
  ],
  references: [],
};

function never(): Promise<Response> {
  return new Promise(() => undefined);
}

describe('home page modes', () => {
  it('shows the title, the explanation and the form when idle', () => {
    mockFetch({});
    renderWithApp(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AI-Powered Textbook Generator');
    for (const text of [
      'Upload Materials',
      'Semantic Search',
      'Get Your Textbook',
      'Vector Embeddings',
      'AI Content Generation',
      'Persistent Storage',
    ]) {
      expect(screen.getByRole('heading', { name: text })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Upload Files' })).toHaveAttribute('aria-selected', 'true');
    // The drop zone names every kind of file the picker takes, not only PDF, DOCX and TXT.
    const accept = screen.getByTestId('file-input').getAttribute('accept') ?? '';
    const hint = screen.getByText(/several at once are fine/).textContent ?? '';
    const names: Record<string, string> = {
      '.pdf': 'PDF',
      '.docx': 'Word',
      '.pptx': 'PowerPoint',
      '.md': 'Markdown',
      '.txt': 'text',
      '.png': 'photos',
    };
    for (const [ext, name] of Object.entries(names)) {
      expect(accept.split(',')).toContain(ext);
      expect(hint).toContain(name);
    }
  });

  it('shows the six steps while generating and sends topic, fallback, references and a job id', async () => {
    const calls = mockFetch({ 'POST /api/textbooks/generate-outline': never });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));

    const steps = await screen.findAllByTestId('progress-step');
    expect(steps).toHaveLength(6);
    expect(steps[0]).toHaveTextContent('Extracting text from uploaded materials');
    expect(steps[5]).toHaveTextContent('Finalizing and storing the textbook');
    expect(steps[0]).toHaveAttribute('data-status', 'in-progress');
    expect(screen.getByText("This may take a few minutes. Please don't close this page.")).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate Textbook Outline' })).toBeNull();

    const body = calls.find((c) => c.key === 'POST /api/textbooks/generate-outline')?.init?.body as FormData;
    expect(body.get('topic')).toBe('Tracing JITs');
    expect(body.get('directContent')).toBe('Topic: Tracing JITs');
    expect(body.get('approvedReferences')).toBe('[]');
    expect(String(body.get('jobId'))).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body.get('length')).toBe('full');
  });

  it('sends the whole material by default and "condensed" when the user chooses a condensed book', async () => {
    const calls = mockFetch({ 'POST /api/textbooks/generate-outline': never });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    expect(screen.getByRole('radio', { name: /Whole material/ })).toBeChecked();
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('radio', { name: /Condensed/ }));
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    await screen.findAllByTestId('progress-step');
    const body = calls.find((c) => c.key === 'POST /api/textbooks/generate-outline')?.init?.body as FormData;
    expect(body.get('length')).toBe('condensed');
  });

  it('goes to error mode on failure, and Try Again brings the form back as it was', async () => {
    mockFetch({ 'POST /api/textbooks/generate-outline': () => json({ message: 'Engine crashed', code: 'INTERNAL' }, 500) });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));

    expect(await screen.findByRole('heading', { name: 'Generation Failed' })).toBeVisible();
    expect(
      screen.getByText("We couldn't generate your textbook. This might be due to an issue with the uploaded files or our servers."),
    ).toBeVisible();
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Failed to generate textbook outline: Engine crashed');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Topic Name')).toHaveValue('Tracing JITs');
  });

  it('sends only approved references', async () => {
    const calls = mockFetch({
      'POST /api/textbooks/preview-references': () =>
        json({ references: [{ title: 'Paper A' }, { title: 'Paper B' }, { title: 'Paper C' }] }),
      'POST /api/textbooks/generate-outline': never,
    });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Preview Academic References' }));
    await screen.findByText('Paper C');
    await user.click(screen.getAllByRole('button', { name: 'Not approved' })[2]);
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    await screen.findAllByTestId('progress-step');
    const body = calls.find((c) => c.key === 'POST /api/textbooks/generate-outline')?.init?.body as FormData;
    expect(JSON.parse(String(body.get('approvedReferences'))).map((r: { title: string }) => r.title)).toEqual(['Paper C']);
  });

  it('completes the steps, shows the notice, and opens the textbook after 2 seconds', async () => {
    mockFetch({
      'POST /api/textbooks/generate-outline': () =>
        json({
          textbookContent: outline,
          extractedText: '',
          textbookId: 42,
          notice: 'Only a topic was given: add material or connect an LLM for full text.',
        }),
    });
    const user = userEvent.setup();
    const { location } = renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));

    await waitFor(() =>
      expect(screen.getAllByTestId('progress-step').every((s) => s.getAttribute('data-status') === 'complete')).toBe(true),
    );
    expect(screen.getByTestId('generation-notice')).toHaveTextContent('Only a topic was given');
    const doneAt = Date.now();
    expect(location.history.at(-1)).toBe('/');
    await waitFor(() => expect(location.history.at(-1)).toBe('/textbook/42'), { timeout: 4000 });
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(1800);
  });

  it('follows the generation job when a proxy gives up on the request, and opens the book once it is stored', async () => {
    let polls = 0;
    const routes: Parameters<typeof mockFetch>[0] = {
      'POST /api/textbooks/generate-outline': (init) => {
        const jobId = String((init?.body as FormData).get('jobId'));
        routes[`GET /api/generation-jobs/${jobId}`] = () =>
          ++polls < 2
            ? json({ jobId, status: 'running', stage: 4, percent: 50, message: 'Writing chapter 1 of 1: Trace Trees' })
            : json({ jobId, status: 'done', stage: 5, percent: 100, message: 'Textbook stored', textbookId: 43 });
        return new Response('<html>504 Gateway Time-out</html>', { status: 504 });
      },
      'GET /api/textbooks/43': () => json({ id: 43, topic: 'Tracing JITs', content: outline, isOwner: true }),
    };
    mockFetch(routes);
    const user = userEvent.setup();
    const { location } = renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/textbook/43'), { timeout: 8000 });
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('heading', { name: 'Generation Failed' })).toBeNull();
  });

  it('keeps following the job while the server restarts, says "Reconnecting…", and opens the finished book', async () => {
    const saved = { ...jobPolling };
    Object.assign(jobPolling, { firstDelayMs: 20, maxDelayMs: 60 });
    let down = 15;
    let posts = 0;
    const routes: Parameters<typeof mockFetch>[0] = {
      'POST /api/textbooks/generate-outline': (init) => {
        posts++;
        const jobId = String((init?.body as FormData).get('jobId'));
        routes[`GET /api/generation-jobs/${jobId}`] = () =>
          // More unreachable polls than the 10 misses after which the client used to give up.
          --down > 0
            ? Promise.reject(new TypeError('Failed to fetch'))
            : json({ jobId, status: 'done', stage: 5, percent: 100, message: 'Textbook stored', textbookId: 44 });
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      'GET /api/textbooks/44': () => json({ id: 44, topic: 'Tracing JITs', content: outline, isOwner: true }),
    };
    mockFetch(routes);
    try {
      const user = userEvent.setup();
      const { location } = renderWithApp(<HomePage />);
      await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
      await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
      expect(await screen.findByText('Reconnecting…', undefined, { timeout: 4000 })).toBeVisible();
      await waitFor(() => expect(location.history.at(-1)).toBe('/textbook/44'), { timeout: 8000 });
      expect(screen.queryByRole('heading', { name: 'Generation Failed' })).toBeNull();
      expect(posts).toBe(1);
    } finally {
      Object.assign(jobPolling, saved);
    }
  });

  it('sends the generation again under the same job id when its instance stopped while reading the files', async () => {
    const ids: string[] = [];
    const routes: Parameters<typeof mockFetch>[0] = {
      'POST /api/textbooks/generate-outline': (init) => {
        const jobId = String((init?.body as FormData).get('jobId'));
        ids.push(jobId);
        if (ids.length > 1) return json({ textbookContent: outline, extractedText: '', textbookId: 45 });
        routes[`GET /api/generation-jobs/${jobId}`] = () =>
          json({
            jobId,
            status: 'failed',
            stage: 0,
            percent: 10,
            message: 'The server stopped while reading your files. Please try again.',
          });
        return new Response('<html>502 Bad Gateway</html>', { status: 502 });
      },
    };
    mockFetch(routes);
    const user = userEvent.setup();
    const { location } = renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/textbook/45'), { timeout: 8000 });
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('shows the failure of a job it followed after the request was lost', async () => {
    mockFetch({
      'POST /api/textbooks/generate-outline': (init) => {
        const jobId = String((init?.body as FormData).get('jobId'));
        globalThis.fetch = (async (input: RequestInfo | URL) =>
          String(input).endsWith(`/api/generation-jobs/${jobId}`)
            ? json({
                jobId,
                status: 'failed',
                stage: 4,
                percent: 10,
                message: 'Composing the textbook took longer than 180 seconds and was stopped.',
              })
            : json({ message: 'not mocked', code: 'NOT_FOUND' }, 404)) as typeof fetch;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const user = userEvent.setup();
    renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    expect(await screen.findByRole('heading', { name: 'Generation Failed' }, { timeout: 4000 })).toBeVisible();
    expect(screen.getByTestId('toast-description')).toHaveTextContent(
      'Composing the textbook took longer than 180 seconds and was stopped.',
    );
  });

  it('goes to the saved textbooks when no id came back', async () => {
    mockFetch({ 'POST /api/textbooks/generate-outline': () => json({ textbookContent: outline, extractedText: '' }) });
    const user = userEvent.setup();
    const { location } = renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/saved-textbooks'), { timeout: 4000 });
  });

  it('shows the outline as soon as it exists, and waits to open the book while the assistant is open', async () => {
    // A clock the test can move on: it runs as usual, and jumps past the redirect delay below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    mockFetch({ 'POST /api/textbooks/generate-outline': () => json({ textbookContent: outline, extractedText: '', textbookId: 42 }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderWithApp(<HomePage />);
    await user.type(screen.getByLabelText('Topic Name'), 'Tracing JITs');
    await user.click(screen.getByRole('button', { name: 'Generate Textbook Outline' }));
    const preview = await screen.findByTestId('outline-preview');
    expect(preview).toHaveTextContent('Trace Trees');
    expect(preview).toHaveTextContent('Recording');
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    expect(screen.getByTestId('redirect-status')).toHaveTextContent('opens when you close it');
    // Past the moment the book would open with the assistant closed: it stays here.
    await vi.advanceTimersByTimeAsync(limits.navigateAfterGenerationMs * 2);
    expect(location.history.at(-1)).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Close AI Outline Assistant' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/textbook/42'), { timeout: 4000 });
  });
});
