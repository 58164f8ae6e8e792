import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleErrorLog } from './logger';

afterEach(() => vi.restoreAllMocks());

describe('moduleErrorLog', () => {
  it('writes one JSON line in the app logger shape, with the error serialized', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    moduleErrorLog('postgres pool error', new Error('connection reset'));
    expect(write).toHaveBeenCalledTimes(1);
    const text = String(write.mock.calls[0]![0]);
    expect(text.endsWith('\n')).toBe(true);
    const line = JSON.parse(text) as { level: number; msg: string; err: { type: string; message: string } };
    expect(line.level).toBe(50);
    expect(line.msg).toBe('postgres pool error');
    expect(line.err).toMatchObject({ type: 'Error', message: 'connection reset' });
  });
});
