import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a lecture page whose session box, paragraph and list item break their
// lines with two spaces or a backslash at a line's end, as CommonMark's hard line breaks.
const page = [
  '# Sitzung 2',
  '',
  '> **Typ:** Vorlesung  ',
  '> **Dauer:** 90 Minuten',
  '',
  'Erste Zeile\\',
  'zweite Zeile mit [Link](https://example.org/a)  ',
  'und **dritte** Zeile.',
  '',
  '- Punkt eins  ',
  '  geht weiter',
  '- Punkt zwei',
  '',
  'Ein weicher',
  'Umbruch bleibt ein Leerzeichen.',
].join('\n');

describe('Markdown hard line breaks', () => {
  const doc = extractMarkdown(page, 'sitzung2.md');
  const block = (start: string) => doc.blocks.find((b) => b.text.startsWith(start))!;

  it('keeps a hard break inside a quotation, a paragraph and a list item as a line break; a soft one is a space', () => {
    expect(block('Typ:')).toMatchObject({ kind: 'quote', text: 'Typ: Vorlesung\nDauer: 90 Minuten', strong: ['Typ:', 'Dauer:'] });
    expect(block('Erste')).toMatchObject({
      kind: 'paragraph',
      text: 'Erste Zeile\nzweite Zeile mit Link\nund dritte Zeile.',
      links: [{ text: 'Link', href: 'https://example.org/a' }],
      strong: ['dritte'],
    });
    expect(block('Punkt eins')).toMatchObject({ kind: 'list-item', text: 'Punkt eins\ngeht weiter' });
    expect(block('Ein weicher').text).toBe('Ein weicher Umbruch bleibt ein Leerzeichen.');
  });
});
