import { describe, expect, it } from 'vitest';
import { computingMaterial } from '@server/test/ai/computing-material.support';
import { memoryChapters, memoryReferences } from '@server/test/ai/memory-handout.support';
import { ReferenceLines } from './reference-lines';

describe('ReferenceLines (what expansion never prints)', () => {
  it('reads APA reference entries as citations', () => {
    for (const entry of memoryReferences) expect(ReferenceLines.isCitation(entry), entry).toBe(true);
  });

  it('never reads prose with names and years as a citation', () => {
    const prose = [...memoryChapters.flatMap((c) => c.paragraphs), ...computingMaterial.split('\n\n').filter((p) => /[.!?]$/.test(p))];
    for (const p of prose) expect(ReferenceLines.isCitation(p), p).toBe(false);
  });

  it('knows a reference-list heading', () => {
    expect(ReferenceLines.isReferenceSection(['Human Memory', 'References'])).toBe(true);
    expect(ReferenceLines.isReferenceSection(['8. Bibliography'])).toBe(true);
    expect(ReferenceLines.isReferenceSection(['Retrieval and forgetting'])).toBe(false);
  });
});
