import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a Hugo exercise page (a theme's hint box, included files, a contents heading).
const page = [
  '---',
  'title: "Recherche dichotomique"',
  '---',
  '',
  '## Sommaire',
  '',
  '{{< toc >}}',
  '',
  '## Énoncé',
  '',
  'Téléchargez le squelette [ici](ressources/squelette.c) et lisez [la page suivante](../suite.html).',
  '',
  '{{< include file="ressources/squelette.c" language=c >}}',
  '',
  '{{< hint type=warning title="Attention" >}}',
  'Lisez une ligne avec `fgets`.',
  '',
  '```c',
  'fgets(s, 80, stdin);',
  '```',
  '{{< /hint >}}',
  '',
  'Bonne chance.',
].join('\n');

describe('Hugo shortcodes and files beside the page', () => {
  const doc = extractMarkdown(page, 'dichotomie.md');

  it('makes a hint box a callout holding its text and code', () => {
    const box = doc.blocks.findIndex((b) => b.kind === 'quote' && b.label === 'Attention');
    expect(box).toBeGreaterThan(-1);
    expect(doc.blocks[box].text).toBe('Lisez une ligne avec fgets.');
    expect(doc.blocks[box + 1]).toMatchObject({ kind: 'code', text: 'fgets(s, 80, stdin);' });
    expect(doc.blocks.map((b) => b.text)).toContain('Bonne chance.');
  });

  it('marks where an included file not uploaded was shown, and warns', () => {
    const note = doc.blocks.find((b) => b.kind === 'quote' && b.label === 'File not uploaded');
    expect(note?.text).toContain('ressources/squelette.c');
    expect(doc.warnings?.some((w) => w.includes('not uploaded') && w.includes('ressources/squelette.c'))).toBe(true);
  });

  it('shows the path of a linked file beside the page, not that of a linked page', () => {
    expect(doc.blocks.find((b) => b.text.startsWith('Téléchargez'))).toMatchObject({
      text: 'Téléchargez le squelette ici (ressources/squelette.c) et lisez la page suivante.',
      code: ['ressources/squelette.c'],
    });
  });

  it('drops a heading over nothing but the table of contents', () => {
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Énoncé']);
  });
});
