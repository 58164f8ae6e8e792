import { describe, expect, it } from 'vitest';
import { extractPptx } from '../pptx-extract';
import { topicKey } from './pptx-deck';
import { buildDeck, teachersNote } from '@server/test/ingest/deck.support';

describe('a lecture deck (server/test/ingest/deck.support.ts)', () => {
  it('reads the title slide as the title, and skips the agenda and "Questions?" slides', async () => {
    const doc = await extractPptx(await buildDeck(), 'week3.pptx');
    expect(doc.title).toBe('Energy in Cells');
    expect(doc.titleBlock).toEqual(['Biology 101, Week 3']);
    expect(doc.text).not.toContain('Agenda');
    expect(doc.text).not.toContain('Measuring yield');
    expect(doc.text).not.toContain('Questions');
    expect(doc.pageCount).toBe(9);
    expect(doc.summary).toBe('9 slides, 2 with speaker notes');
  });

  it("reads an agenda slide that carries a picture (the week's objectives as a screenshot) as a slide, not an announcement", async () => {
    const doc = await extractPptx(await buildDeck({ agendaPicture: true }), 'week3.pptx');
    const at = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'This week…');
    expect(at).toBeGreaterThan(0);
    expect(doc.blocks[at + 1]).toMatchObject({ kind: 'figure', caption: 'Objectives of week 3' });
    // The agenda of text alone still announces what follows and is read where it comes.
    expect(doc.text).not.toContain('Agenda');
  });

  it('makes each topic a unit in the deck order, a "(cont.)" slide part of it, a large text box a title', async () => {
    const doc = await extractPptx(await buildDeck(), 'week3.pptx');
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    expect(headings.map((h) => [h.text, h.level, h.page])).toEqual([
      ['Respiration', 1, 3],
      ['Yield by stage', 1, 5],
      ['The mitochondrion', 1, 6],
      ['Efficiency', 1, 7],
      ['Glycolysis in detail', 1, 8],
    ]);
    expect(doc.blocks.at(-1)).toMatchObject({ kind: 'paragraph', text: 'Glucose splits into two pyruvate molecules.', page: 8 });
  });

  it("keeps bullets with their levels, links, and the notes after the bullets as the slide's notes; a repeated bullet once", async () => {
    const doc = await extractPptx(await buildDeck(), 'week3.pptx');
    const start = doc.blocks.findIndex((b) => b.text === 'Respiration');
    const unit = doc.blocks.slice(
      start + 1,
      doc.blocks.findIndex((b) => b.text === 'Yield by stage'),
    );
    expect(unit.map((b) => [b.kind, b.text, b.depth])).toEqual([
      ['list-item', 'Cells release energy in controlled steps', 0],
      ['list-item', 'Glycolysis happens in the cytoplasm', 1],
      ['list-item', 'ATP carries the energy', 1],
      ['quote', 'Start from what students know about breathing: oxygen in, carbon dioxide out.', undefined],
      ['list-item', 'Oxygen is the final electron acceptor', 0],
      ['quote', 'Without oxygen the chain stops, and the cell falls back on fermentation.', undefined],
    ]);
    // Each slide's notes open a box of the instructor's notes, set apart from the slide's text.
    expect([unit[3].label, unit[5].label]).toEqual(['Speaker notes', 'Speaker notes']);
    expect(unit[2].links).toEqual([{ text: 'carries the energy', href: 'https://example.org/atp' }]);
  });

  it('reads a table with its header row, a picture with its alt text, and an equation as LaTeX', async () => {
    const doc = await extractPptx(await buildDeck(), 'week3.pptx');
    const table = doc.blocks.find((b) => b.kind === 'table');
    expect(table).toMatchObject({
      rows: [
        ['Stage', 'ATP made'],
        ['Glycolysis', '2'],
        ['Electron transport', '34'],
      ],
      header: true,
      page: 5,
    });
    const figure = doc.blocks.find((b) => b.kind === 'figure');
    expect(figure).toMatchObject({ caption: 'Cross-section of a mitochondrion', page: 6 });
    expect(doc.images).toHaveLength(1);
    expect(doc.images![0]).toMatchObject({ sha256: figure!.image!.sha256, mime: 'image/png', width: 240, height: 160 });
    const equation = doc.blocks.find((b) => b.kind === 'equation');
    expect(equation?.latex).toContain('\\frac{E}{Q}');
    expect(equation?.latex).toContain('\\eta');
  });

  it("describes a picture without alt text by its slide's title, never printing the title again as a caption or a line; links a typed address", async () => {
    const doc = await extractPptx(await buildDeck({ untitledPicture: true }), 'week3.pptx');
    const start = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Cholera in London');
    const unit = doc.blocks.slice(start + 1);
    expect(unit.map((b) => b.kind)).toEqual(['figure', 'paragraph', 'paragraph']);
    // A title-only slide after it is kept as a line of the unit, not dropped and not a heading over nothing.
    expect(unit[2]).toMatchObject({ text: 'Coffee break' });
    expect(unit[0]).toMatchObject({ text: '', alt: 'Cholera in London' });
    expect(unit[0].caption).toBeUndefined();
    // A web address typed without a hyperlink is a link all the same.
    expect(unit[1]).toMatchObject({
      text: 'https://example.org/cholera-map',
      links: [{ text: 'https://example.org/cholera-map', href: 'https://example.org/cholera-map' }],
    });
  });

  it('makes the deck sections headings above the topics', async () => {
    const doc = await extractPptx(
      await buildDeck({
        sections: [
          ['Opening', 2],
          ['Respiration', 4],
          ['Measuring', 3],
        ],
      }),
      'week3.pptx',
    );
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((h) => `${h.level} ${h.text}`);
    expect(headings).toEqual([
      '1 Respiration',
      '2 Respiration',
      '2 Yield by stage',
      '2 The mitochondrion',
      '1 Measuring',
      '2 Efficiency',
      '2 Glycolysis in detail',
    ]);
  });

  it("reads a SmartArt diagram's points as a list, and says it left a chart and a hidden slide out", async () => {
    const doc = await extractPptx(await buildDeck({ smartArtAndHidden: true }), 'week3.pptx');
    const at = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Stages of respiration');
    expect(doc.blocks.slice(at + 1, at + 4).map((b) => [b.kind, b.text])).toEqual([
      ['list-item', 'Glycolysis'],
      ['list-item', 'Citric acid cycle'],
      ['list-item', 'Electron transport'],
    ]);
    expect(doc.text).not.toContain('Outdated numbers');
    expect(doc.warnings).toEqual(["1 chart was left out (a chart's data is not read)", '1 hidden slide was not read']);
    // Each names the slide it is about, for the generation report to place: the chart is on the SmartArt slide, the
    // hidden slide comes right after it.
    const chartSlide = doc.blocks[at].page!;
    expect(doc.warningDetails?.map((w) => w.pages)).toEqual([[chartSlide], [chartSlide + 1]]);
    expect(doc.summary).toBe('10 slides, 2 with speaker notes');
    // Detected once, as the notes were labelled, and carried by the document.
    expect(doc.language).toBe('en');
  });

  it('numbered titles are one topic', () => {
    expect(topicKey('Random Effects (cont.)')).toBe(topicKey('Random effects'));
    expect(topicKey('Random Effects (2/3)')).toBe('random effects');
    expect(topicKey('Random Effects, part II')).toBe('random effects');
    expect(topicKey('Random Effects 2')).toBe('random effects');
    expect(topicKey('Fixed vs Random effect?')).toBe('fixed vs random effect');
    expect(topicKey('Mixed models')).not.toBe(topicKey('Random effects'));
  });
});

describe('a program typed on a slide in a monospaced font', () => {
  it('is one listing with its indentation, not a paragraph per line; so is the terminal session beside it', async () => {
    const doc = await extractPptx(await buildDeck({ codeSlide: true }), 'loops.pptx');
    const start = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Breaking Out of a Loop');
    const unit = doc.blocks.slice(start + 1).filter((b) => b.page === doc.blocks[start].page);
    expect(unit.map((b) => b.kind)).toEqual(['code', 'code', 'paragraph']);
    expect(unit[0].text).toBe(
      "while True:\n    line = input('> ')\n    if line == 'done' :\n        break\n    print(line)\nprint('Done!')",
    );
    expect(unit[1].text).toBe('$ python loop.py\n> hello\nhello\n> done\nDone!');
    expect(unit[2].text).toBe('The break statement ends the loop it is in.');
  });
});

describe('a loop drawn, typed and run on slides (server/test/ingest/deck.support.ts)', () => {
  const unitOf = async (heading: string) => {
    const doc = await extractPptx(await buildDeck({ loopSlides: true }), 'loops.pptx');
    const start = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === heading);
    expect(start).toBeGreaterThanOrEqual(0);
    return doc.blocks.slice(start + 1).filter((b) => b.page === doc.blocks[start].page);
  };

  it("gives a flowchart's boxes as one line of its steps, the decision with its branches; not a paragraph per label", async () => {
    const unit = await unitOf('Repeated Steps');
    const chart = unit.filter((b) => b.text.startsWith('Flowchart:'));
    expect(chart.map((b) => b.text)).toEqual(["Flowchart: n = 5; n > 0 ? (Yes / No); print(n); print('Blastoff!')."]);
    for (const label of ['Yes', 'No', 'n > 0 ?', 'print(n)', 'n = 5']) expect(unit.filter((b) => b.text === label)).toEqual([]);
    // The program and the prose beside the flowchart are read as before.
    expect(unit.find((b) => b.kind === 'code' && b.text.startsWith('n = 5\nwhile'))?.text).toBe(
      "n = 5\nwhile n > 0 :\n    print(n)\n    n = n - 1\nprint('Blastoff!')",
    );
    expect(unit.at(-1)).toMatchObject({ kind: 'paragraph', text: 'Loops have iteration variables that change each time through a loop.' });
  });

  it("keeps what the program prints, typed in the deck's font, as one listing under its label", async () => {
    const unit = await unitOf('Repeated Steps');
    const at = unit.findIndex((b) => b.text === 'Output:');
    expect(unit[at]).toMatchObject({ kind: 'paragraph' });
    expect(unit[at + 1]).toMatchObject({ kind: 'code', text: '5\n4\n3\n2\n1\nBlastoff!' });
    expect(unit.filter((b) => b.kind === 'paragraph' && /^(\d|Blastoff)/.test(b.text))).toEqual([]);
  });

  it('leaves two callouts pointing into a listing as they are: no flowchart', async () => {
    const unit = await unitOf('Looking at in');
    expect(unit.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Iteration variable'],
      ['code', 'for i in [5, 4, 3, 2, 1] :\n    print(i)'],
      ['paragraph', 'Five-element sequence'],
    ]);
  });

  it('reads a string drawn a letter a box over its indices as one table, the letters a loop prints as one listing, len() drawn as a diagram', async () => {
    const unit = await unitOf('Looking Inside Strings');
    expect(unit.map((b) => b.kind)).toEqual(['table', 'code', 'code', 'paragraph']);
    // Three boxes joined box to box by arrows, no decision among them: a diagram, its boxes left to right.
    expect(unit[3].text).toBe("Diagram: 'banana' (a string); len() function; 6 (a number).");
    expect(unit[0]).toMatchObject({
      rows: [
        ['b', 'a', 'n', 'a', 'n', 'a'],
        ['0', '1', '2', '3', '4', '5'],
      ],
      header: false,
    });
    expect(unit[2].text).toBe('b\na\nn\na\nn\na');
  });

  it('reads a note set under the title in smaller type as a line of the slide, not part of the title', async () => {
    const unit = await unitOf('Loop Idioms');
    expect(unit.map((b) => [b.kind, b.text])).toEqual([['paragraph', 'Note: the patterns apply to all kinds of loops']]);
  });

  it('keeps a title\'s closing colon as typed, the operator it names ("Sliced Using :") and a lead-in ("examples:")', async () => {
    const doc = await extractPptx(await buildDeck({ colonTitles: true }), 'week3.pptx');
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((h) => h.text);
    expect(headings).toContain('Lists Can Be Sliced Using :');
    expect(headings).toContain('Slicing examples:');
  });
});

describe("a deck's speaker notes and drawings (server/test/ingest/deck.support.ts)", () => {
  it("leaves out a notes paragraph repeated on the slides of two topics, and says so; a build-up slide's notes once", async () => {
    const doc = await extractPptx(await buildDeck({ repeatedNotes: true }), 'week3.pptx');
    const quotes = doc.blocks.filter((b) => b.kind === 'quote');
    expect(quotes.map((b) => [b.text, b.page])).toEqual([
      ['Start from what students know about breathing: oxygen in, carbon dioxide out.', 3],
      ['Without oxygen the chain stops, and the cell falls back on fermentation.', 4],
      ['Ask who has kept a shopping list.', 9],
      ['Draw the bag of labelled things on the board.', 10],
    ]);
    expect(doc.text).not.toContain('Note from the author');
    // Named once, with the slides it was on, in the warnings and in what the generation report lists as left out.
    expect(doc.omitted).toEqual([`speaker notes repeated on slides 9 and 10: "${teachersNote.slice(0, 67).trimEnd()}..."`]);
    expect(doc.warnings?.filter((w) => w.includes('Note from the author'))).toHaveLength(1);
    expect(doc.summary).toBe('12 slides, 5 with speaker notes');
  });

  it("keeps a drawing's labels together: boxes over their indices as one table, labels on a picture as its caption", async () => {
    const doc = await extractPptx(await buildDeck({ drawingLabels: true }), 'week3.pptx');
    const start = doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Looking inside lists');
    const unit = doc.blocks.slice(
      start + 1,
      doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Dictionaries are bags'),
    );
    expect(unit.map((b) => b.kind)).toEqual(['paragraph', 'table', 'code']);
    expect(unit[1]).toMatchObject({
      rows: [
        ['Joseph', 'Glenn', 'Sally'],
        ['0', '1', '2'],
      ],
      header: false,
    });
    const bag = doc.blocks.slice(doc.blocks.findIndex((b) => b.kind === 'heading' && b.text === 'Dictionaries are bags') + 1);
    expect(bag.map((b) => [b.kind, b.text])).toEqual([
      ['figure', 'money · tissue · candy'],
      ['caption', 'Key · Value · purse'],
      // The build-up slide adds one label: its line says that one only.
      ['caption', 'wallet'],
    ]);
    expect(bag[0].caption).toBe('money · tissue · candy');
    // Not one label is left a paragraph of its own.
    expect(doc.blocks.filter((b) => b.kind === 'paragraph' && /^(Joseph|Glenn|Sally|\d|money|candy|Key|Value)$/.test(b.text))).toEqual([]);
  });
});
