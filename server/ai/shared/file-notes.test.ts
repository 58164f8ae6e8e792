import { describe, expect, it } from 'vitest';
import { readingWarnings, warningFields } from '@server/core/reading-warnings';
import { textMaterial } from '@server/test/ai/material.support';
import { fileNotes } from './file-notes';

describe('what a file could not give, placed in the chapters', () => {
  const material = () => {
    const m = textMaterial(['notes.md', '# One\n\nFirst.\n\n# Two\n\nSecond.']);
    Object.assign(
      m.sources[0].document,
      warningFields([
        { message: 'pages 2–4 are images of text: no readable text', pages: [2, 3, 4] },
        {
          message:
            'page 9 was not read: the time for recognizing scanned pages ran out before it (the server was busy); upload the file again to read it as text',
          pages: [9],
        },
        { message: 'The author\'s notes to self were left out of the book: 2 to-do notes ("Beweis nachtragen", "Skizze").', leftOut: true },
        { message: '2 pictures the page shows from files beside it were not uploaded with it and are not in the book: a.png, b.png' },
      ]),
    );
    m.sources[0].document.omitted = ['the author\'s notes to self: 2 to-do notes ("Beweis nachtragen", "Skizze")'];
    return m;
  };
  // Chapter "One" holds pages 1-3 of the file, chapter "Two" pages 3 and 5-6.
  const chapters = [
    { chapter: 'One', pages: new Map([[1, new Set([1, 2, 3])]]) },
    { chapter: 'Two', pages: new Map([[1, new Set([3, 5, 6])]]) },
  ];

  it('names each page in the chapters read from it, a page nothing was read from in the chapter before it', () => {
    const notes = fileNotes(material(), chapters);
    expect(notes[0]).toEqual({
      file: 'notes.md',
      note: 'pages 2–4 are images of text: no readable text',
      pages: [2, 3, 4],
      chapters: [
        { chapter: 'One', pages: [2, 3] },
        // Page 4 gave nothing: it follows page 3, where chapter "Two" begins.
        { chapter: 'Two', pages: [3, 4] },
      ],
    });
    expect(notes[1].chapters).toEqual([{ chapter: 'Two', pages: [9] }]);
  });

  it('keeps a note that names no page for the file as a whole, and never repeats what the report names as left out', () => {
    const notes = fileNotes(material(), chapters);
    expect(notes.map((n) => n.note)).not.toContainEqual(expect.stringMatching(/notes to self/));
    expect(notes[2]).toMatchObject({ pages: [], chapters: [] });
    expect(notes[2].note).toMatch(/^2 pictures the page shows/);
  });

  it('takes the pages its reader gave, never from the words of the sentence', () => {
    const m = textMaterial(['deck.md', '# One\n\nFirst.']);
    Object.assign(
      m.sources[0].document,
      warningFields([
        // A deck's hidden slide: the sentence names no slide, its reader knew which.
        { message: '1 hidden slide was not read', pages: [2] },
        // A sentence that happens to hold the words "pages 4 and 5" names no page of the file.
        { message: 'a citation was not resolved: "Two pages 4 and 5" is printed as its key' },
      ]),
    );
    const notes = fileNotes(m, [{ chapter: 'One', pages: new Map([[1, new Set([1, 2])]]) }]);
    expect(notes.map((n) => [n.pages, n.chapters])).toEqual([
      [[2], [{ chapter: 'One', pages: [2] }]],
      [[], []],
    ]);
  });

  it('leaves out only the warnings its reader marked as left out, whatever their words', () => {
    const m = textMaterial(['notes.md', '# One\n\nFirst.']);
    const doc = m.sources[0].document;
    Object.assign(
      doc,
      warningFields([
        {
          message: 'speaker notes repeated on slides 2 and 3: "Licence" (left out: a note repeated over the deck, not its text)',
          leftOut: true,
        },
        { message: 'a picture was left out: "Licence"' },
      ]),
    );
    doc.omitted = ['speaker notes repeated on slides 2 and 3: "Licence"'];
    expect(fileNotes(m, []).map((n) => n.note)).toEqual(['a picture was left out: "Licence"']);
  });

  it('gives a document stored before warnings carried their pages a note for each warning, about the file as a whole', () => {
    const m = textMaterial(['old.pdf', '# One\n\nFirst.']);
    // As `sources.structure` held it: the sentences only.
    m.sources[0].document.warnings = ['pages 2–4 are images of text: no readable text'];
    expect(fileNotes(m, [{ chapter: 'One', pages: new Map([[1, new Set([1, 2])]]) }])).toEqual([
      { file: 'old.pdf', note: 'pages 2–4 are images of text: no readable text', pages: [], chapters: [] },
    ]);
  });
});

describe("a document's warning fields", () => {
  it('are read by the sentences the user was shown: details of another sentence, or none, are not taken', () => {
    const fields = warningFields([
      { message: 'pages 2–3 are images of text: no readable text', pages: [2, 3] },
      { message: 'figures on page 5 could not be drawn', pages: [5] },
    ]);
    expect(readingWarnings(fields)).toEqual(fields.warningDetails);
    // The sentences were changed after the reader wrote them (a file read whole again keeps none).
    expect(readingWarnings({ ...fields, warnings: undefined })).toEqual([]);
    expect(readingWarnings({ ...fields, warnings: ['figures on page 5 could not be drawn.'] })).toEqual([
      { message: 'figures on page 5 could not be drawn.' },
    ]);
    // A list that lost a sentence since keeps the other sentences' pages (matched by sentence, not by place).
    expect(readingWarnings({ ...fields, warnings: ['figures on page 5 could not be drawn'] })).toEqual([
      { message: 'figures on page 5 could not be drawn', pages: [5] },
    ]);
    // The same sentence twice takes its two details in order, each once.
    const twice = warningFields([
      { message: 'a picture could not be drawn', pages: [2] },
      { message: 'a picture could not be drawn', pages: [7] },
    ]);
    expect(readingWarnings(twice)).toEqual(twice.warningDetails);
  });

  it('sets the sentences and their details together, in order, the pages sorted once each; both unset when there is none', () => {
    expect(
      warningFields([
        { message: 'b', pages: [3, 1, 3] },
        { message: 'a', leftOut: true },
        { message: 'c', pages: [] },
      ]),
    ).toEqual({
      warnings: ['b', 'a', 'c'],
      warningDetails: [{ message: 'b', pages: [1, 3] }, { message: 'a', leftOut: true }, { message: 'c' }],
    });
    // Spread over a document that had warnings, none are left behind.
    expect({ ...warningFields([{ message: 'old' }]), ...warningFields([]) }).toEqual({ warnings: undefined, warningDetails: undefined });
  });
});
