import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a deck whose theme lower-cases its titles before setting them in small capitals', () => {
  it('gives each title its capital and the spelling its own text gives a name or an acronym, and keeps a link on a title', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/beamer-smallcaps.pdf'))), 'beamer-smallcaps.pdf');
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    expect(headings.map((b) => b.text)).toEqual([
      'Bayesian inference for signals',
      'A Bayesian example: is a coin fair?',
      'Anatomy of the GW likelihood',
      'The power spectral density',
    ]);
    expect(doc.title).toBe('Bayesian inference for signals');
    // The link set on the last title's words stays on them (the theme lower-cased its address too).
    expect(headings[3].links).toEqual([{ text: 'The power spectral density', href: 'https://en.wikipedia.org/wiki/spectral_density' }]);
    // The text under the titles is read as it stands: a file name's lower case is its own.
    expect(doc.text).toContain('plots/bayesian.py');
  });
});
