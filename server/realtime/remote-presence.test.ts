import { describe, expect, it } from 'vitest';
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
