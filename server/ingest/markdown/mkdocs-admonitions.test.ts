import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../markdown-extract';

// A MkDocs lesson page written for this test: boxes ("!!!", "???") with indented bodies, a box inside a box, content tabs.
const page = [
  '# Fractions',
  '',
  '!!! tip "Deux façons"',
  '    Il y a deux façons de placer une formule :',
  '',
  '    1. en ligne, entre deux `$` ;',
  '    2. en paragraphe, entre deux `$$`.',
  '',
  '    !!! warning "Espacement"',
  "        Pas d'espace après le dollar ouvrant.",
  '',
  '    Le reste appartient à la boîte extérieure.',
  '',
  '??? note',
  '    === "Rendu"',
  '        Une fraction : $\\frac{1}{2}$.',
  '',
  '    === "Code"',
  '        ```latex',
  '        $\\frac{1}{2}$',
  '        ```',
  '',
  'Texte après les boîtes.',
  '',
  '```markdown',
  '!!! note "Montré"',
  '    Dans un listing, rien ne change.',
  '```',
].join('\n');

describe("MkDocs' boxes and tabs", () => {
  const { blocks } = markdownToBlocks(page);
  const texts = blocks.map((b) => b.text);

  it('are callouts with their titles, their lists, listings and formulas kept, never the marker line as text', () => {
    const prose = blocks.filter((b) => b.kind !== 'code').map((b) => b.text);
    expect(prose.join('\n')).not.toMatch(/^(?:!!!|\?\?\?|===)/m);
    const tip = blocks.find((b) => b.label === 'Deux façons')!;
    expect(tip.kind).toBe('quote');
    const items = blocks.filter((b) => b.ordered);
    expect(items.map((b) => [b.kind, b.text])).toEqual([
      ['quote', 'en ligne, entre deux $ ;'],
      ['quote', 'en paragraphe, entre deux $$.'],
    ]);
    // A box without a title is titled by its kind.
    expect(blocks.find((b) => b.label === 'Note')?.kind).toBe('quote');
    expect(texts).toContain('Une fraction : \\(\\frac{1}{2}\\).');
    const listing = blocks.find((b) => b.kind === 'code' && b.language === 'latex')!;
    expect(listing.text).toBe('$\\frac{1}{2}$');
  });

  it('keep a box inside a box as its title in bold in the outer one, whose last words stay its own', () => {
    const at = (s: string) => texts.indexOf(s);
    expect(blocks[at('Espacement')].strong).toEqual(['Espacement']);
    expect(blocks[at('Le reste appartient à la boîte extérieure.')].kind).toBe('quote');
    expect(at('Espacement')).toBeLessThan(at('Le reste appartient à la boîte extérieure.'));
    expect(blocks.filter((b) => b.label).map((b) => b.label)).toEqual(['Deux façons', 'Note']);
    expect(blocks[at('Rendu')].strong).toEqual(['Rendu']);
    expect(blocks[at('Texte après les boîtes.')].kind).toBe('paragraph');
  });

  it('leave a box shown inside a listing as typed', () => {
    const shown = blocks.find((b) => b.kind === 'code' && b.language === 'markdown')!;
    expect(shown.text).toBe('!!! note "Montré"\n    Dans un listing, rien ne change.');
  });

  it('open a listing typed on a definition line, so its closing fence swallows nothing after it', () => {
    const solution = markdownToBlocks(
      ['# Solution', '', 'Markdown', ': ```latex', '$x+1$', '```', '', 'Voir [Milü](https://example.org/milu), une fraction.'].join('\n'),
    ).blocks;
    const listing = solution.find((b) => b.kind === 'code')!;
    expect(listing.text).toBe('$x+1$');
    const after = solution.find((b) => b.text.startsWith('Voir'))!;
    expect(after.kind).toBe('paragraph');
    expect(after.links).toEqual([{ text: 'Milü', href: 'https://example.org/milu' }]);
  });
});
