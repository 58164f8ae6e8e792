import type { ActiveCollaborator } from '@common/realtime';
import type { PresenceChannel, PresenceSignal } from './events';
import type { Presence } from './presence';
import { presenceAliveEveryMs, RemotePresence, type PresenceEffect } from './remote-presence';

/**
 * Presence across app instances: this
 * instance announces its own users' joins and leaves, learns the others', and
 * tells local sockets only about real changes (a user on two servers counts
 * once). Without a channel (PGlite: one instance) every answer is "nobody
 * elsewhere" and nothing is sent.
 */
export interface InstanceSync {
  announceJoin(textbookId: number, user: ActiveCollaborator): void;
  announceLeave(textbookId: number, userId: number): void;
  presentElsewhere(textbookId: number, userId: number): boolean;
  activeElsewhere(textbookId: number): ActiveCollaborator[];
  close(): void;
}

/** State replies are split so one NOTIFY stays far below PostgreSQL's 8000-byte payload limit. */
const entriesPerSignal = 60;

export function createInstanceSync(options: {
  channel: PresenceChannel | undefined;
  presence: Presence<unknown>;
  /** Tell local sockets of a textbook that someone joined or left. */
  notify: (effect: PresenceEffect) => void;
  /** The channel was lost for a while: saves may have been missed. */
  onResync: () => void;
  aliveEveryMs?: number;
}): InstanceSync {
  const { channel, presence } = options;
  if (!channel) {
    return { announceJoin() {}, announceLeave() {}, presentElsewhere: () => false, activeElsewhere: () => [], close() {} };
  }
  const remote = new RemotePresence((textbookId, userId) => presence.userSockets(textbookId, userId).length > 0);
  const apply = (effects: PresenceEffect[]) => effects.forEach(options.notify);

  const stateSignals = (): PresenceSignal[] => {
    const entries = presence.entries();
    const out: PresenceSignal[] = [];
    for (let i = 0; i < entries.length || i === 0; i += entriesPerSignal) {
      out.push({ kind: 'state', first: i === 0, entries: entries.slice(i, i + entriesPerSignal) });
    }
    return out;
  };

  const unsubscribe = channel.subscribe((signal, from) => {
    if (signal.kind === 'reconnected') {
      // Others may have missed our changes and we theirs: restate ours, ask for theirs, reload what is shown.
      channel.publish([...stateSignals(), { kind: 'hello' }]);
      options.onResync();
      return;
    }
    if (signal.kind === 'hello') channel.publish(stateSignals());
    apply(remote.apply(signal, from));
  });

  const timer = setInterval(() => {
    channel.publish({ kind: 'alive' });
    apply(remote.expire());
  }, options.aliveEveryMs ?? presenceAliveEveryMs);
  timer.unref();
  channel.publish({ kind: 'hello' });

  return {
    announceJoin(textbookId, user) {
      channel.publish({ kind: 'join', textbookId, userId: user.userId, username: user.username });
    },
    announceLeave(textbookId, userId) {
      channel.publish({ kind: 'leave', textbookId, userId });
    },
    presentElsewhere: (textbookId, userId) => remote.presentElsewhere(textbookId, userId),
    activeElsewhere: (textbookId) => remote.active(textbookId),
    close() {
      clearInterval(timer);
      unsubscribe();
      channel.publish({ kind: 'bye' });
    },
  };
}
