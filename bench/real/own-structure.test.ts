import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inOrder, ownStructure, titleAt, titleKey } from './own-structure';

describe("the measure's own structure of a Word file", () => {
  it('takes the paragraphs in heading styles for headings, never those in the Normal style', async () => {
    const doc = new Document({
      styles: { paragraphStyles: [{ id: 'Normal', name: 'Normal', run: { size: 24 } }] },
      sections: [
        {
          children: [
            new Paragraph({ text: 'Schedule', heading: HeadingLevel.HEADING_3 }),
            new Paragraph({ text: 'We will try this session as a group.', style: 'Normal' }),
            new Paragraph({ text: 'Basic Git commands', heading: HeadingLevel.HEADING_3 }),
            new Paragraph({ text: 'git init creates a repository.', style: 'Normal' }),
          ],
        },
      ],
    });
    // The Normal style moved first in styles.xml, as pandoc's reference document and Word's own templates list it.
    const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
    const styles = await zip.file('word/styles.xml')!.async('string');
    const normal = /<w:style\b[^>]*w:styleId="Normal"[^>]*>[\s\S]*?<\/w:style>/.exec(styles)![0];
    zip.file('word/styles.xml', styles.replace(normal, '').replace(/<w:style\b/, `${normal}<w:style`));
    const own = await ownStructure('handout.docx', await zip.generateAsync({ type: 'uint8array' }));
    expect(own.headings.map((h) => h.title)).toEqual(['Schedule', 'Basic Git commands']);
  });

  it('finds a heading a deck repeats apart from its first use under the title the book gives it, "..., continued"', () => {
    expect(inOrder(['HMMs', 'Pfam', 'HMMs', 'Hmmer'], ['HMMs', 'Pfam', 'HMMs, continued', 'Hmmer'])).toBe(1);
    expect(inOrder(['HMMs', 'Pfam', 'HMMs', 'HMMs'], ['HMMs', 'Pfam', 'HMMs, continued', 'HMMs, continued (2)'])).toBe(1);
  });

  it("finds a heading whose bookmark kept a formula's index but not its Greek letter", () => {
    expect(inOrder(['Intervalle de confiance pour 1', 'Estimateur de 2'], ['Intervalle de confiance pour β1', 'Estimateur de σ²'])).toBe(1);
  });
});

describe("the measure's own structure of a Markdown page", () => {
  it("does not expect a Quarto callout's title line as a heading of the page", async () => {
    const page = [
      '# Odds ratios',
      '',
      '::: {.callout-note}',
      '## Breast cancer dataset',
      'For the simple model the odds ratio is 2.90.',
      ':::',
      '',
      '## Wald test',
      '',
      '```r',
      '# a comment',
      '```',
    ].join('\n');
    const own = await ownStructure('chapter.md', new TextEncoder().encode(page));
    expect(own.headings.map((h) => h.title)).toEqual(['Odds ratios', 'Wald test']);
  });
});

describe('a part bookmark against the book', () => {
  it('finds "II Corrections des exercices" where the book titles the part as its page does, Roman number apart', () => {
    const keys = ['Exercices sur les suites', 'Suites arithmétiques', 'Corrections des exercices'].map(titleKey);
    expect(titleAt(keys, 'I Exercices sur les suites', 0)).toBe(0);
    expect(titleAt(keys, 'II Corrections des exercices', 1)).toBe(2);
    expect(titleAt(keys, 'III Applications en finance', 0)).toBe(-1);
  });
});
