import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe("the author's to-do notes in LaTeX notes (test-fixtures/pdf/latex/todo-notes.tex)", () => {
  it('leaves out the missing-figure boxes, the to-do notes and the list of to-dos, keeps every sentence, and says so', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/todo-notes.pdf'))), 'todo-notes.pdf');
    const text = doc.blocks.map((b) => b.text).join('\n');
    for (const note of [
      'Skizze mit Graph',
      'Zwei Graphen mit',
      'Fehlende',
      'Beweis nachtrag',
      'Vielleicht noch eine Skizze',
      'Liste der noch',
    ])
      expect(text).not.toContain(note);
    // No figure is left where a box was, and the text around the notes reads on.
    expect(doc.blocks.filter((b) => b.kind === 'figure')).toEqual([]);
    expect(doc.blocks.map((b) => [b.kind, b.text.trim()])).toEqual([
      ['heading', '1 Iterierte Abbildungen'],
      [
        'paragraph',
        'Sei f eine stetige Abbildung eines Intervalls in sich. Wir betrachten die Folge der Iterierten und fragen, wann sie gegen einen Fixpunkt konvergiert.',
      ],
      [
        'paragraph',
        'Fixpunkte sind Schnittpunkte des Graphen mit der Diagonalen. Ein Fixpunkt heißt stabil, wenn die Iterierten in seiner Nähe bleiben.',
      ],
      ['paragraph', 'Periodische Punkte kann man am Graphen der zweiten Iterierten ablesen.'],
      ['heading', '2 Stabilität'],
      ['paragraph', 'Ist der Betrag der Ableitung im Fixpunkt kleiner als eins, so ist der Fixpunkt asymptotisch stabil.'],
      ['paragraph', 'Ist er größer als eins, so ist der Fixpunkt instabil.'],
    ]);
    // Never in silence: the warnings and the generation report name what was left out.
    const said = [...(doc.warnings ?? []), ...(doc.omitted ?? [])].join('\n');
    expect(doc.warnings?.some((w) => /notes to self were left out/.test(w))).toBe(true);
    expect(doc.omitted).toHaveLength(1);
    // Its warning is marked as what the reader left out: the report names it there, not as a note on the file too.
    expect(doc.warningDetails?.filter((w) => w.leftOut).map((w) => w.message)).toEqual(
      doc.warnings?.filter((w) => /notes to self/.test(w)),
    );
    // It names the pages the notes were taken from: the boxes and margin notes on page 1, the list on page 2.
    expect(doc.warningDetails?.find((w) => w.leftOut)?.pages).toEqual([1, 2]);
    for (const named of [
      '2 placeholders for missing figures',
      '"Skizze mit Graph und Diagonale"',
      '2 to-do notes',
      '"Beweis nachtragen"',
      'the list of to-dos (page 2)',
    ])
      expect(said).toContain(named);
  });

  it('leaves a document without to-do notes as it was', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/header-logo.pdf'))), 'header-logo.pdf');
    expect(doc.omitted).toBeUndefined();
    expect((doc.warnings ?? []).join(' ')).not.toMatch(/notes to self/);
  });
});
