import { describe, expect, it } from 'vitest';
import { joinTurnedGroups, turnUpsideDownRuns } from './pdf-rotated-text';
import type { PdfItem } from './pdf-types';

describe('text printed upside down', () => {
  it('turns each group of upside-down runs the right way up about its own centre, leaving other runs as they are', () => {
    // "answer: 2x" turned half a turn: drawn from right to left, "answer:" first (rightmost on the page).
    const runs = [
      { str: 'Text', transform: [10, 0, 0, 10, 50, 500], width: 20 },
      { str: 'answer:', transform: [-6, 0, 0, -6, 200, 400], width: 24 },
      { str: '2x', transform: [-6, 0, 0, -6, 174, 400], width: 8 },
      { str: 'margin', transform: [0, 10, -10, 0, 20, 300], width: 30 },
    ];
    const out = turnUpsideDownRuns(runs);
    expect(out[0]).toBe(runs[0]);
    expect(out[3]).toBe(runs[3]);
    // The group spans x 166-200 and hangs from y 400 down to 395.2 (its letters' height): turned about its centre, "answer:"
    // starts at its left edge and "2x" follows it, on a baseline a descender's depth over the group's foot.
    expect(out[1].transform).toEqual([6, -0, -0, 6, 166, expect.closeTo(395.2 + 1.5, 5)]);
    expect(out[2].transform![4]).toBe(192);
    expect(out[2].transform![4]).toBeGreaterThan(out[1].transform![4] + 24 - 1);
  });

  it('reads a turned group as one line: its fraction as "(numerator)/(denominator)", its scripts raised', () => {
    const item = (str: string, x: number, y: number, width: number, size = 5): PdfItem => ({
      str,
      x,
      y,
      width,
      size,
      font: 'f',
      turned: 0,
    });
    const items: PdfItem[] = [
      { str: 'Exercise', x: 10, y: 500, width: 40, size: 10, font: 'g' },
      item('answer:', 100, 400, 24, 6),
      item('6', 130, 403, 3),
      item('x', 133, 403, 4),
      item('2', 127, 394, 3),
      item('√', 130, 397, 5),
      item('x', 135, 394, 4),
      item('2', 139, 396, 3),
      item('+1', 142, 394, 8),
    ];
    const out = joinTurnedGroups(items);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(items[0]);
    expect(out[1]).toMatchObject({ str: 'answer: (6x)/(2√x²+1)', x: 100, y: 400, size: 6 });
  });
});
