import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PresenceChannel, PresenceSignal } from './events';
import { createInstanceSync } from './instance-sync';
import { Presence } from './presence';
import { RemotePresence } from './remote-presence';

describe('Presence (one instance)', () => {
  it('counts a user with two sockets once: join with the first, leave with the last', () => {
    const p = new Presence<string>();
    expect(p.add(1, { userId: 7, username: 'bob' }, 'tab1').firstForUser).toBe(true);
    expect(p.add(1, { userId: 7, username: 'bob' }, 'tab2').firstForUser).toBe(false);
    expect(p.active(1)).toEqual([{ userId: 7, username: 'bob' }]);
    expect(p.remove(1, 7, 'tab1')).toEqual({ lastForUser: false, wasPresent: true });
    expect(p.remove(1, 7, 'tab1')).toEqual({ lastForUser: false, wasPresent: false });
    expect(p.remove(1, 7, 'tab2')).toEqual({ lastForUser: true, wasPresent: true });
    expect(p.hasRoom(1)).toBe(false);
  });
});

describe('RemotePresence (other instances)', () => {
  const setup = (local: Array<[number, number]> = []) => {
    const here = new Set(local.map(([t, u]) => `${t}:${u}`));
    return new RemotePresence((t, u) => here.has(`${t}:${u}`), 30_000);
  };

  it('reports a join and a leave only when the user was not already present anywhere', () => {
    const r = setup([[1, 9]]);
    expect(r.apply({ kind: 'join', textbookId: 1, userId: 5, username: 'eve' }, 'B', 0)).toEqual([
      { type: 'join', textbookId: 1, userId: 5, username: 'eve' },
    ]);
    // The same user through a third instance: still one presence.
    expect(r.apply({ kind: 'join', textbookId: 1, userId: 5, username: 'eve' }, 'C', 0)).toEqual([]);
    // A user also connected here: no join for local sockets.
    expect(r.apply({ kind: 'join', textbookId: 1, userId: 9, username: 'me' }, 'B', 0)).toEqual([]);
    expect(
      r
        .active(1)
        .map((u) => u.userId)
        .sort(),
    ).toEqual([5, 9]);
    expect(r.apply({ kind: 'leave', textbookId: 1, userId: 5 }, 'B', 0)).toEqual([]);
    expect(r.apply({ kind: 'leave', textbookId: 1, userId: 5 }, 'C', 0)).toEqual([
      { type: 'leave', textbookId: 1, userId: 5, username: 'eve' },
    ]);
    expect(r.presentElsewhere(1, 5)).toBe(false);
  });

  it('replaces an instance state without spurious join/leave pairs, and forgets instances that go silent or say bye', () => {
    const r = setup();
    r.apply({ kind: 'join', textbookId: 2, userId: 1, username: 'a' }, 'B', 0);
    r.apply({ kind: 'join', textbookId: 2, userId: 2, username: 'b' }, 'B', 0);
    const effects = r.apply(
      {
        kind: 'state',
        first: true,
        entries: [
          [2, 1, 'a'],
          [2, 3, 'c'],
        ],
      },
      'B',
      1000,
    );
    expect(effects).toEqual([
      { type: 'leave', textbookId: 2, userId: 2, username: 'b' },
      { type: 'join', textbookId: 2, userId: 3, username: 'c' },
    ]);
    r.apply({ kind: 'join', textbookId: 2, userId: 4, username: 'd' }, 'C', 20_000);
    expect(
      r
        .expire(32_000)
        .map((e) => e.userId)
        .sort(),
    ).toEqual([1, 3]);
    expect(r.active(2)).toEqual([{ userId: 4, username: 'd' }]);
    expect(r.apply({ kind: 'bye' }, 'C', 33_000)).toEqual([{ type: 'leave', textbookId: 2, userId: 4, username: 'd' }]);
  });
});

describe('presence across instances: a crashed instance', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("drops a crashed instance's users within 15 s of its last word, and not while it still beats", () => {
    vi.useFakeTimers();
    let deliver: Parameters<PresenceChannel['subscribe']>[0] = () => undefined;
    const channel: PresenceChannel = {
      instanceId: 'here',
      publish: () => undefined,
      subscribe(listener) {
        deliver = listener;
        return () => undefined;
      },
    };
    const told: Array<{ type: string; userId: number }> = [];
    const sync = createInstanceSync({
      channel,
      presence: new Presence<string>(),
      notify: (effect) => told.push({ type: effect.type, userId: effect.userId }),
      onResync: () => undefined,
    });
    const from = (signal: PresenceSignal) => deliver(signal, 'other');
    from({ kind: 'join', textbookId: 3, userId: 9, username: 'zoe' });
    expect(told).toEqual([{ type: 'join', userId: 9 }]);
    // While the other instance keeps beating, its user stays however long it is.
    for (let t = 0; t < 60_000; t += 3_000) {
      vi.advanceTimersByTime(3_000);
      from({ kind: 'alive' });
    }
    expect(sync.activeElsewhere(3)).toEqual([{ userId: 9, username: 'zoe' }]);
    // Then it dies without a 'bye'.
    vi.advanceTimersByTime(15_000);
    expect(told).toEqual([
      { type: 'join', userId: 9 },
      { type: 'leave', userId: 9 },
    ]);
    expect(sync.activeElsewhere(3)).toEqual([]);
    sync.close();
  });
});
