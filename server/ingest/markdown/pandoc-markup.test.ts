import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractMarkdown } from '../markdown-extract';

const read = (name: string) => extractMarkdown(readFileSync(fixturePath(`text/${name}`), 'utf8'), name);

describe('Pandoc Markdown lecture pages (fenced divs, attribute lists, slide spacing)', () => {
  it('prints no fence line, attribute list or spacing command, and keeps the text inside them', () => {
    const doc = read('pandoc-folien.de.md');
    const texts = doc.blocks.map((b) => b.text);
    for (const t of texts) {
      expect(t).not.toMatch(/:::|\\(?:pause|bigskip|smallskip|vspace)|\{[.#]?\w+=?|width=/);
    }
    expect(doc.title).toBe('Hashtabellen: Kollisionen');
    // The text of a div stays, as paragraphs of their own (a closing fence no longer runs into the line above).
    expect(texts).toContain(
      'Eine Hashtabelle bildet Schlüssel auf Plätze ab. Fallen zwei Schlüssel auf denselben Platz, entsteht eine Kollision, die man durch Verkettung oder Sondieren auflöst.',
    );
    expect(texts).toContain('Kollisionen lassen sich bei mehr Schlüsseln als Plätzen nicht vermeiden.');
    // A bracketed span keeps its words without its brackets; a citation inside one reads as its key (no bibliography came).
    expect(texts).toContain('Jeder Platz hält eine Liste aller Schlüssel mit diesem Hashwert.');
    expect(texts).toContain('Verkettung: eigene Darstellung nach (Knuth1998, S. 513)');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Kollisionen', 1],
      ['Verkettung', 1],
      ['Lastfaktor', 2],
      ['Wrap-Up', 1],
    ]);
    const code = doc.blocks.find((b) => b.kind === 'code');
    expect(code).toMatchObject({ text: 'tabelle[h(k)].append(k)', language: 'python' });
  });

  it('drops the page’s own table of contents and the identifiers after its headings', () => {
    const doc = read('inhalt-recursion.fr.md');
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: 'Tri fusion' });
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Tri fusion',
      'Principe',
      'Définition : diviser pour régner',
      'Exercices de programmation',
    ]);
    expect(doc.blocks.find((b) => b.kind === 'code')?.language).toBe('python');
    // A list whose items link elsewhere is the page's text, not its contents.
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items.map((b) => b.text)).toEqual(['Écrivez la fonction tri_fusion(liste).', 'Voir la documentation pour sorted.']);
    expect(items[1].links).toEqual([{ text: 'la documentation', href: 'https://docs.python.org/fr/3/' }]);
  });
});

describe('a display formula inside a Quarto callout', () => {
  it('is the formula alone, without the quotation marks the callout puts before its lines', () => {
    const doc = extractMarkdown(
      [
        '::: {.callout-note}',
        '## Breast cancer dataset',
        'The 95% confidence interval for the odds ratio is',
        '$$',
        '  \\exp(1.095 \\pm 1.96 \\times 0.117)',
        '    = [2.377, 3.759].',
        '$$',
        ':::',
        '',
        'Outside the box, $$a > b$$ keeps its sign.',
      ].join('\n'),
      'chapter.qmd',
    );
    const displays = doc.blocks.filter((b) => b.kind === 'equation').map((b) => b.latex?.replace(/\s+/g, ' ').trim());
    expect(displays).toEqual(['a > b']);
    // The callout's display stays in the box: a line of it set as a display.
    expect(doc.blocks.map((b) => b.text)).toContain('\\(\\displaystyle \\exp(1.095 \\pm 1.96 \\times 0.117) = [2.377, 3.759].\\)');
  });
});
