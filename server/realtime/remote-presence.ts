import type { ActiveCollaborator } from '@common/realtime';
import type { PresenceSignal } from './events';

/**
 * Instances say they are alive every few seconds; one silent for longer than this has crashed
 * (no 'bye') and its users leave: with the 3 s beat, within 13 s of the crash.
 */
export const presenceStaleAfterMs = 10_000;
export const presenceAliveEveryMs = 3_000;

/** What local sockets should be told after another instance's signal. */
export interface PresenceEffect {
  type: 'join' | 'leave';
  textbookId: number;
  userId: number;
  username: string;
}

interface InstanceView {
  seenAt: number;
  rooms: Map<number, Map<number, string>>;
}

/**
 * This instance's view of the users connected to OTHER instances. Pure: the
 * hub feeds it signals and asks `isLocal` whether a user also has a socket
 * here, so a user counts once across all servers (no duplicate join/leave).
 */
export class RemotePresence {
  private readonly instances = new Map<string, InstanceView>();

  constructor(
    private readonly isLocal: (textbookId: number, userId: number) => boolean,
    private readonly staleAfterMs = presenceStaleAfterMs,
  ) {}

  /** Whether the user is present on this textbook anywhere (here or elsewhere), optionally ignoring one instance. */
  private presentAnywhere(textbookId: number, userId: number, ignore?: string): boolean {
    if (this.isLocal(textbookId, userId)) return true;
    return this.presentElsewhere(textbookId, userId, ignore);
  }

  presentElsewhere(textbookId: number, userId: number, ignore?: string): boolean {
    for (const [id, view] of this.instances) {
      if (id !== ignore && view.rooms.get(textbookId)?.has(userId)) return true;
    }
    return false;
  }

  active(textbookId: number): ActiveCollaborator[] {
    const out = new Map<number, string>();
    for (const view of this.instances.values())
      for (const [userId, username] of view.rooms.get(textbookId) ?? []) out.set(userId, username);
    return [...out].map(([userId, username]) => ({ userId, username }));
  }

  apply(signal: PresenceSignal, from: string, now = Date.now()): PresenceEffect[] {
    const view = this.view(from, now);
    switch (signal.kind) {
      case 'join': {
        const wasPresent = this.presentAnywhere(signal.textbookId, signal.userId);
        this.room(view, signal.textbookId).set(signal.userId, signal.username);
        return wasPresent ? [] : [{ type: 'join', textbookId: signal.textbookId, userId: signal.userId, username: signal.username }];
      }
      case 'leave':
        return this.removeEntry(from, view, signal.textbookId, signal.userId);
      case 'state': {
        const effects: PresenceEffect[] = [];
        if (signal.first) effects.push(...this.dropInstance(from, false));
        const fresh = this.view(from, now);
        for (const [textbookId, userId, username] of signal.entries) {
          const wasPresent = this.presentAnywhere(textbookId, userId);
          this.room(fresh, textbookId).set(userId, username);
          if (!wasPresent) effects.push({ type: 'join', textbookId, userId, username });
        }
        return cancelOut(effects);
      }
      case 'bye':
        return this.dropInstance(from, true);
      case 'hello':
      case 'alive':
        return [];
    }
  }

  /** Forgets instances that stopped saying they are alive (crashed without 'bye'). */
  expire(now = Date.now()): PresenceEffect[] {
    const effects: PresenceEffect[] = [];
    for (const [id, view] of [...this.instances]) if (now - view.seenAt > this.staleAfterMs) effects.push(...this.dropInstance(id, true));
    return effects;
  }

  private view(from: string, now: number): InstanceView {
    let view = this.instances.get(from);
    if (!view) {
      view = { seenAt: now, rooms: new Map() };
      this.instances.set(from, view);
    }
    view.seenAt = now;
    return view;
  }

  private room(view: InstanceView, textbookId: number): Map<number, string> {
    let room = view.rooms.get(textbookId);
    if (!room) {
      room = new Map();
      view.rooms.set(textbookId, room);
    }
    return room;
  }

  private removeEntry(from: string, view: InstanceView, textbookId: number, userId: number): PresenceEffect[] {
    const room = view.rooms.get(textbookId);
    const username = room?.get(userId);
    if (!room || username === undefined) return [];
    room.delete(userId);
    if (room.size === 0) view.rooms.delete(textbookId);
    return this.presentAnywhere(textbookId, userId, from) ? [] : [{ type: 'leave', textbookId, userId, username }];
  }

  private dropInstance(id: string, forget: boolean): PresenceEffect[] {
    const view = this.instances.get(id);
    if (!view) return [];
    const effects: PresenceEffect[] = [];
    for (const [textbookId, room] of [...view.rooms])
      for (const userId of [...room.keys()]) effects.push(...this.removeEntry(id, view, textbookId, userId));
    if (forget) this.instances.delete(id);
    return effects;
  }
}

/** A leave followed by a join of the same user on the same textbook (a state refresh) is no change at all. */
function cancelOut(effects: PresenceEffect[]): PresenceEffect[] {
  const key = (e: PresenceEffect) => `${e.textbookId}:${e.userId}`;
  const leaves = new Map(effects.filter((e) => e.type === 'leave').map((e) => [key(e), e]));
  const joins = new Set(effects.filter((e) => e.type === 'join').map(key));
  return effects.filter((e) => !(leaves.has(key(e)) && joins.has(key(e))));
}
