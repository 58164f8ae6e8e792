import { describe, expect, it } from 'vitest';
import { readServerMessage } from './server-messages';

const at = '2026-01-05T10:00:00.000Z';

describe('readServerMessage', () => {
  it('reads each message the server sends', () => {
    const edit = {
      type: 'edit',
      textbookId: 7,
      userId: 2,
      username: 'bob',
      live: true,
      content: { title: 'B' },
      revision: 5,
      timestamp: at,
    };
    expect(readServerMessage(edit)).toEqual(edit);
    const list = { type: 'collaborators', textbookId: 7, collaborators: [{ userId: 2, username: 'bob' }], timestamp: at };
    expect(readServerMessage(list)).toEqual(list);
    const error = { type: 'error', code: 'BAD_MESSAGE', message: 'Invalid message', timestamp: at };
    expect(readServerMessage(error)).toEqual(error);
  });

  it('ignores another type quietly and drops a known type with a wrong shape, saying where', () => {
    const dropped: string[] = [];
    const log = (reason: string) => dropped.push(reason);
    expect(readServerMessage({ type: 'cursor', textbookId: 7, userId: 3 }, log)).toBeNull();
    expect(readServerMessage('hello', log)).toBeNull();
    expect(readServerMessage(null, log)).toBeNull();
    expect(dropped).toEqual([]);
    expect(readServerMessage({ type: 'leave', textbookId: 7, userId: 2, timestamp: at }, log)).toBeNull();
    expect(readServerMessage({ type: 'edit', textbookId: 7, userId: 2, username: 'bob', revision: 5, timestamp: at }, log)).toBeNull();
    expect(readServerMessage({ type: 'join', textbookId: '7', userId: 2, username: 'bob', timestamp: at }, log)).toBeNull();
    expect(dropped).toHaveLength(3);
    expect(dropped[0]).toMatch(/^username: /);
    expect(dropped[1]).toMatch(/^content: content is required/);
    expect(dropped[2]).toMatch(/^textbookId: /);
  });
});
