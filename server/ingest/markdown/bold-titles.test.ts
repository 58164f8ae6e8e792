import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for this test (no outside source): a page that sets some of its titles as bold lines.
const page = [
  '# Quellen finden',
  '',
  'Zwei Wege führen zum Material.',
  '',
  '<b>Portale und Suchmaschinen</b>',
  '<div>',
  '  <button class="accordion">Portal A</button>',
  '  <div class="panel"><p>Ein Portal für Hochschulen.</p></div>',
  '</div>',
  '',
  '**Allgemeine Plattformen**',
  '',
  'Auch allgemeine Plattformen führen offene Materialien.',
  '',
  '**Prüfen Sie immer die Lizenz.**',
  '',
  'Ein Satz in Fettdruck ist Betonung.',
  '',
  '**Vor einer Überschrift**',
  '',
  '## Nutzung',
  '',
  'Text.',
].join('\n');

describe('bold lines standing for headings', () => {
  const doc = extractMarkdown(page, 'quellen.md');

  it('reads a short bold line over text as a heading one below the page’s own, its disclosures below it', () => {
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Quellen finden', 1],
      ['Portale und Suchmaschinen', 2],
      ['Portal A', 3],
      ['Allgemeine Plattformen', 2],
      ['Nutzung', 2],
    ]);
  });

  it('keeps a bold sentence and a bold line before a heading as paragraphs', () => {
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    expect(paragraphs).toContain('Prüfen Sie immer die Lizenz.');
    expect(paragraphs).toContain('Vor einer Überschrift');
  });
});
