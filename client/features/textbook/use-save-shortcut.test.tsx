import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import type { LiveDocument } from '../collaboration/use-live-document';
import { useSaveShortcut } from './use-save-shortcut';

function Probe({ live }: { live: LiveDocument | null }) {
  useSaveShortcut(live);
  return <Toaster />;
}

const liveDoc = (connected: boolean, flush = vi.fn(async () => undefined)) => ({ connected, flush }) as unknown as LiveDocument;

describe('Ctrl+S on the textbook page', () => {
  it('stores the live document now and says so, instead of the browser saving the page', async () => {
    const flush = vi.fn(async () => undefined);
    render(<Probe live={liveDoc(true, flush)} />);
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'S', metaKey: true });
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('says the edits wait on this device when offline, and leaves other shortcuts alone', async () => {
    const flush = vi.fn(async () => undefined);
    render(<Probe live={liveDoc(false, flush)} />);
    const other = new KeyboardEvent('keydown', { key: 'p', ctrlKey: true, cancelable: true });
    window.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(screen.getByText('Offline: not saved to the server yet')).toBeInTheDocument());
    expect(flush).not.toHaveBeenCalled();
  });
});
