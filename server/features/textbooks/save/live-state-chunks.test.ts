import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { bodyFieldOf } from '@common/live-document';
import type { TextbookContent } from '@common/textbook';
import { stateInChunks } from './live-state-chunks';
import { computeState } from './live-state';

const content: TextbookContent = {
  title: 'Chunks',
  references: [],
  chapters: Array.from({ length: 3 }, (_, c) => ({
    id: `ch${c}`,
    title: `Chapter ${c}`,
    content: `<p>Intro ${c}</p>`,
    sections: Array.from({ length: 3 }, (_, s) => ({
      id: `ch${c}s${s}`,
      title: `Section ${s}`,
      content: Array.from({ length: 6 }, (_, p) => `<p>Paragraph ${p} of section ${s}, <strong>bold</strong> and plain.</p>`).join(''),
    })),
  })),
};

const bodies = content.chapters.flatMap((c) => [c.id!, ...c.sections.map((s) => s.id!)]);
const sections = content.chapters.flatMap((c) => c.sections.map((s) => s.id!));

function firstText(doc: Y.Doc, body: string, paragraph: number): Y.XmlText {
  const p = doc.getXmlFragment(bodyFieldOf(body)).get(paragraph) as Y.XmlElement;
  return p.get(0) as Y.XmlText;
}

/** A state typed into by two people in turn across bodies, with deletions: several clients whose structs refer to each other. */
function editedState(): Uint8Array {
  const server = new Y.Doc();
  Y.applyUpdate(server, computeState({ state: null, before: null, after: content }));
  const alice = new Y.Doc();
  const bob = new Y.Doc();
  Y.applyUpdate(alice, Y.encodeStateAsUpdate(server));
  Y.applyUpdate(bob, Y.encodeStateAsUpdate(server));
  for (let round = 0; round < 12; round++) {
    const body = sections[(round * 5) % sections.length];
    firstText(alice, body, round % 3).insert(3, `alice${round} `);
    Y.applyUpdate(bob, Y.encodeStateAsUpdate(alice, Y.encodeStateVector(bob)));
    const text = firstText(bob, body, round % 3);
    text.insert(text.length, ` bob${round}`);
    if (round % 4 === 0) text.delete(0, 4);
    Y.applyUpdate(alice, Y.encodeStateAsUpdate(bob, Y.encodeStateVector(alice)));
  }
  return Y.encodeStateAsUpdate(alice);
}

describe('a stored state in chunks', () => {
  it('applies chunk by chunk with nothing pending and ends as the whole state: every body, every edit, every deletion', () => {
    const state = editedState();
    const chunks = stateInChunks(state, 200);
    expect(chunks.length).toBeGreaterThan(10);
    const whole = new Y.Doc();
    Y.applyUpdate(whole, state);
    const pieced = new Y.Doc();
    for (const chunk of chunks) {
      Y.applyUpdate(pieced, chunk);
      expect(pieced.store.pendingStructs).toBeNull();
      expect(pieced.store.pendingDs).toBeNull();
    }
    for (const body of bodies)
      expect(pieced.getXmlFragment(bodyFieldOf(body)).toString()).toBe(whole.getXmlFragment(bodyFieldOf(body)).toString());
    expect(Y.decodeStateVector(Y.encodeStateVector(pieced))).toEqual(Y.decodeStateVector(Y.encodeStateVector(whole)));
    expect(Y.equalDeleteSets(Y.createDeleteSetFromStructStore(pieced.store), Y.createDeleteSetFromStructStore(whole.store))).toBe(true);
    expect(firstText(pieced, sections[0], 0).toString()).toContain(' bob0');
  });

  it('leaves a small state whole', () => {
    const state = editedState();
    expect(stateInChunks(state, state.length)).toEqual([state]);
  });
});
