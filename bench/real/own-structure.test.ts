import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { inOrder, ownStructure } from './own-structure';

describe("the measure's own structure of a Word file", () => {
  it('takes the paragraphs in heading styles for headings, never those in the Normal style', async () => {
    const doc = new Document({
      // Normal defined before the heading styles, as pandoc's reference document and Word's own templates list them.
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
    const own = await ownStructure('handout.docx', new Uint8Array(await Packer.toBuffer(doc)));
    expect(own.headings.map((h) => h.title)).toEqual(['Schedule', 'Basic Git commands']);
  });

  it("finds a heading whose bookmark kept a formula's index but not its Greek letter", () => {
    expect(inOrder(['Intervalle de confiance pour 1', 'Estimateur de 2'], ['Intervalle de confiance pour β1', 'Estimateur de σ²'])).toBe(1);
  });
});
