import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import type { TextbookContent } from './create.types';
import { OutlineAssistant } from './outline-assistant';
import { assistantGreeting } from './use-outline-assistant';

const outline: TextbookContent = {
  title: 'Tracing JITs',
  chapters: [
    { id: 'c1', title: 'Trace Trees', content: '', sections: [] },
    { id: 'c2', title: 'Type Specialization', content: '', sections: [] },
  ],
  references: [],
};

describe('AI Outline Assistant', () => {
  it('does not open before an outline exists', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithApp(<OutlineAssistant topic="JIT" content={null} onContentUpdated={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    expect(screen.queryByRole('dialog', { name: 'AI Outline Assistant' })).toBeNull();
  });

  it('greets once on first open, about 384 x 384 px, and ignores blank messages', async () => {
    const calls = mockFetch({});
    const user = userEvent.setup();
    renderWithApp(<OutlineAssistant topic="JIT" content={outline} onContentUpdated={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    const panel = screen.getByRole('dialog', { name: 'AI Outline Assistant' });
    expect(panel).toHaveClass('w-96', 'h-96');
    expect(screen.getByText(assistantGreeting)).toBeVisible();
    expect(assistantGreeting).toMatch(/structure/);
    expect(assistantGreeting).toMatch(/chapters/);
    expect(assistantGreeting).toMatch(/sections/);

    await user.type(screen.getByLabelText('Message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(calls.some((c) => c.key.includes('outline-assistant'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Close AI Outline Assistant' }));
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    expect(screen.getAllByText(assistantGreeting)).toHaveLength(1);
  });

  it('sends message, topic and outline, and replaces the outline on updatedContent', async () => {
    const updated = { ...outline, chapters: [outline.chapters[0]] };
    const calls = mockFetch({
      'POST /api/ai/outline-assistant': () => json({ message: 'Removed chapter 2 "Type Specialization".', updatedContent: updated }),
    });
    const onContentUpdated = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<OutlineAssistant topic="JIT" content={outline} onContentUpdated={onContentUpdated} />);
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    await user.type(screen.getByLabelText('Message'), 'remove chapter 2{Enter}');

    expect(await screen.findByText('Removed chapter 2 "Type Specialization".')).toBeVisible();
    expect(screen.getByText('remove chapter 2')).toBeVisible();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const body = JSON.parse(String(calls.find((c) => c.key === 'POST /api/ai/outline-assistant')?.init?.body));
    expect(body).toMatchObject({ message: 'remove chapter 2', topic: 'JIT', textbookContent: outline });
    expect(onContentUpdated).toHaveBeenCalledWith(updated);
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Outline Updated');
  });

  it('shows the spec error toast when the assistant fails', async () => {
    mockFetch({ 'POST /api/ai/outline-assistant': () => json({ message: 'boom', code: 'INTERNAL' }, 500) });
    const user = userEvent.setup();
    renderWithApp(<OutlineAssistant topic="JIT" content={outline} onContentUpdated={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Open AI Outline Assistant' }));
    await user.type(screen.getByLabelText('Message'), 'hello{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('toast-description')).toHaveTextContent(
        'Failed to communicate with AI assistant: Failed to get response from AI assistant',
      ),
    );
  });
});
