import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { RevisionDelta } from '@server/db/schema';
import { manifestOf } from './textbook-merge';
import { deltaOf, manifestAt } from './textbook-revisions';

function start(): TextbookContent {
  return {
    title: 'Optics',
    references: [],
    chapters: [
      {
        id: 'c1',
        title: 'Light',
        content: '<p>waves</p>',
        sections: [
          { id: 's1', title: 'Speed', content: '<p>c</p>' },
          { id: 's2', title: 'Colour', content: '<p>spectrum</p>' },
        ],
      },
      { id: 'c2', title: 'Lenses', content: '', sections: [{ id: 's3', title: 'Focal length', content: '<p>f</p>' }] },
    ],
  };
}

/** Each step is one saved revision: text edits, renames, reorders, moves, additions and deletions. */
const steps: Array<(c: TextbookContent) => void> = [
  (c) => (c.chapters[0].sections[0].content = '<p>c = 299 792 458 m/s</p>'),
  (c) => c.chapters.reverse(),
  (c) => c.chapters[0].sections.push({ id: 's4', title: 'Thin lens', content: '<p>1/f</p>' }),
  (c) => (c.title = 'Optics and light'),
  (c) => {
    const [moved] = c.chapters[1].sections.splice(1, 1);
    c.chapters[0].sections.unshift(moved);
  },
  (c) => c.chapters[1].sections.splice(0, 1),
  (c) => c.chapters.push({ id: 'c3', title: 'Mirrors', content: '<p>reflection</p>', sections: [] }),
  (c) => {
    c.chapters.splice(0, 1);
    c.references = [{ title: 'Hecht', description: '', authors: '', year: 2017, publisher: '', url: '', approved: true }];
  },
  (c) => (c.chapters[0].title = 'Light, revisited'),
];

describe('revision deltas', () => {
  it('rebuild the manifest of every earlier revision from the current one', () => {
    const states: TextbookContent[] = [start()];
    const deltas: Array<{ revision: number; delta: RevisionDelta }> = [];
    for (const step of steps) {
      const next = structuredClone(states[states.length - 1]);
      step(next);
      const prev = states[states.length - 1];
      deltas.push({ revision: states.length + 1, delta: deltaOf(manifestOf(prev), manifestOf(next)) });
      states.push(next);
    }
    const currentRevision = states.length;
    const current = { manifest: manifestOf(states[states.length - 1]), revision: currentRevision };
    for (let revision = 1; revision <= currentRevision; revision++) {
      expect(manifestAt(current, revision, deltas), `revision ${revision}`).toEqual(manifestOf(states[revision - 1]));
    }
  });

  it("keep an autosave small: only the changed section's previous hash", () => {
    const prev = start();
    const next = structuredClone(prev);
    next.chapters[1].sections[0].content = '<p>f = 50 mm</p>';
    const delta = deltaOf(manifestOf(prev), manifestOf(next));
    expect(Object.keys(delta)).toEqual(['v', 'items']);
    expect(Object.keys(delta.items!)).toEqual(['s3']);
    expect(Object.keys(delta.items!.s3)).toEqual(['c']);
  });

  it('give up (undefined) when a delta in the range is missing or of an older format', () => {
    const a = start();
    const b = structuredClone(a);
    b.title = 'x';
    const current = { manifest: manifestOf(b), revision: 3 };
    expect(manifestAt(current, 1, [{ revision: 3, delta: deltaOf(manifestOf(a), manifestOf(b)) }])).toBeUndefined();
    expect(manifestAt(current, 2, [{ revision: 3, delta: {} }])).toBeUndefined();
    expect(manifestAt(current, 3, [])).toEqual(current.manifest);
  });

  it('reuse hashes of unchanged parts when given the previous state', () => {
    const prev = start();
    const next = structuredClone(prev);
    next.chapters[0].sections[1].content = '<p>new</p>';
    expect(manifestOf(next, { content: prev, manifest: manifestOf(prev) })).toEqual(manifestOf(next));
  });
});
