import type { ActiveCollaborator } from '@common/realtime';

/**
 * Who is connected to which textbook. A user with several tabs (sockets) on
 * one textbook counts once: `join` goes out with their first socket and
 * `leave` with their last. Generic over the socket handle so it stays a pure
 * data structure (unit-tested without a network).
 */
export class Presence<S> {
  private readonly rooms = new Map<number, Map<number, { username: string; sockets: Set<S> }>>();

  /** Adds a socket; `firstForUser` says whether others should hear a `join`. */
  add(textbookId: number, user: ActiveCollaborator, socket: S): { firstForUser: boolean } {
    let room = this.rooms.get(textbookId);
    if (!room) {
      room = new Map();
      this.rooms.set(textbookId, room);
    }
    let member = room.get(user.userId);
    const firstForUser = !member;
    if (!member) {
      member = { username: user.username, sockets: new Set() };
      room.set(user.userId, member);
    }
    member.sockets.add(socket);
    return { firstForUser };
  }

  /** Removes a socket; `lastForUser` says whether others should hear a `leave`. */
  remove(textbookId: number, userId: number, socket: S): { lastForUser: boolean; wasPresent: boolean } {
    const room = this.rooms.get(textbookId);
    const member = room?.get(userId);
    if (!room || !member || !member.sockets.delete(socket)) return { lastForUser: false, wasPresent: false };
    if (member.sockets.size > 0) return { lastForUser: false, wasPresent: true };
    room.delete(userId);
    if (room.size === 0) this.rooms.delete(textbookId);
    return { lastForUser: true, wasPresent: true };
  }

  has(textbookId: number, userId: number, socket: S): boolean {
    return this.rooms.get(textbookId)?.get(userId)?.sockets.has(socket) ?? false;
  }

  active(textbookId: number): ActiveCollaborator[] {
    const room = this.rooms.get(textbookId);
    if (!room) return [];
    return [...room].map(([userId, m]) => ({ userId, username: m.username }));
  }

  /** Sockets on a textbook, optionally leaving out one user's (the saver's). */
  sockets(textbookId: number, exceptUserId?: number): S[] {
    const room = this.rooms.get(textbookId);
    if (!room) return [];
    const out: S[] = [];
    for (const [userId, m] of room) if (userId !== exceptUserId) out.push(...m.sockets);
    return out;
  }

  userSockets(textbookId: number, userId: number): S[] {
    return [...(this.rooms.get(textbookId)?.get(userId)?.sockets ?? [])];
  }

  /** Every (textbook, user) present here: what another instance needs to know about this one. */
  entries(): Array<[textbookId: number, userId: number, username: string]> {
    const out: Array<[number, number, string]> = [];
    for (const [textbookId, room] of this.rooms) for (const [userId, m] of room) out.push([textbookId, userId, m.username]);
    return out;
  }

  textbookIds(): number[] {
    return [...this.rooms.keys()];
  }

  hasRoom(textbookId: number): boolean {
    return this.rooms.has(textbookId);
  }

  roomCount(): number {
    return this.rooms.size;
  }
}
