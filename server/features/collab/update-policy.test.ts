import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { bodyFieldOf } from '@common/live-document';
import type { TextbookContent } from '@common/textbook';
import { applyContentChange, readBody, writeContent } from '../textbooks/save/live-content';
import { DocumentSize, UserByteBudget } from './live-limits';
import { repairState } from './live-repair';
import { unknownBodyProblem, updateProblem } from './update-policy';

/** The live document checked as a whole: only the bodies of chapters and sections, only what the editor writes. */

const content: TextbookContent = {
  title: 'Policy',
  references: [],
  chapters: [{ id: 'c1', title: 'One', content: '<p>Chapter</p>', sections: [{ id: 's1', title: 'S', content: '<p>Section text</p>' }] }],
};

/** A server document holding the content, and a client copy of it whose next edit is captured as one update. */
function pair() {
  const server = new Y.Doc();
  writeContent(server, content);
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const edit = (change: (doc: Y.Doc) => void): Uint8Array => {
    const before = Y.encodeStateVector(client);
    client.transact(() => change(client));
    return Y.encodeStateAsUpdate(client, before);
  };
  return { server, client, edit, bodies: new Set(['c1', 's1']) };
}

function firstText(doc: Y.Doc, id: string): Y.XmlText {
  const p = doc.getXmlFragment(bodyFieldOf(id)).get(0) as Y.XmlElement;
  return p.get(0) as Y.XmlText;
}

describe('update policy: the document as a whole', () => {
  it('accepts typing, a new paragraph and formatting in a body', () => {
    const { server, edit, bodies } = pair();
    const typing = edit((d) => firstText(d, 's1').insert(3, 'abc'));
    expect(updateProblem(typing, { doc: server, bodies })).toBeNull();
    Y.applyUpdate(server, typing);
    const paragraph = edit((d) => {
      const p = new Y.XmlElement('paragraph');
      const t = new Y.XmlText();
      p.insert(0, [t]);
      t.insert(0, 'New', { italic: {} });
      d.getXmlFragment(bodyFieldOf('c1')).insert(1, [p]);
      firstText(d, 's1').format(0, 4, { bold: {} });
    });
    expect(updateProblem(paragraph, { doc: server, bodies })).toBeNull();
    Y.applyUpdate(server, paragraph);
    expect(readBody(server, 'c1')).toBe('<p>Chapter</p><p><em>New</em></p>');
  });

  it('accepts every node, mark and attribute the editor writes, as its binding writes them', () => {
    const every =
      '<h2>Head</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code> <a href="https://example.org/x">link</a></p>' +
      '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul><ol start="3"><li><p>three</p></li></ol>' +
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>H</p></th></tr><tr><td colspan="1" rowspan="1"><p>C</p></td></tr></tbody></table>' +
      '<img src="/api/images/12" alt="A figure" title="Figure 1"><p>Inline <span data-latex="x^2" data-type="inline-math"></span></p>' +
      '<div data-latex="\\int_0^1 f" data-type="block-math"></div><blockquote><p>Q</p></blockquote><pre><code class="language-python">print(1)</code></pre><hr><p>a<br>b</p>';
    const { server, client, bodies } = pair();
    const before = Y.encodeStateVector(client);
    applyContentChange(client, content, { ...content, chapters: [{ ...content.chapters[0], content: every }] });
    const update = Y.encodeStateAsUpdate(client, before);
    expect(updateProblem(update, { doc: server, bodies })).toBeNull();
    Y.applyUpdate(server, update);
    expect(readBody(server, 'c1')).toContain('language-python');
  });

  it('refuses shared types and data outside the bodies, whatever their kind', () => {
    const { server, edit, bodies } = pair();
    const junk = 'x'.repeat(1000);
    const cases: Array<(d: Y.Doc) => void> = [
      (d) => d.getMap('map').set('k', junk),
      (d) => d.getArray('array').push([junk]),
      (d) => d.getText('text').insert(0, junk),
      (d) => d.getXmlFragment('notes').insert(0, [new Y.XmlText(junk)]),
    ];
    for (const change of cases) expect(updateProblem(edit(change), { doc: server, bodies })).toBe('data outside the chapters and sections');
  });

  it('refuses what an editor never writes inside a body', () => {
    const changes: Array<(d: Y.Doc) => void> = [
      (d) => d.getXmlFragment(bodyFieldOf('s1')).insert(0, [new Y.XmlElement('script')]),
      (d) => (d.getXmlFragment(bodyFieldOf('s1')).get(0) as Y.XmlElement).setAttribute('data-junk', 'x'),
      (d) => firstText(d, 's1').format(0, 2, { blink: {} }),
      (d) => firstText(d, 's1').insertEmbed(0, { junk: 'x' }),
      (d) => {
        const p = new Y.XmlElement('paragraph');
        d.getXmlFragment(bodyFieldOf('s1')).insert(0, [p]);
        p.insert(0, [new Y.XmlHook('h') as unknown as Y.XmlElement]);
      },
    ];
    const problems = changes.map((change) => {
      const { server, edit, bodies } = pair();
      return updateProblem(edit(change), { doc: server, bodies });
    });
    expect(problems).toEqual([
      'content an editor never writes',
      'an attribute the editor does not have',
      'a format the editor does not have',
      'content an editor never writes',
      'content an editor never writes',
    ]);
  });

  it('refuses a body the textbook does not have, and an edit built on edits the document lacks', () => {
    const { server, client, edit, bodies } = pair();
    const other = edit((d) => d.getXmlFragment(bodyFieldOf('zz')).insert(0, [new Y.XmlElement('paragraph')]));
    expect(updateProblem(other, { doc: server, bodies })).toBe(unknownBodyProblem);
    // A second edit sent without the first: the server would keep it waiting for good.
    edit((d) => firstText(d, 's1').insert(0, 'one'));
    const second = edit((d) => firstText(d, 's1').insert(3, 'two'));
    expect(updateProblem(second, { doc: server, bodies })).toMatch(/depends on edits/);
    expect(client.clientID).not.toBe(server.clientID);
  });
});

describe('nesting', () => {
  /** Puts `levels` lists into a parent, each an item holding the next, as the editor's binding writes them (integrated level by level). */
  function insertNestedLists(parent: Y.XmlFragment | Y.XmlElement, index: number, levels: number): void {
    let holder = parent;
    let at = index;
    for (let i = 0; i < levels; i++) {
      const list = new Y.XmlElement('bulletList');
      holder.insert(at, [list]);
      const item = new Y.XmlElement('listItem');
      list.insert(0, [item]);
      const p = new Y.XmlElement('paragraph');
      item.insert(0, [p]);
      p.insert(0, [new Y.XmlText(`level ${i}`)]);
      holder = item;
      at = 1;
    }
  }

  it('refuses 3,000 nested lists in one update and accepts a few levels', () => {
    const { server, edit, bodies } = pair();
    expect(
      updateProblem(
        edit((d) => insertNestedLists(d.getXmlFragment(bodyFieldOf('s1')), 0, 3000)),
        { doc: server, bodies },
      ),
    ).toBe('lists or blocks nested too deeply');
    const fine = pair();
    const few = fine.edit((d) => insertNestedLists(d.getXmlFragment(bodyFieldOf('s1')), 0, 5));
    expect(updateProblem(few, { doc: fine.server, bodies: fine.bodies })).toBeNull();
  });

  it('counts the levels already in the document: one more list inside the deepest allowed is refused', () => {
    const { server, client, edit, bodies } = pair();
    const deepest = edit((d) => insertNestedLists(d.getXmlFragment(bodyFieldOf('s1')), 0, 16));
    expect(updateProblem(deepest, { doc: server, bodies })).toBeNull();
    Y.applyUpdate(server, deepest);
    // Down to the innermost list item, then one list more.
    let item = (client.getXmlFragment(bodyFieldOf('s1')).get(0) as Y.XmlElement).get(0) as Y.XmlElement;
    while (item.length > 1) item = (item.get(1) as Y.XmlElement).get(0) as Y.XmlElement;
    const deeper = edit(() => insertNestedLists(item, 1, 1));
    expect(updateProblem(deeper, { doc: server, bodies })).toBe('lists or blocks nested too deeply');
  });

  it('checks a whole stored state with a long editing history without running out of stack', () => {
    const doc = new Y.Doc();
    writeContent(doc, content);
    const text = firstText(doc, 's1');
    // 20,000 keystrokes, each its own item chained to the one before.
    for (let i = 0; i < 20_000; i++) doc.transact(() => text.insert(i % 7 === 0 ? 0 : text.length, 'x'));
    expect(updateProblem(Y.encodeStateAsUpdate(doc))).toBeNull();
  });
});

describe('stored states holding junk', () => {
  it('are rebuilt from the content: the bodies kept, everything beside them dropped', () => {
    const doc = new Y.Doc();
    writeContent(doc, content);
    doc.getMap('junk').set('blob', 'y'.repeat(200_000));
    const repaired = repairState({ repair: Y.encodeStateAsUpdate(doc), content });
    expect(repaired.problem).toBe('data outside the chapters and sections');
    if (!repaired.problem) return;
    expect(repaired.dropped).toEqual(['junk']);
    expect(repaired.state.length).toBeLessThan(2000);
    const clean = new Y.Doc();
    Y.applyUpdate(clean, repaired.state);
    expect([...clean.share.keys()].sort()).toEqual([bodyFieldOf('c1'), bodyFieldOf('s1')]);
    expect(readBody(clean, 's1')).toBe('<p>Section text</p>');
    // A clean state is left as it is.
    expect(repairState({ repair: repaired.state, content })).toEqual({ problem: null });
  });

  it('leave a state alone whose only excess is nesting that came from the stored content', () => {
    const deepList = `${'<ul><li><p>x</p>'.repeat(20)}${'</li></ul>'.repeat(20)}`;
    const deep: TextbookContent = { ...content, chapters: [{ ...content.chapters[0], content: deepList }] };
    const doc = new Y.Doc();
    writeContent(doc, deep);
    // Typed live it would be refused, but rebuilding it from the content would bring it back: no repair.
    expect(repairState({ repair: Y.encodeStateAsUpdate(doc), content: deep })).toEqual({ problem: null });
  });
});

describe('live limits', () => {
  it('a user may send a burst, then only at the refill rate', () => {
    const budget = new UserByteBudget({ documentMaxBytes: 0, userBurstBytes: 1000, userBytesPerSecond: 100 });
    expect(budget.take(1, 900, 0)).toBe(true);
    expect(budget.take(1, 200, 0)).toBe(false);
    // Another user has their own allowance.
    expect(budget.take(2, 1000, 0)).toBe(true);
    expect(budget.take(1, 200, 1000)).toBe(true);
  });

  it('a document may not grow past its limit; deletions measured before refusing', () => {
    const doc = new Y.Doc();
    const text = doc.getText('t');
    text.insert(0, 'a'.repeat(900));
    const size = new DocumentSize(Y.encodeStateAsUpdate(doc).length, 1000);
    expect(size.admit(doc, 200)).toBe(false);
    text.delete(0, 900);
    // The bound says full; measured, the document is small again.
    expect(size.admit(doc, 200)).toBe(true);
  });
});
