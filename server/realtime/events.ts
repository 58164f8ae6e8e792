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
export type DomainEvent = TextbookSavedEvent | TextbookDeletedEvent | CollaboratorsChangedEvent;

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

/** In-process bus: enough for PGlite, where there is one instance. */
export function createLocalEventBus(): EventBus {
  const listeners = new Set<(event: DomainEvent) => void>();
  return {
    async publish(event) {
      for (const l of listeners) {
        try {
          l(event);
        } catch (err) {
          console.error('event listener failed', err);
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
