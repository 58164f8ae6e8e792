import fs from 'node:fs';
import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { readCompanionBibliography } from '../bibliography/companion';
import { extractDocx } from '../docx-extract';

const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
const bib = readCompanionBibliography('causal-readings.bib', fs.readFileSync(fixturePath('course/causal-readings.bib')))!;

/** Word notes with Pandoc citations typed in them, as an author who writes for Pandoc types them in Word. */
const notes = () =>
  build([
    new Paragraph({ text: 'Causal inference', heading: 'Heading1' }),
    new Paragraph({ children: [new TextRun('Randomised experiments remove confounding by design [@Fisher:1935, ch. 2].')] }),
    new Paragraph({
      children: [
        new TextRun('@MurnaneWillett:2011 show how observational data can answer causal questions; see the '),
        new ExternalHyperlink({ link: 'https://example.org/course', children: [new TextRun('course page')] }),
        new TextRun('.'),
      ],
    }),
    new Paragraph({
      children: [new TextRun('An unmeasured confounder is judged by its strength [see @CinelliHazlett:2020; @Rosenbaum:2002].')],
    }),
  ]);

describe('Pandoc citations typed in a Word document, with a bibliography file uploaded beside it', () => {
  it('read author-year from the .bib, the cited entries its reference list, a key it lacks named in a warning', async () => {
    const doc = await extractDocx(await notes(), 'causal-notes.docx', { bibliography: bib.entries });
    const text = doc.blocks.map((b) => b.text);
    expect(text).toContain('Randomised experiments remove confounding by design (Fisher 1935, ch. 2).');
    expect(text).toContain('Murnane and Willett (2011) show how observational data can answer causal questions; see the course page.');
    expect(text).toContain('An unmeasured confounder is judged by its strength (see Cinelli and Hazlett 2020; Rosenbaum:2002).');
    expect(doc.blocks.find((b) => b.text.startsWith('Murnane'))?.links).toEqual([
      { text: 'course page', href: 'https://example.org/course' },
    ]);
    expect(doc.bibliography).toHaveLength(3);
    expect(doc.bibliography?.[0]).toMatch(/^Fisher, .*\(1935\)\. The Design of Experiments\./);
    expect(doc.bibliography?.join('\n')).not.toContain('Unused');
    expect(doc.warnings).toEqual([
      'a citation was not resolved (the bibliography uploaded with the document does not hold it): Rosenbaum:2002 is printed as its key',
    ]);
    expect(doc.text).not.toContain('[@');
  });

  it('without a bibliography a citation reads as its key, and the warning says none came with the document', async () => {
    const doc = await extractDocx(await notes(), 'causal-notes.docx');
    expect(doc.blocks.map((b) => b.text)).toContain('Randomised experiments remove confounding by design (Fisher:1935, ch. 2).');
    expect(doc.bibliography).toBeUndefined();
    expect(doc.warnings?.[0]).toMatch(/^4 citations were not resolved \(no bibliography came with the document\)/);
  });
});
