import { describe, expect, it } from 'vitest';
import type { DocBlock, Material } from '@server/ai/material';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { sourceMap } from '@server/ai/shared/source-map';
import { materialKey } from './chapter-provenance';
import { bookBlocks, matchChapter, matchIndex } from './provenance-match';
import { closeProvenanceWorkers, matchOffThread } from './provenance-pool';
import { stampBody } from './stamp-sources';

/** A small document with one block of each kind, written for this test. */
const blocks: DocBlock[] = [
  { kind: 'heading', text: 'Vectors', level: 1, index: 0 },
  { kind: 'paragraph', text: 'A vector \\(v\\) in space has 3 components. Each component is a real number.', index: 1 },
  { kind: 'list-item', text: 'Vectors add component by component.', index: 2 },
  { kind: 'list-item', text: 'Scaling a vector multiplies every component.', index: 3 },
  { kind: 'heading', text: 'Tables and code', level: 2, index: 4 },
  {
    kind: 'table',
    text: 'Name Length u 3 w 4',
    rows: [
      ['Name', 'Length'],
      ['u', '3'],
      ['w', '4'],
    ],
    header: true,
    index: 5,
  },
  { kind: 'code', text: 'for i in range(3):\n    print(v[i])', language: 'python', index: 6 },
  { kind: 'equation', text: 'a^2 + b^2 = c^2', latex: 'a^2 + b^2 = c^2', label: '(1.1)', index: 7 },
  {
    kind: 'figure',
    text: 'Figure 1: A vector drawn in the plane.',
    caption: 'Figure 1: A vector drawn in the plane.',
    image: { sha256: 'f1', mime: 'image/png', width: 10, height: 10 },
    index: 8,
  },
];

const imageUrls = { f1: '/api/images/9' };

function material(): Material {
  return {
    sources: [
      {
        id: 5,
        filename: 'vectors.md',
        mime: 'text/markdown',
        text: '',
        document: { filename: 'vectors.md', mime: 'text/markdown', text: '', blocks },
      },
    ],
    chunks: [],
    imageUrls,
  };
}

const index = () => matchIndex(sourceMap(material()));

describe('matchChapter', () => {
  it('finds every kind of block the engine renders from the material: prose with inline math, list items, table, code, equation, figure', () => {
    const html = renderBlocks(blocks, { imageUrls });
    const result = matchChapter(index(), { title: 'Vectors', content: html, sections: [] }, new Set());
    expect(result.map((b) => b.kind)).toEqual(['paragraph', 'list-item', 'list-item', 'table', 'code', 'equation', 'figure', 'paragraph']);
    for (const b of result) expect([b.kind, b.verdict]).toEqual([b.kind, 'material']);
    const at = (kind: string) => result.find((b) => b.kind === kind)!;
    expect(at('table').source?.paragraph).toBe(5);
    expect(at('code').source?.paragraph).toBe(6);
    expect(at('equation').source?.paragraph).toBe(7);
    // The picture and its caption both lead to the figure.
    expect(at('figure').source?.paragraph).toBe(8);
    expect(result.at(-1)!.source?.passage).toBe('Figure 1: A vector drawn in the plane.');
    expect(result[0].source?.headingPath).toEqual(['Vectors']);
    expect(at('table').source?.headingPath).toEqual(['Vectors', 'Tables and code']);
  });

  it('a table or code block changed is not the material’s; a sentence cut short but with its words in order still is', () => {
    const html =
      '<table><tbody><tr><th><p>Name</p></th><th><p>Length</p></th></tr><tr><td><p>u</p></td><td><p>5</p></td></tr><tr><td><p>w</p></td><td><p>4</p></td></tr></tbody></table>' +
      '<p>Each component is a real number.</p>' +
      '<p>Scaling a vector multiplies every single component.</p>';
    const result = matchChapter(index(), { title: 'Vectors', content: html, sections: [] }, new Set());
    expect(result.map((b) => b.verdict)).toEqual(['unsupported', 'material', 'material']);
    const edited = result[2];
    expect(edited.source?.passage).toBe('Scaling a vector multiplies every component.');
    expect(edited.source?.span).toEqual({ start: 0, end: edited.source!.passage.length });
  });

  it('judges nothing without material: every block is "source unknown"', () => {
    const result = matchChapter(null, { title: 'T', content: '<p>One. Two.</p><p></p>', sections: [] }, new Set());
    expect(result).toHaveLength(1);
    expect(result[0].verdict).toBe('unknown');
    expect(result[0].sentences.map((s) => s.verdict)).toEqual(['unknown', 'unknown']);
  });
});

/** A slide's bullets, written for this test: a bullet without a stop over the bullet nested under it, and a step of a task. */
const deck: DocBlock[] = [
  { kind: 'heading', text: 'Writing up a model', level: 1, index: 0 },
  { kind: 'list-item', text: 'Generally, methods sections need a lot more ‘why’', depth: 0, ordered: false, index: 1 },
  {
    kind: 'list-item',
    text: 'To accomplish the aim, we fitted a model with a random intercept per site.',
    depth: 1,
    ordered: false,
    index: 2,
  },
  { kind: 'list-item', text: 'Results report each estimate with its interval', depth: 0, ordered: false, index: 3 },
  { kind: 'paragraph', text: 'A repair shop wants every bicycle done in 30 minutes. Its current set up is as follows:', index: 4 },
  { kind: 'list-item', text: 'Bicycles arrive at the shop at a rate of 15 per hour;', depth: 0, ordered: false, index: 5 },
  {
    kind: 'list-item',
    text: 'They wait in line for an inspection counter, staffed by one person who inspects one bicycle at a time. An inspection takes 3 minutes;',
    depth: 0,
    ordered: false,
    index: 6,
  },
  {
    kind: 'list-item',
    text: 'Repaired bicycles wait in line outside the workshop, which is staffed by two people who each repair one bicycle at a time. A repair takes 6 minutes.',
    depth: 0,
    ordered: false,
    index: 7,
  },
];

function deckMaterial(): Material {
  const mime = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  const m = material();
  m.sources[0] = { ...m.sources[0], id: 8, filename: 'deck.pptx', mime, document: { filename: 'deck.pptx', mime, text: '', blocks: deck } };
  return m;
}

describe('nested list items', () => {
  const deckIndex = () => matchIndex(sourceMap(deckMaterial()));

  it('a bullet that sets no stop is a sentence of its own, not the start of the bullet nested under it', () => {
    const html = renderBlocks(deck.slice(1, 4), {});
    expect(html).toContain('<ul><li><p>To accomplish');
    const result = matchChapter(deckIndex(), { title: 'Deck', content: html, sections: [] }, new Set());
    expect(result.map((b) => b.kind)).toEqual(['list-item', 'list-item']);
    expect(result[0].sentences.map((s) => [s.text, s.verdict])).toEqual([
      [deck[1].text, 'material'],
      [deck[2].text, 'material'],
    ]);
    // Each sentence is shown with the bullet it is: the item's own, then the nested one.
    expect(result[0].sentences.map((s) => result[0].passages[s.passage!].passage)).toEqual([deck[1].text, deck[2].text]);
    expect(result.every((b) => b.verdict === 'material')).toBe(true);
  });

  it('stamps a list item with nested items with the run of bullets it holds, and traces each sentence to its own', () => {
    const idx = deckIndex();
    const html = stampBody(idx, `<p>${deck[4].text}</p><ul><li><p>${deck[1].text}</p><ul><li><p>${deck[2].text}</p></li></ul></li></ul>`);
    expect(/<li data-src="([^"]+)"/.exec(html)?.[1]).toBe('8:1-2');
    const [, item] = matchChapter(idx, { title: 'Deck', content: html, sections: [] }, new Set());
    expect(item.stored).toBe(true);
    expect(item.sentences.map((s) => item.passages[s.passage!].passage)).toEqual([deck[1].text, deck[2].text]);
    // Both bullets lie in the stored run; the paragraph above the list is stored with its own block, not with the item.
    expect(item.passages.map((p) => p.stored)).toEqual([true, true]);
  });

  it('a sentence the material quotes is its own, even where the passage stored with its block would only support it', () => {
    // An item whose nested bullets come from three blocks, stored as coming from the last (where most of its sentences are).
    const content =
      `<ol><li data-src="8:7"><p>${deck[4].text}</p><ul>` +
      [5, 6, 7].map((i) => `<li><p>${deck[i].text}</p></li>`).join('') +
      '</ul></li></ol>';
    const [item] = matchChapter(deckIndex(), { title: 'Shop', content, sections: [] }, new Set());
    const inspection = item.sentences.find((s) => s.text.startsWith('They wait in line'))!;
    expect(inspection.verdict).toBe('material');
    expect(item.passages[inspection.passage!].passage).toBe(deck[6].text);
    expect(item.sentences.every((s) => s.verdict === 'material')).toBe(true);
  });
});

describe('bookBlocks', () => {
  it('splits lists into their items (a nested list stays with its item, each of its paragraphs apart) and names each kind', () => {
    const html =
      '<h3>Head</h3><ul><li><p>a</p><ul><li><p>b</p></li></ul></li><li><p>c</p></li></ul><pre><code>x</code></pre><div data-type="block-math" data-latex="x"></div>';
    expect(bookBlocks(html).map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Head'],
      ['list-item', 'a\n\nb'],
      ['list-item', 'c'],
      ['code', 'x'],
      ['equation', ''],
    ]);
  });
});

describe('matchOffThread', () => {
  it('answers the same in the worker thread as in place', async () => {
    const chapter = {
      title: 'Vectors',
      content: renderBlocks(blocks, { imageUrls }) + '<p>Vectors were invented in 1999 by Zorg.</p>',
      sections: [],
    };
    const inPlace = await matchOffThread(material(), chapter, 0);
    const inWorker = await matchOffThread(material(), chapter, 0, { inlineLimit: 0 });
    expect(inWorker).toEqual(inPlace);
    expect(inWorker.figures.counts.unsupported).toBe(1);
    await closeProvenanceWorkers();
  }, 60_000);

  it('holds a material’s match index by its key: later requests reuse it, a new worker is sent the material again', async () => {
    // The same material with its first paragraph reworded: a sentence of the original is no longer in it.
    const changed = material();
    changed.sources[0].document = {
      ...changed.sources[0].document,
      blocks: blocks.map((b) => (b.index === 1 ? { ...b, text: 'Vectors are arrows with a length and a direction.' } : b)),
    };
    const chapter = { title: 'Vectors', content: '<p>A vector \\(v\\) in space has 3 components.</p>', sections: [] };
    const verdict = async (m: Material, key: string, inlineLimit?: number) =>
      (await matchOffThread(m, chapter, 0, { key, inlineLimit })).blocks[0].verdict;
    for (const inlineLimit of [0, undefined]) {
      const key = `test-${inlineLimit ?? 'inline'}`;
      expect(await verdict(material(), key, inlineLimit)).toBe('material');
      // Asked again under the same key, the held index answers: the material sent along is not read.
      expect(await verdict(changed, key, inlineLimit)).toBe('material');
      expect(await verdict(changed, `${key}-changed`, inlineLimit)).toBe('unsupported');
    }
    // A worker started since holds nothing: it asks for the material, and matches what it is sent.
    await closeProvenanceWorkers();
    expect(await verdict(changed, 'test-0', 0)).toBe('unsupported');
    expect(materialKey(changed)).not.toBe(materialKey(material()));
    await closeProvenanceWorkers();
  }, 60_000);
});

describe('stored sources', () => {
  it('stamps every kind of block with the source block it came from, and reads the stamp back first', () => {
    const idx = index();
    const html = stampBody(idx, renderBlocks(blocks, { imageUrls }) + '<p>Vectors were invented in 1999 by Zorg.</p>');
    const keys = bookBlocks(html).map((b) => /^<[a-z0-9]+\b[^>]*\sdata-src="([^"]+)"/i.exec(b.html)?.[1] ?? null);
    // The document's blocks: 1 paragraph, 2-3 items, 5 table, 6 code, 7 equation, 8 figure (picture and caption); the invented one none.
    expect(keys).toEqual(['5:1', '5:2', '5:3', '5:5', '5:6', '5:7', '5:8', '5:8', null]);
    const result = matchChapter(idx, { title: 'Vectors', content: html, sections: [] }, new Set());
    expect(result.slice(0, -1).every((b) => b.verdict === 'material' && b.stored === true)).toBe(true);
    expect(result.at(-1)!.stored).toBeUndefined();
    // Stamping twice changes nothing.
    expect(stampBody(idx, html)).toBe(html);
  });

  it('a stored key whose document or block is gone falls back to matching the text', () => {
    const result = matchChapter(
      index(),
      {
        title: 'V',
        content: '<p data-src="99:1">Each component is a real number.</p><p data-src="5:400">Vectors add component by component.</p>',
        sections: [],
      },
      new Set(),
    );
    expect(result.map((b) => [b.verdict, b.stored])).toEqual([
      ['material', undefined],
      ['material', undefined],
    ]);
  });

  it('a picture whose stored key is gone is found by its address, not by the "src" of its key', () => {
    const picture = '<img src="/api/images/9" alt="" data-src="5:400" />';
    const [block] = matchChapter(index(), { title: 'V', content: picture, sections: [] }, new Set());
    expect([block.kind, block.verdict, block.stored]).toEqual(['figure', 'material', undefined]);
  });

  it('typed text without material left is still typed, not unknown', () => {
    const result = matchChapter(null, { title: 'T', content: '<p data-by="4:1764000000">Mine.</p>', sections: [] }, new Set());
    expect(result[0].verdict).toBe('typed');
    expect(result[0].typedBy?.userId).toBe(4);
  });
});
