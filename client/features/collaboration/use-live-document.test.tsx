import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveDocument } from './live-document';
import { openLiveDocument } from './live-document-session';
import { useLiveDocument } from './use-live-document';

vi.mock('./live-document-session', () => ({ openLiveDocument: vi.fn() }));

const alice = { id: 7, username: 'alice' };
const opened = { connected: true, ready: false, unsynced: 0 } as unknown as LiveDocument;

describe('useLiveDocument', () => {
  const open = vi.mocked(openLiveDocument);
  const close = vi.fn();
  beforeEach(() => {
    open.mockReset();
    close.mockReset();
    open.mockImplementation((_id, _user, setLive) => {
      setLive(opened);
      return close;
    });
  });

  it('opens the live document once the page has painted, not during its first render, and closes it on leaving', async () => {
    const { result, unmount } = renderHook(() => useLiveDocument(5, alice));
    expect(result.current).toBeNull();
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current).toBe(opened));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(5, alice, expect.any(Function));
    unmount();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('opens none for a page left before its code came, nor for a signed-out visitor', async () => {
    const { unmount } = renderHook(() => useLiveDocument(5, alice));
    unmount();
    renderHook(() => useLiveDocument(6, null));
    // Long enough for a frame, the task after it and the module's import.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await vi.dynamicImportSettled();
    expect(open).not.toHaveBeenCalled();
  });
});
