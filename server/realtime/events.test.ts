import { describe, expect, it } from 'vitest';
import { createLocalEventBus } from './events';

describe('createLocalEventBus', () => {
  it('reports a listener that throws to its error log and still delivers to the others', async () => {
    const reports: Array<[string, unknown]> = [];
    const bus = createLocalEventBus((message, err) => reports.push([message, err]));
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    bus.subscribe((event) => heard.push(event.type));
    await bus.publish({ type: 'textbook.deleted', textbookId: 7 });
    expect(heard).toEqual(['textbook.deleted']);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe('event listener failed');
    expect((reports[0]![1] as Error).message).toBe('listener broke');
  });
});
