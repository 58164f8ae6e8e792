import type { DocBlock } from '@server/core/document-model';
import { detectLanguage, speakerNotesLabel } from '@server/core/nlp/language';

/** What a slide's notes are read against: its number, the unit (topic) it belongs to, and its notes' paragraphs. */
export interface NotedSlide {
  number: number;
  unit: string;
  notes: string[];
}

export interface RepeatedNotes {
  /** The repeated paragraphs' keys (noteKey): left out wherever they occur. */
  keys: Set<string>;
  /** One line per repeated paragraph for the warnings and the generation report: what it says and where. */
  lines: string[];
}

/** A notes paragraph compared by its words: case, spacing and quotes aside. */
export const noteKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’“”"']/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const quoted = (text: string) => `"${text.length > 70 ? `${text.slice(0, 67).trimEnd()}...` : text}"`;

const listed = (numbers: number[]) =>
  numbers.length <= 2 ? numbers.join(' and ') : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;

/**
 * Speaker notes that are the deck's furniture, not the lecture's words: a notes paragraph printed on the slides of two
 * topics or more (a note to other teachers about the materials, a licence or a reminder pasted onto every slide), like
 * a running head on the pages of a book. A paragraph repeated on the slides of one topic is a build-up slide copied with
 * its notes: read once there, as what a build-up slide repeats is. Each repeated paragraph is named once, with the slides
 * it was on, so nothing is left out in silence.
 */
export function repeatedNotes(slides: NotedSlide[]): RepeatedNotes {
  const seen = new Map<string, { text: string; units: Set<string>; slides: number[] }>();
  for (const slide of slides)
    for (const note of slide.notes) {
      const key = noteKey(note);
      if (!key) continue;
      const entry = seen.get(key) ?? { text: note, units: new Set<string>(), slides: [] };
      entry.units.add(slide.unit);
      if (!entry.slides.includes(slide.number)) entry.slides.push(slide.number);
      seen.set(key, entry);
    }
  const repeated = [...seen].filter(([, e]) => e.units.size >= 2);
  return {
    keys: new Set(repeated.map(([k]) => k)),
    lines: repeated.map(([, e]) => `speaker notes repeated on slides ${listed(e.slides)}: ${quoted(e.text)}`),
  };
}

/**
 * The label of the first of a slide's notes in the book: they are the instructor's words beside the slide, set apart
 * from its text. Set in English while the deck is composed, then in the deck's own language (`labelNotesIn`).
 */
export const notesLabel = speakerNotesLabel('en');

/**
 * The notes' labels in the language of the deck's text (a German deck's notes are "Notizen des Vortragenden"). Answers
 * that language, detected once here: the deck's document carries it, and nothing reads the deck's text for it again.
 */
export function labelNotesIn(blocks: DocBlock[]): string | undefined {
  const language = detectLanguage(blocks.map((b) => b.text).join('\n\n'));
  const label = speakerNotesLabel(language);
  if (label !== notesLabel) for (const b of blocks) if (b.label === notesLabel) b.label = label;
  return language;
}

/** A slide's notes as the book keeps them: one box of the instructor's notes (quote blocks, the first labelled). */
export function notesBlocks(notes: string[], page: number): DocBlock[] {
  return notes.map((text) => ({ kind: 'quote', text, page }));
}
