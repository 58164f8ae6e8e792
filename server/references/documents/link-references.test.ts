import { describe, expect, it } from 'vitest';
import { findDocumentReferences, titleForLink } from './documents.provider';

const doc = (text: string) => ({ text, blocks: [{ kind: 'paragraph' as const, text }], bibliography: [] });

describe('links as references', () => {
  it('takes the title from the sentence that names the work', () => {
    expect(titleForLink('Wilson, Gray. “The Story of 256.” http://256.com/. Last modified 2002.', 'http://256.com/')).toBe(
      'The Story of 256',
    );
    expect(
      titleForLink(
        'Saive, Rani. 13 Linux Network Configuration and Troubleshooting Commands (2012) https://www.tecmint.com/x/',
        'https://www.tecmint.com/x/',
      ),
    ).toBe('13 Linux Network Configuration and Troubleshooting Commands');
  });

  it('never makes a reference of a bare link, a private file store, a picture or a footer', () => {
    const text = [
      'Slides are here: https://onedrive.live.com/view.aspx?id=123',
      'See https://drive.google.com/file/d/abc/view for the handout.',
      'https://upload.wikimedia.org/wikipedia/commons/9/97/NetworkTopologies.svg',
      '© 2024 Example University. All rights reserved. https://www.example.edu/',
      'More at https://www.example.org/page',
      'Wilson, Gray. “The Story of 256.” http://256.com/256.html',
    ].join('\n');
    const found = findDocumentReferences([doc(text)]);
    expect(found.map((r) => [r.title, r.url])).toEqual([['The Story of 256', 'http://256.com/256.html']]);
  });
});

describe('identifiers in running text as references', () => {
  it('takes the title from the line that cites the identifier', () => {
    const text = [
      'Some searches use it:',
      '∙ Unmodelled burst parameter estimation (oLIB) (Lynch et. al, arXiv:1511.05955)',
      '∙ Searches for continuous (monochromatic) gravitational waves from known pulsars (Dupuis & Woan, arXiv:gr-qc/0508096)',
      'D. W. Hogg, J. Bovy, D. Lang Data analysis recipes: Fitting a model to data, arXiv:1008.4686, 2010',
      'A. Author and B. Writer A study of noise in detectors, https://doi.org/10.1103/PhysRevD.91.042003',
      'We used arXiv:1202.3256 for the comparison.',
    ].join('\n');
    const found = findDocumentReferences([doc(text)]);
    expect(found.map((r) => [r.title, r.url])).toEqual([
      ['A study of noise in detectors', 'https://doi.org/10.1103/physrevd.91.042003'],
      ['Unmodelled burst parameter estimation (oLIB)', 'https://arxiv.org/abs/1511.05955'],
      ['Data analysis recipes: Fitting a model to data', 'https://arxiv.org/abs/1008.4686'],
      // A sentence that mentions an identifier without naming the work gives it no title of guessed words.
      ['', 'https://arxiv.org/abs/1202.3256'],
      ['Searches for continuous (monochromatic) gravitational waves from known pulsars', 'https://arxiv.org/abs/gr-qc/0508096'],
    ]);
  });
});

describe('a sentence naming two works, each with its link', () => {
  it('gives each link the quoted title before it, and lists a publisher link holding a DOI once', () => {
    const text =
      'An example is "Model comparison tests of a modified law from a torsion experiment" (https://iopscience.iop.org/article/10.1088/1475-7516/2020/07/006/pdf) by Kay and Dee. ' +
      'They re-examine the claim in "Hints of a Modified Law in the Lab?" (https://arxiv.org/abs/1904.09462) by Pe and Ka.';
    const found = findDocumentReferences([doc(text)]);
    expect(found.map((r) => r.title).sort()).toEqual([
      'Hints of a Modified Law in the Lab?',
      'Model comparison tests of a modified law from a torsion experiment',
    ]);
  });
});
