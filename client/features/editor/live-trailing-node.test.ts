import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { liveBody, liveEditorOpener } from '@client/test/live-editor';

const openLive = liveEditorOpener();

const lastNodeName = (doc: Y.Doc, field: string) => doc.getXmlFragment(field).toArray().at(-1)?.toJSON() ?? '';

describe('the live editor and a body that ends in a list or a table', () => {
  it('opening it changes nothing in the live document (no store, no version in the reader\u2019s name)', () => {
    for (const html of [
      '<p>Intro</p><ul><li><p>one</p></li><li><p>two</p></li></ul>',
      '<p>Intro</p><table><tbody><tr><td><p>a</p></td></tr></tbody></table>',
      '<p>Intro</p><img src="/api/images/1" alt="figure">',
    ]) {
      const { doc, field } = liveBody(html);
      const before = Y.encodeStateAsUpdate(doc);
      const updates: Uint8Array[] = [];
      doc.on('update', (u: Uint8Array) => updates.push(u));
      const editor = openLive(doc, field);
      editor.commands.focus('end');
      expect(updates, html).toHaveLength(0);
      expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
      expect(editor.state.doc.lastChild?.type.name).not.toBe('paragraph');
    }
  });

  it('two people opening it at once do not each add an empty paragraph', () => {
    const { doc, field } = liveBody('<p>Intro</p><ol><li><p>step</p></li></ol>');
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    // Each places their caret at the end, as a reader clicking into the text does.
    openLive(doc, field).commands.focus('end');
    openLive(other, field).commands.focus('end');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    expect(doc.getXmlFragment(field).toString()).not.toContain('<paragraph></paragraph>');
    expect(doc.getXmlFragment(field).length).toBe(2);
  });

  it('an edit by the user still leaves a line to type on below the list', () => {
    const { doc, field } = liveBody('<p>Intro</p><ul><li><p>one</p></li></ul>');
    const editor = openLive(doc, field);
    editor.commands.insertContentAt(1, 'New ');
    expect(editor.getText()).toContain('New Intro');
    expect(editor.state.doc.lastChild?.type.name).toBe('paragraph');
    expect(lastNodeName(doc, field)).toContain('paragraph');
  });
});
