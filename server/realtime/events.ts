import { moduleErrorLog, type ErrorLog } from '../core/logger';
/**
 * Committed changes to textbooks, published after the transaction commits.
 * The realtime hub subscribes and fans `edit` out to sockets; with PostgreSQL
 * the bus crosses instances via LISTEN/NOTIFY (server/realtime).
 */
export interface TextbookSavedEvent {
  type: 'textbook.saved';
  textbookId: number;
  userId: number;
  username: string;
  revision: number;
  /** What changed, as recorded in the version history. */
  description: string;
  /**
   * True when the save stored what people typed into the live document (server/features/collab);
   * otherwise (REST, AI tools, restore) live documents open on any instance pull the stored state.
   */
  live?: boolean;
  /**
   * The chapter and section ids the save added (absent when it added none, or too many to carry): a live document
   * open on any instance takes typing into them at once, before it has pulled the stored state.
   */
  addedBodies?: string[];
}
export interface TextbookDeletedEvent {
  type: 'textbook.deleted';
  textbookId: number;
}
export interface CollaboratorsChangedEvent {
  type: 'collaborators.changed';
  textbookId: number;
  /** A removed user loses access: their sockets for this textbook are closed. */
  removedUserId?: number;
}
/** Sessions ended (logout, "Sign out everywhere"): every instance forgets them and closes their sockets. */
export interface SessionsEndedEvent {
  type: 'sessions.ended';
  userId: number;
  /** The ended sessions' ids (token hashes); absent when all the user's sessions ended. */
  sessionIds?: string[];
}
export type DomainEvent = TextbookSavedEvent | TextbookDeletedEvent | CollaboratorsChangedEvent | SessionsEndedEvent;

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
  /** Present only when other app instances exist (PostgreSQL): who is connected where. */
  presence?: PresenceChannel;
}

/**
 * Presence shared between instances, so users on two servers see each other.
 * Each instance announces its own sockets' users; `state` answers `hello`
 * (a new or reconnected instance); `alive` lets others forget a dead instance.
 */
export type PresenceSignal =
  | { kind: 'join'; textbookId: number; userId: number; username: string }
  | { kind: 'leave'; textbookId: number; userId: number }
  | { kind: 'hello' }
  | { kind: 'state'; first: boolean; entries: Array<[textbookId: number, userId: number, username: string]> }
  | { kind: 'alive' }
  | { kind: 'bye' };

export interface PresenceChannel {
  readonly instanceId: string;
  /** Signals are sent in the order published (one instance's join never overtakes its leave). */
  publish(signals: PresenceSignal | PresenceSignal[]): void;
  /** Other instances' signals; `reconnected` (from this instance) after the channel was lost: state may be stale. */
  subscribe(listener: (signal: PresenceSignal | { kind: 'reconnected' }, fromInstance: string) => void): () => void;
}

/** In-process bus: enough for PGlite, where there is one instance. A listener that throws is reported to `onError`. */
export function createLocalEventBus(onError: ErrorLog = moduleErrorLog): EventBus {
  const listeners = new Set<(event: DomainEvent) => void>();
  return {
    async publish(event) {
      for (const l of listeners) {
        try {
          l(event);
        } catch (err) {
          onError('event listener failed', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
