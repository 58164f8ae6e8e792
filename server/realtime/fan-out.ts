import type { FastifyBaseLogger } from 'fastify';
import type { ServerMessage } from '@common/realtime';
import type { DbOrTx } from '../db/client';
import type { TextbookSavedEvent } from './events';
import { now, type Connection, type Sender } from './hub-connection';
import type { Presence } from './presence';
import { findTextbookSnapshot } from './realtime.repo';

/**
 * After each committed save, an `edit` with the STORED content and revision to the room's other
 * sockets; after missed events, the stored copy to anyone whose copy is older. Saves of one
 * textbook are fanned out in order, so clients see revisions ascend.
 */
export interface FanOut {
  /** A save was committed (`event` from the event bus). */
  saved(event: TextbookSavedEvent): void;
  /** Events may have been missed: every room compares its revision with the stored one. */
  resyncAll(): void;
  /** Clients of the room were given this revision (at join). */
  noteRevision(textbookId: number, revision: number): void;
  /** The room is empty. */
  forgetRoom(textbookId: number): void;
  /** Resolves once the fan-outs under way have ended (shutdown). */
  settled(): Promise<unknown>;
}

export function createFanOut(deps: { db: DbOrTx; presence: Presence<Connection>; sender: Sender; log?: FastifyBaseLogger }): FanOut {
  const { db, presence, sender, log } = deps;
  const chains = new Map<number, Promise<void>>();
  // The newest revision each room's clients were given (at join or by an edit): what a resync compares with.
  const roomRevision = new Map<number, number>();
  const noteRevision = (textbookId: number, revision: number) =>
    roomRevision.set(textbookId, Math.max(roomRevision.get(textbookId) ?? 0, revision));

  const editMessage = (
    textbookId: number,
    author: { userId: number; username: string; live?: boolean },
    snapshot: { content: unknown; revision: number },
    at: string,
  ) =>
    JSON.stringify({
      type: 'edit',
      textbookId,
      userId: author.userId,
      username: author.username,
      ...(author.live ? { live: true } : {}),
      content: snapshot.content,
      revision: snapshot.revision,
      timestamp: at,
    } satisfies ServerMessage);

  /** `announcedAt`: when this instance heard of the save; the edit's timestamp, so clients can measure fan-out. */
  const fanOutSave = async (event: TextbookSavedEvent, announcedAt: string) => {
    if (!presence.hasRoom(event.textbookId)) return;
    const snapshot = await findTextbookSnapshot(db, event.textbookId);
    if (!snapshot) return;
    noteRevision(event.textbookId, snapshot.revision);
    const recipients = presence.sockets(event.textbookId, event.userId);
    if (recipients.length === 0) return;
    // Serialized once: with 200 sockets the JSON of a large book is the main cost.
    const frame = Buffer.from(editMessage(event.textbookId, event, snapshot, announcedAt));
    for (const c of recipients) sender.sendRaw(c, frame);
  };

  /** After missed events: anyone whose copy is older than the stored one gets the stored one. */
  const resyncRoom = async (textbookId: number) => {
    const snapshot = await findTextbookSnapshot(db, textbookId);
    if (!snapshot || snapshot.revision <= (roomRevision.get(textbookId) ?? 0)) return;
    roomRevision.set(textbookId, snapshot.revision);
    const text = editMessage(textbookId, { userId: 0, username: 'A collaborator' }, snapshot, now());
    for (const c of presence.sockets(textbookId)) sender.sendRaw(c, text);
  };

  const enqueue = (id: number, work: () => Promise<void>) => {
    const next = (chains.get(id) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => log?.error({ err, textbookId: id }, 'realtime fan-out failed'));
    chains.set(id, next);
    void next.then(() => {
      if (chains.get(id) === next) chains.delete(id);
    });
  };

  return {
    saved(event) {
      const announcedAt = now();
      enqueue(event.textbookId, () => fanOutSave(event, announcedAt));
    },
    resyncAll() {
      for (const id of presence.textbookIds()) enqueue(id, () => resyncRoom(id));
    },
    noteRevision,
    forgetRoom(textbookId) {
      roomRevision.delete(textbookId);
    },
    settled: () => Promise.allSettled([...chains.values()]),
  };
}
