import { useEffect, useRef, useState } from 'react';
import { limits } from '@common/limits';
import { wsCloseCodes, type ActiveCollaborator } from '@common/realtime';
import { useAuth } from '@client/app/auth-context';
import { toast, type ToastInput } from '@client/components/ui/toast-store';
import { collaborationSocketUrl, createReconnectingSocket } from '@client/lib/ws-client';
import { readServerMessage } from './server-messages';

export interface UseCollaborationOptions {
  textbookId: number;
  /** A collaborator's committed save: the stored content and its revision. */
  onRemoteEdit: (content: unknown, revision: number) => void;
}
export interface CollaborationState {
  connected: boolean;
  activeUsers: ActiveCollaborator[];
  /** The server closed the socket because the session ended (signed out here or on another device). */
  sessionEnded: boolean;
}

// Collaboration update toasts at most one per 10 s, across every textbook page of this tab.
let lastCollaborationToastAt = Number.NEGATIVE_INFINITY;
export function collaborationToast(input: ToastInput, now: number = Date.now()): boolean {
  if (now - lastCollaborationToastAt < limits.collaborationToastIntervalMs) return false;
  lastCollaborationToastAt = now;
  toast(input);
  return true;
}
/** Tests start each case with a fresh throttle. */
export function resetCollaborationToastThrottle(): void {
  lastCollaborationToastAt = Number.NEGATIVE_INFINITY;
}

const refusedCodes = [wsCloseCodes.unauthorized, wsCloseCodes.forbidden, wsCloseCodes.notFound];
const errorToast: ToastInput = {
  title: 'Collaboration Error',
  description: 'Could not connect to the collaboration server. Collaborative editing is disabled.',
  variant: 'destructive',
};

/** Presence and live edits for one textbook over /ws. */
export function useCollaboration({ textbookId, onRemoteEdit }: UseCollaborationOptions): CollaborationState {
  const { user } = useAuth();
  const userId = user?.id;
  const [connected, setConnected] = useState(false);
  const [activeUsers, setActiveUsers] = useState<ActiveCollaborator[]>([]);
  const [sessionEnded, setSessionEnded] = useState(false);
  // The latest callback without reconnecting whenever the page re-renders.
  const onRemoteEditRef = useRef(onRemoteEdit);
  onRemoteEditRef.current = onRemoteEdit;

  useEffect(() => {
    if (userId === undefined || !Number.isSafeInteger(textbookId)) return;
    // One error toast per outage, not one per reconnect attempt.
    let errorShown = false;
    // The first connection is shown by the indicator alone: a toast on every open covered the title on a phone.
    // One says so when the connection comes back after it was lost.
    let wasLost = false;
    const showError = () => {
      if (errorShown) return;
      errorShown = true;
      toast(errorToast);
    };
    const envelope = (type: 'join' | 'leave') => ({ type, textbookId, userId, timestamp: new Date().toISOString() });

    const handle = (raw: unknown) => {
      const msg = readServerMessage(raw);
      if (!msg || msg.type === 'error' || msg.textbookId !== textbookId) return;
      switch (msg.type) {
        case 'collaborators':
          setActiveUsers(msg.collaborators);
          return;
        case 'join': {
          if (msg.userId === userId) return;
          const joined = { userId: msg.userId, username: msg.username };
          setActiveUsers((list) => (list.some((u) => u.userId === joined.userId) ? list : [...list, joined]));
          collaborationToast({ title: 'Collaborator Joined', description: `${joined.username} is now editing this textbook` });
          return;
        }
        case 'leave': {
          if (msg.userId === userId) return;
          const left = msg.userId;
          setActiveUsers((list) => list.filter((u) => u.userId !== left));
          collaborationToast({ title: 'Collaborator Left', description: `${msg.username} has left` });
          return;
        }
        case 'edit': {
          if (msg.userId === userId) return;
          onRemoteEditRef.current(msg.content, msg.revision);
          // Typing stored from the live document is already on screen, caret and all: no toast for it.
          if (msg.live === true) return;
          collaborationToast({ title: 'Collaboration Update', description: `${msg.username} updated the textbook` });
          return;
        }
      }
    };

    const socket = createReconnectingSocket({
      url: collaborationSocketUrl(),
      fatalCloseCodes: refusedCodes,
      maxDelayMs: 30_000,
      onOpen: (send) => {
        errorShown = false;
        setConnected(true);
        send(envelope('join'));
        if (wasLost) toast({ title: 'Connected to collaboration server' });
        wasLost = false;
      },
      onMessage: handle,
      onError: () => {
        wasLost = true;
        setConnected(false);
        showError();
      },
      onClose: ({ code }) => {
        wasLost = true;
        setConnected(false);
        setActiveUsers([]);
        // An ended session is not a connection failure: the page says the session ended instead.
        if (code === wsCloseCodes.unauthorized) setSessionEnded(true);
        else if ((refusedCodes as readonly number[]).includes(code)) showError();
      },
    });

    // Leaving the page without unmounting (tab closed, reload): say so before the socket dies.
    const onPageHide = () => socket.close(envelope('leave'));
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      socket.close(envelope('leave'));
      setConnected(false);
      setActiveUsers([]);
    };
  }, [textbookId, userId]);

  return { connected, activeUsers, sessionEnded };
}
