import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '../../../common/textbook';
import { createQueryClient } from '../../app/query-client';
import { Toaster } from '../../components/ui/toaster';
import { json, mockFetch } from '../../test/render';
import { useWorkingCopy } from './use-working-copy';

const content: TextbookContent = {
  title: 'Book',
  references: [],
  chapters: [
    {
      id: 'c1',
      title: 'One',
      content: '',
      sections: [
        { id: 's1', title: 'A', content: '<p>a</p>' },
        { id: 's2', title: 'B', content: '<p>b</p>' },
      ],
    },
  ],
};

function setup() {
  const client = createQueryClient();
  render(<Toaster />);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useWorkingCopy(5, { content, revision: 3 }), { wrapper });
}

type PatchBody = { content: TextbookContent; baseRevision?: number };
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as PatchBody;
const withSection = (c: TextbookContent, index: number, html: string): TextbookContent => ({
  ...c,
  chapters: [{ ...c.chapters[0], sections: c.chapters[0].sections.map((s, i) => (i === index ? { ...s, content: html } : s)) }],
});

describe('useWorkingCopy autosave', () => {
  it('saves a moment after typing stops, with the base revision, and shows Saved', async () => {
    const sent: PatchBody[] = [];
    mockFetch({
      'PATCH /api/textbooks/5': (init) => {
        sent.push(bodyOf(init));
        return json({ id: 5, topic: 'T', content: bodyOf(init).content, revision: 4 });
      },
    });
    const { result } = setup();
    act(() => result.current.editContent(0, 0, '<p>a1</p>'));
    act(() => result.current.editContent(0, 0, '<p>a12</p>'));
    expect(result.current.copy.status).toBe('pending');
    await waitFor(() => expect(result.current.copy.status).toBe('saved'), { timeout: 3000 });
    expect(sent).toHaveLength(1);
    expect(sent[0].baseRevision).toBe(3);
    expect(sent[0].content.chapters[0].sections[0].content).toBe('<p>a12</p>');
    expect(result.current.copy.revision).toBe(4);
    // A routine autosave shows no toast: the save status says it.
    expect(screen.queryByTestId('toast-title')).toBeNull();
  });

  it("asks for echo 'changes' and, when the answer has no content, keeps what it sent as the stored copy", async () => {
    const sent: Array<PatchBody & { echo?: string }> = [];
    mockFetch({
      'PATCH /api/textbooks/5': (init) => {
        sent.push(bodyOf(init));
        return json({ id: 5, topic: 'T', revision: 4, merged: false, versionNumber: 2 });
      },
    });
    const { result } = setup();
    act(() => result.current.editContent(0, 0, '<p>typed</p>'));
    await waitFor(() => expect(result.current.copy.status).toBe('saved'), { timeout: 3000 });
    expect(sent[0].echo).toBe('changes');
    expect(result.current.copy.revision).toBe(4);
    expect(result.current.copy.content.chapters[0].sections[0].content).toBe('<p>typed</p>');
    expect(result.current.copy.base).toBe(result.current.copy.content);
  });

  it('a 409 on the same section keeps both versions and waits for a choice; keeping both saves them', async () => {
    const theirs = withSection(content, 0, '<p>their a</p>');
    const sent: PatchBody[] = [];
    mockFetch({
      'PATCH /api/textbooks/5': (init) => {
        const body = bodyOf(init);
        sent.push(body);
        if (body.baseRevision === 3) return json({ message: 'Conflict', code: 'CONFLICT', content: theirs, revision: 7 }, 409);
        return json({ id: 5, content: body.content, revision: 8 });
      },
    });
    const { result } = setup();
    act(() => result.current.editContent(0, 0, '<p>my a</p>'));
    await waitFor(() => expect(result.current.copy.status).toBe('conflict'), { timeout: 3000 });
    const [conflict] = result.current.copy.conflicts;
    expect(conflict).toMatchObject({ mine: '<p>my a</p>', theirs: '<p>their a</p>' });
    expect(result.current.copy.content.chapters[0].sections[0].content).toBe('<p>my a</p>');
    // Nothing more is sent while the conflict is open.
    await new Promise((r) => setTimeout(r, 1000));
    expect(sent).toHaveLength(1);
    act(() => result.current.resolve(conflict.key, 'both'));
    await waitFor(() => expect(result.current.copy.status).toBe('saved'), { timeout: 3000 });
    expect(sent[1].baseRevision).toBe(7);
    expect(sent[1].content.chapters[0].sections[0].content).toBe('<p>my a</p><p>their a</p>');
  });

  it('a 409 caused by a different section merges by itself and saves again', async () => {
    const theirs = withSection(content, 1, '<p>their b</p>');
    const sent: PatchBody[] = [];
    mockFetch({
      'PATCH /api/textbooks/5': (init) => {
        const body = bodyOf(init);
        sent.push(body);
        if (body.baseRevision === 3) return json({ message: 'Conflict', code: 'CONFLICT', content: theirs, revision: 7 }, 409);
        return json({ id: 5, content: body.content, revision: 8 });
      },
    });
    const { result } = setup();
    act(() => result.current.editContent(0, 0, '<p>my a</p>'));
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 4000 });
    await waitFor(() => expect(result.current.copy.status).toBe('saved'));
    expect(sent[1].content.chapters[0].sections.map((s) => s.content)).toEqual(['<p>my a</p>', '<p>their b</p>']);
  });

  it('a network failure shows Offline and keeps the text', async () => {
    mockFetch({ 'PATCH /api/textbooks/5': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = setup();
    act(() => result.current.editContent(0, 1, '<p>offline b</p>'));
    await waitFor(() => expect(result.current.copy.status).toBe('offline'), { timeout: 3000 });
    expect(result.current.copy.content.chapters[0].sections[1].content).toBe('<p>offline b</p>');
  });

  it('a server error shows the Update Failed toast', async () => {
    mockFetch({ 'PATCH /api/textbooks/5': () => json({ message: 'boom', code: 'INTERNAL' }, 500) });
    const { result } = setup();
    act(() => result.current.editContent(0, 1, '<p>x</p>'));
    await waitFor(() => expect(result.current.copy.status).toBe('error'), { timeout: 3000 });
    expect(screen.getByTestId('toast-title')).toHaveTextContent('Update Failed');
    expect(screen.getByTestId('toast-description')).toHaveTextContent('Could not save your changes. Please try again.');
  });

  it('a newer revision from elsewhere merges in without touching the section being typed', () => {
    mockFetch({});
    const { result } = setup();
    act(() => result.current.editContent(0, 0, '<p>typing</p>'));
    act(() => result.current.receive(withSection(content, 1, '<p>remote b</p>'), 9));
    expect(result.current.copy.content.chapters[0].sections.map((s) => s.content)).toEqual(['<p>typing</p>', '<p>remote b</p>']);
    expect(result.current.copy.revision).toBe(9);
    // An older revision is ignored.
    act(() => result.current.receive(withSection(content, 1, '<p>stale</p>'), 8));
    expect(result.current.copy.content.chapters[0].sections[1].content).toBe('<p>remote b</p>');
  });
});
