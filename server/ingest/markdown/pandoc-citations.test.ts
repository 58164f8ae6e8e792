import { describe, expect, it } from 'vitest';
import { extractMarkdown } from '../markdown-extract';
import { parseBibliography } from '@server/references/documents/documents.provider';
import { renderBlocks } from '@server/ai/shared/render-blocks';

const withBibliography = [
  '---',
  'title: "Symboltabellen"',
  'references:',
  '- id: Parr2010',
  '  type: book',
  '  author:',
  '  - family: Parr',
  '    given: Terence',
  '  issued:',
  '    year: 2010',
  '  title: "Language Implementation Patterns"',
  '  publisher: Pragmatic Bookshelf',
  '- id: Aho2006',
  '  author:',
  '  - family: Aho',
  '    given: Alfred V.',
  '  - family: Lam',
  '    given: Monica S.',
  '  - family: Sethi',
  '    given: Ravi',
  '  issued:',
  '    date-parts:',
  '    - [2006]',
  '  title: "Compilers: Principles, Techniques, and Tools"',
  '  publisher: Addison-Wesley',
  '- id: Unused2001',
  '  author:',
  '  - family: Nobody',
  '  title: Never cited',
  '---',
  '',
  '# Scopes',
  '',
  'Eine Modellierung nach [@Parr2010, p. 142], siehe auch [vgl. @Aho2006; @Parr2010, Kap. 6].',
  '',
  'Wie @Parr2010 [S. 169] zeigt, und im Jahr [-@Aho2006] schon bekannt, schreibt man `@Parr2010` in Code so.',
  '',
  '```java',
  'String s = "[@Parr2010]";',
  '```',
].join('\n');

describe('Pandoc citations in a Markdown page', () => {
  it("read author-year from the page's own bibliography, and the cited entries become its reference list", () => {
    const doc = extractMarkdown(withBibliography, 'scopes.md');
    const texts = doc.blocks.map((b) => b.text);
    expect(texts).toContain('Eine Modellierung nach (Parr 2010, p. 142), siehe auch (vgl. Aho et al. 2006; Parr 2010, Kap. 6).');
    expect(texts).toContain('Wie Parr (2010, S. 169) zeigt, und im Jahr (2006) schon bekannt, schreibt man @Parr2010 in Code so.');
    expect(doc.blocks.find((b) => b.kind === 'code')?.text).toBe('String s = "[@Parr2010]";');
    expect(doc.bibliography).toEqual([
      'Parr, Terence (2010). Language Implementation Patterns. Pragmatic Bookshelf.',
      'Aho, Alfred V., Lam, Monica S., Sethi, Ravi (2006). Compilers: Principles, Techniques, and Tools. Addison-Wesley.',
    ]);
    expect(doc.warnings).toBeUndefined();
    // The document's references (what the user approves for the book) are read from that list.
    expect(parseBibliography(doc).map((c) => c.year)).toEqual(expect.arrayContaining([2010, 2006]));
  });

  it('without a bibliography read as their keys, with one warning naming them; addresses and handles are no citations', () => {
    const doc = extractMarkdown(
      [
        '# Scopes',
        '',
        'Nach einer Idee in [@Parr2010, p. 142] und [@Parr2010, p. 169].',
        '',
        '-   @Mogensen2017: Kapitel 3',
        '',
        'Fragen an tutor@example.org oder @fachschaft.',
      ].join('\n'),
      'scopes.md',
    );
    const texts = doc.blocks.map((b) => b.text);
    expect(texts).toContain('Nach einer Idee in (Parr2010, p. 142) und (Parr2010, p. 169).');
    expect(texts).toContain('Mogensen2017: Kapitel 3');
    expect(texts).toContain('Fragen an tutor@example.org oder @fachschaft.');
    expect(doc.warnings?.filter((w) => w.includes('citation'))).toEqual([
      '2 citations were not resolved (no bibliography came with the page): Parr2010, Mogensen2017 are printed as their keys',
    ]);
    expect(doc.bibliography).toBeUndefined();
  });
});

describe('Markdown pictures under relative paths and callouts', () => {
  it('names the pictures that were not uploaded with the page, once each; web pictures and code are not named', () => {
    const doc = extractMarkdown(
      [
        '# Bilder',
        '',
        '![](images/nested.png){width="80%"}',
        '',
        '![Baum](images/nested.png) und ![Logo](https://example.org/logo.png)',
        '',
        '<img src="figs/uml.svg" alt="UML">',
        '',
        '```md',
        '![](images/in-code.png)',
        '```',
      ].join('\n'),
      'bilder.md',
    );
    expect(doc.warnings).toEqual([
      '2 pictures the page shows from files beside it were not uploaded with it and are not in the book: images/nested.png, figs/uml.svg',
    ]);
  });

  it('a GitHub alert and a Quarto callout are titled callouts holding their paragraphs and lists', () => {
    const doc = extractMarkdown(
      [
        '# Homework',
        '',
        '> [!WARNING]',
        '> Late work loses ten percent a day.',
        '',
        '::: {.callout-important}',
        '## Due Date',
        'Submit by Friday at 9pm.',
        '',
        '- the notebook',
        '- the report',
        ':::',
        '',
        'The problems follow.',
      ].join('\n'),
      'hw.md',
    );
    expect(doc.blocks.map((b) => [b.kind, b.label ?? '', b.text])).toEqual([
      ['heading', '', 'Homework'],
      ['quote', 'Warning', 'Late work loses ten percent a day.'],
      ['quote', 'Due Date', 'Submit by Friday at 9pm.'],
      ['quote', '', 'the notebook'],
      ['quote', '', 'the report'],
      ['paragraph', '', 'The problems follow.'],
    ]);
    expect(renderBlocks(doc.blocks)).toBe(
      '<blockquote><p><strong>Warning</strong></p><p>Late work loses ten percent a day.</p></blockquote>' +
        '<blockquote><p><strong>Due Date</strong></p><p>Submit by Friday at 9pm.</p><ul><li><p>the notebook</p></li><li><p>the report</p></li></ul></blockquote>' +
        '<p>The problems follow.</p>',
    );
  });
});
