import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@client/components/ui/toast-store';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { resetCollaborationToastThrottle, useCollaboration } from './use-collaboration';

/** A WebSocket stand-in the test drives by hand (the browser's is not in jsdom's reach here). */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Test controls
  serverOpen() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** A message as the server sends it: stamped with the time unless the test gives one. */
  serverSend(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify({ timestamp: '2026-01-05T10:00:00.000Z', ...message }) });
  }
  serverClose(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const me = { id: 1, username: 'olivia' };
const edits: Array<[unknown, number]> = [];

function Probe({ textbookId = 7 }: { textbookId?: number }) {
  const { connected, activeUsers, sessionEnded } = useCollaboration({
    textbookId,
    onRemoteEdit: (content, revision) => edits.push([content, revision]),
  });
  return (
    <div>
      <span data-testid="connected">{String(connected)}</span>
      <span data-testid="session-ended">{String(sessionEnded)}</span>
      <span data-testid="users">{activeUsers.map((u) => u.username).join(',')}</span>
    </div>
  );
}

async function mount() {
  const view = renderWithApp(<Probe />, { path: '/textbook/7' });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0];
  act(() => socket.serverOpen());
  return { view, socket };
}
const title = () => screen.queryByTestId('toast-title')?.textContent;

describe('useCollaboration', () => {
  const original = globalThis.WebSocket;
  beforeEach(() => {
    FakeSocket.all = [];
    edits.length = 0;
    resetCollaborationToastThrottle();
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
    mockFetch({ 'GET /api/user': () => json(me) });
  });
  afterEach(() => {
    globalThis.WebSocket = original;
    vi.useRealTimers();
  });

  it('connects to /ws on the same host and joins; a toast says so only when a lost connection comes back', async () => {
    const { socket } = await mount();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    expect(socket.sent[0]).toMatchObject({ type: 'join', textbookId: 7, userId: 1 });
    expect(screen.getByTestId('connected')).toHaveTextContent('true');
    expect(title()).toBeUndefined();
    vi.useFakeTimers();
    act(() => socket.serverClose(1006));
    act(() => vi.advanceTimersByTime(1000));
    act(() => FakeSocket.all[1].serverOpen());
    expect(screen.getByTestId('connected')).toHaveTextContent('true');
    expect(title()).toBe('Connected to collaboration server');
  });

  it('keeps the active list from collaborators, join and leave, ignoring unknown types and other textbooks', async () => {
    const { socket } = await mount();
    act(() => socket.serverSend({ type: 'collaborators', textbookId: 7, collaborators: [{ userId: 1, username: 'olivia' }] }));
    expect(screen.getByTestId('users')).toHaveTextContent('olivia');
    act(() => socket.serverSend({ type: 'join', textbookId: 7, userId: 2, username: 'bob' }));
    expect(screen.getByTestId('users')).toHaveTextContent('olivia,bob');
    expect(title()).toBe('Collaborator Joined');
    act(() => socket.serverSend({ type: 'join', textbookId: 8, userId: 3, username: 'carol' }));
    act(() => socket.serverSend({ type: 'cursor', textbookId: 7, userId: 3 }));
    expect(screen.getByTestId('users')).toHaveTextContent(/^olivia,bob$/);
    act(() => socket.serverSend({ type: 'leave', textbookId: 7, userId: 2, username: 'bob' }));
    expect(screen.getByTestId('users')).toHaveTextContent(/^olivia$/);
  });

  it('drops messages whose shape is wrong, logging them, and acts on the valid ones after them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { socket } = await mount();
    act(() => socket.serverSend({ type: 'collaborators', textbookId: 7, collaborators: [{ userId: 1, username: 'olivia' }] }));
    act(() => socket.serverSend({ type: 'collaborators', textbookId: 7, collaborators: 'everyone' }));
    act(() => socket.serverSend({ type: 'join', textbookId: 7, userId: 'two', username: 'bob' }));
    act(() => socket.serverSend({ type: 'edit', textbookId: 7, userId: 2, username: 'bob', content: { title: 'B' } }));
    act(() => socket.serverSend({ type: 'edit', textbookId: 7, userId: 2, username: 'bob', revision: 5 }));
    expect(screen.getByTestId('users')).toHaveTextContent(/^olivia$/);
    expect(edits).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^collaboration: dropped a message \(collaborators: /);
    act(() => socket.serverSend({ type: 'join', textbookId: 7, userId: 2, username: 'bob' }));
    expect(screen.getByTestId('users')).toHaveTextContent(/^olivia,bob$/);
    warn.mockRestore();
  });

  it('hands a collaborator edit to onRemoteEdit, ignores its own, and throttles collaboration toasts to one per 10 s', async () => {
    const { socket } = await mount();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    act(() => socket.serverSend({ type: 'edit', textbookId: 7, userId: 2, username: 'bob', content: { title: 'B' }, revision: 5 }));
    expect(edits).toEqual([[{ title: 'B' }, 5]]);
    expect(title()).toBe('Collaboration Update');
    act(() => socket.serverSend({ type: 'edit', textbookId: 7, userId: 1, username: 'olivia', content: { title: 'mine' }, revision: 6 }));
    expect(edits).toHaveLength(1);
    // Within 10 s: the edit is applied but no new toast replaces the last one.
    now.mockReturnValue(1_005_000);
    act(() => socket.serverSend({ type: 'join', textbookId: 7, userId: 3, username: 'carol' }));
    act(() => socket.serverSend({ type: 'edit', textbookId: 7, userId: 3, username: 'carol', content: { title: 'C' }, revision: 7 }));
    expect(edits).toHaveLength(2);
    expect(title()).toBe('Collaboration Update');
    now.mockReturnValue(1_010_001);
    act(() => socket.serverSend({ type: 'leave', textbookId: 7, userId: 3, username: 'carol' }));
    expect(title()).toBe('Collaborator Left');
    now.mockRestore();
  });

  it('goes offline and empties the list on close, then reconnects with backoff', async () => {
    const { socket } = await mount();
    act(() => socket.serverSend({ type: 'collaborators', textbookId: 7, collaborators: [{ userId: 1, username: 'olivia' }] }));
    vi.useFakeTimers();
    act(() => socket.serverClose(1006));
    expect(screen.getByTestId('connected')).toHaveTextContent('false');
    expect(screen.getByTestId('users')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.all).toHaveLength(2);
    // The second failure waits longer (doubling): nothing after another second.
    act(() => FakeSocket.all[1].serverClose(1006));
    act(() => vi.advanceTimersByTime(900));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1200));
    expect(FakeSocket.all).toHaveLength(3);
  });

  it("shows 'Collaboration Error' on error, and does not retry a refused join", async () => {
    const { socket } = await mount();
    act(() => socket.onerror?.());
    expect(title()).toBe('Collaboration Error');
    expect(screen.getByTestId('toast-description')).toHaveTextContent(
      'Could not connect to the collaboration server. Collaborative editing is disabled.',
    );
    expect(screen.getByTestId('connected')).toHaveTextContent('false');
    vi.useFakeTimers();
    act(() => socket.serverClose(4404, 'Textbook not found'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('an ended session (closed as unauthorized) is reported as such, not as a collaboration error, and not retried', async () => {
    const { socket } = await mount();
    act(() => dismissToast());
    expect(screen.getByTestId('session-ended')).toHaveTextContent('false');
    vi.useFakeTimers();
    act(() => socket.serverClose(4401, 'Session ended'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('session-ended')).toHaveTextContent('true');
    expect(screen.getByTestId('connected')).toHaveTextContent('false');
    expect(title()).toBeUndefined();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('sends leave and closes when the page goes away', async () => {
    const { view, socket } = await mount();
    view.unmount();
    expect(socket.sent.at(-1)).toMatchObject({ type: 'leave', textbookId: 7, userId: 1 });
    expect(socket.closedWith).toBe(1000);
  });
});
