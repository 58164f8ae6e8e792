import { describe, expect, it } from 'vitest';
import { chipPosition } from './expand-chip';

describe('the Expand chip stays inside the editor and below the header', () => {
  const bounds = { top: 200, left: 300, right: 900, bottom: 800 };
  it('sits above the selection when there is room', () => {
    expect(chipPosition({ rect: { top: 400, left: 350, bottom: 420 }, bounds }, 64)).toEqual({ top: 360, left: 350 });
  });
  it('moves under the selection rather than over the header or above the editor', () => {
    expect(chipPosition({ rect: { top: 70, left: 350, bottom: 90 }, bounds: { ...bounds, top: 20 } }, 64).top).toBe(98);
    expect(chipPosition({ rect: { top: 210, left: 350, bottom: 230 }, bounds }, 64).top).toBe(238);
  });
  it('keeps inside the editor horizontally', () => {
    expect(chipPosition({ rect: { top: 400, left: 890, bottom: 420 }, bounds }, 0).left).toBe(808);
    expect(chipPosition({ rect: { top: 400, left: 10, bottom: 420 }, bounds }, 0).left).toBe(304);
  });
});
