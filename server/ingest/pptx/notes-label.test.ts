import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { labelNotesIn, notesLabel } from './deck-notes';

const slide = (text: string, note: string): DocBlock[] => [
  { kind: 'paragraph', text, page: 1 },
  { kind: 'quote', text: note, page: 1, label: notesLabel },
];

describe("the label over a slide's speaker notes", () => {
  it('is in the language of the deck: a German deck gets no English label', () => {
    const blocks = slide(
      'Eine Ausnahme unterbricht den normalen Ablauf des Programms, und die Methode gibt die Kontrolle an den Aufrufer zurück.',
      'Hier zeigen wir zuerst das Beispiel mit der Datei, die nicht gefunden wird, und fragen die Studierenden nach der Ursache.',
    );
    // The language it detects is the deck's: the extractor stores it and reads the text for it no more.
    expect(labelNotesIn(blocks)).toBe('de');
    expect(blocks[1].label).toBe('Notizen des Vortragenden');
  });
  it('stays English for an English deck', () => {
    const blocks = slide(
      'An exception interrupts the normal flow of the program, and the method hands control back to its caller.',
      'Show the example of the missing file first and ask the students what caused it.',
    );
    expect(labelNotesIn(blocks)).toBe('en');
    expect(blocks[1].label).toBe('Speaker notes');
  });
});
