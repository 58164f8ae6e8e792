import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';

// Written for these tests (no outside source): a Quarto chapter labelling its figures, displays, table and sections.
const chapter = [
  '---',
  'title: "Growth"',
  '---',
  '',
  '## Exponential growth {#sec-exp}',
  '',
  '![A colony after one day.](images/colony.png){#fig-colony width="60%"}',
  '',
  'A population that doubles each day grows as',
  '',
  '$$',
  'N(t) = N_0 2^t',
  '$$ {#eq-growth}',
  '',
  '```{r}',
  '#| label: fig-curve',
  '#| fig-cap: "The curve of $N(t)$ for $N_0 = 1$."',
  '#| echo: false',
  'curve(2^x, 0, 5)',
  '```',
  '',
  '| day | size |',
  '|-----|------|',
  '| 0   | 1    |',
  '',
  ': Sizes by day {#tbl-sizes}',
  '',
  '## Limits {#sec-limits}',
  '',
  'As @fig-colony and @fig-curve show, @eq-growth holds until food runs out (see [-@eq-growth] and @tbl-sizes).',
  'Recall @sec-exp; @sec-later is on another page.',
  '',
  '```{r}',
  '#| fig-cap: "A histogram of the sizes."',
  'hist(sizes)',
  '```',
  '',
  'Inline code `@fig-colony` stays as typed.',
].join('\n');

describe('Quarto cross-references', () => {
  const doc = extractMarkdown(chapter, 'growth.qmd');
  const texts = doc.blocks.map((b) => b.text);

  it('reads each reference as Quarto numbers its target, a section by its title', () => {
    expect(texts).toContain(
      'As Figure 1 and Figure 2 show, Equation (1) holds until food runs out (see (1) and Table 1). Recall Section “Exponential growth”; @sec-later is on another page.',
    );
    expect(texts).toContain('Inline code @fig-colony stays as typed.');
    expect(doc.warnings?.some((w) => w.includes('@sec-later') && w.includes('does not define'))).toBe(true);
  });

  it('numbers the labelled captions and displays so the book links the references to them', () => {
    expect(doc.blocks.find((b) => b.kind === 'equation')?.latex).toMatch(/N\(t\) = N_0 2\^t\s*\\tag\{1\}$/);
    expect(texts).toContain('Figure 1: A colony after one day.');
    expect(texts).toContain('Table 1: Sizes by day');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Exponential growth', 'Limits']);
  });

  it('keeps the caption of a figure the code draws, after its code', () => {
    const code = doc.blocks.findIndex((b) => b.kind === 'code' && b.text.startsWith('curve'));
    expect(doc.blocks[code + 1]).toMatchObject({
      kind: 'caption',
      text: 'Figure 2 (drawn by the code above): The curve of \\(N(t)\\) for \\(N_0 = 1\\).',
    });
    const hist = doc.blocks.findIndex((b) => b.kind === 'code' && b.text.startsWith('hist'));
    expect(doc.blocks[hist + 1]).toMatchObject({ kind: 'caption', text: 'Figure drawn by the code above: A histogram of the sizes.' });
  });
});

describe('a page that labels nothing', () => {
  it('is left as typed and warns of no label', () => {
    const doc = extractMarkdown('# Contact\n\nWrite to the team at @sec-team on the forum.\n', 'contact.md');
    expect(doc.blocks.map((b) => b.text)).toContain('Write to the team at @sec-team on the forum.');
    expect(doc.warnings ?? []).toEqual([]);
  });
});
