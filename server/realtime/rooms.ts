import type { ServerMessage } from '@common/realtime';
import { wsCloseCodes } from '@common/realtime';
import type { PresenceChannel } from './events';
import type { FanOut } from './fan-out';
import { closeReasons, isOpen, now, type Connection, type Sender } from './hub-connection';
import { createInstanceSync } from './instance-sync';
import { Presence } from './presence';

/**
 * Who may read a textbook, and its revision: the REST policy, handed in by the feature that builds
 * the hub (realtime/ sits below features/ and does not import them).
 */
export type CanRead = (textbookId: number, userId: number) => Promise<{ revision: number } | null>;

/**
 * The hub's rooms: joining (after the read check) and leaving a textbook, and the presence
 * messages (`join`, `leave`, `collaborators`) they cause, across instances too.
 */
export interface Rooms {
  join(c: Connection, textbookId: number): Promise<void>;
  leave(c: Connection, textbookId: number): void;
  /** Leaves every room of `targets` and closes their sockets with an error. */
  closeRoomFor(textbookId: number, targets: Connection[], closeCode: number, errorCode: string, message: string, reason: string): void;
  close(): void;
}

export function createRooms(deps: {
  presence: Presence<Connection>;
  channel: PresenceChannel | undefined;
  canRead: CanRead;
  sender: Sender;
  fanOut: FanOut;
}): Rooms {
  const { presence, sender, fanOut } = deps;
  const broadcastPresence = (type: 'join' | 'leave', textbookId: number, user: { userId: number; username: string }) => {
    const text = JSON.stringify({
      type,
      textbookId,
      userId: user.userId,
      username: user.username,
      timestamp: now(),
    } satisfies ServerMessage);
    for (const other of presence.sockets(textbookId, user.userId)) sender.sendRaw(other, text);
  };
  const sync = createInstanceSync({
    channel: deps.channel,
    presence: presence as Presence<unknown>,
    notify: (effect) => broadcastPresence(effect.type, effect.textbookId, effect),
    onResync: () => fanOut.resyncAll(),
  });

  const leave = (c: Connection, textbookId: number) => {
    if (!c.joined.delete(textbookId)) return;
    const { lastForUser } = presence.remove(textbookId, c.user.id, c);
    if (!lastForUser) return;
    if (!presence.hasRoom(textbookId)) fanOut.forgetRoom(textbookId);
    sync.announceLeave(textbookId, c.user.id);
    // Still connected through another server: not a leave for anyone.
    if (!sync.presentElsewhere(textbookId, c.user.id))
      broadcastPresence('leave', textbookId, { userId: c.user.id, username: c.user.username });
  };

  const activeUsers = (textbookId: number) => {
    const here = presence.active(textbookId);
    const ids = new Set(here.map((u) => u.userId));
    return [...here, ...sync.activeElsewhere(textbookId).filter((u) => !ids.has(u.userId))];
  };

  const join = async (c: Connection, textbookId: number) => {
    if (!c.joined.has(textbookId)) {
      // The same policy as REST: anyone who may not read the textbook is told it does not exist.
      const found = await deps.canRead(textbookId, c.user.id);
      if (!isOpen(c)) return;
      if (!found) {
        sender.refuse(c, wsCloseCodes.notFound, 'NOT_FOUND', 'Textbook not found', closeReasons.notFound);
        return;
      }
      c.joined.add(textbookId);
      fanOut.noteRevision(textbookId, found.revision);
      const user = { userId: c.user.id, username: c.user.username };
      const { firstForUser } = presence.add(textbookId, user, c);
      if (firstForUser) {
        sync.announceJoin(textbookId, user);
        if (!sync.presentElsewhere(textbookId, user.userId)) broadcastPresence('join', textbookId, user);
      }
    }
    sender.send(c, { type: 'collaborators', textbookId, collaborators: activeUsers(textbookId), timestamp: now() });
  };

  return {
    join,
    leave,
    closeRoomFor(textbookId, targets, closeCode, errorCode, message, reason) {
      for (const c of targets) {
        leave(c, textbookId);
        sender.refuse(c, closeCode, errorCode, message, reason);
      }
    },
    close: () => sync.close(),
  };
}
