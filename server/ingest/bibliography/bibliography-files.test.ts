import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractMarkdown } from '../markdown-extract';
import { parseBibtex, latexText } from './bibtex';
import { parseCslJson } from './csl-json';
import { readCompanionBibliography } from './companion';

const read = (name: string) => fs.readFileSync(fixturePath(`course/${name}`));

describe('a BibTeX database', () => {
  const entries = parseBibtex(read('causal-readings.bib').toString('utf8'));
  const byId = new Map(entries.map((e) => [e.id, e]));

  it('reads every entry with its names, year, title, container and publisher', () => {
    expect(entries.map((e) => e.id)).toEqual(['MurnaneWillett:2011', 'CinelliHazlett:2020', 'Fisher:1935', 'Goedel:1931', 'Unused:2000']);
    expect(byId.get('MurnaneWillett:2011')).toMatchObject({
      authors: ['Murnane', 'Willett'],
      fullNames: ['Murnane, Richard J.', 'Willett, John B.'],
      year: '2011',
      publisher: 'Oxford University Press',
    });
    expect(byId.get('CinelliHazlett:2020')).toMatchObject({
      authors: ['Cinelli', 'Hazlett'],
      year: '2020',
      container: 'Journal of the Royal Statistical Society: Series B',
    });
    expect(byId.get('Fisher:1935')?.publisher).toBe('Oliver and Boyd');
    expect(byId.get('Unused:2000')?.authors).toEqual(['World Bank']);
  });

  it('reads LaTeX accents and escapes as the characters they stand for', () => {
    expect(byId.get('Goedel:1931')).toMatchObject({ authors: ['Gödel'], title: 'Über formal unentscheidbare Sätze' });
    expect(byId.get('Goedel:1931')?.container).toBe('Monatshefte für Mathematik und Physik');
    expect(latexText("Erd{\\H o}s and Ren{\\'e}e \\& co.--2")).toBe('Erdős and Renée & co.–2');
  });

  it('reads an entry in parentheses and skips text between entries', () => {
    const parsed = parseBibtex(
      'Notes before.\n@book(Knuth:1984, author = "Donald E. Knuth", title = {The {\\TeX}book}, year = 1984)\ntrailing',
    );
    expect(parsed).toEqual([expect.objectContaining({ id: 'Knuth:1984', authors: ['Knuth'], year: '1984', title: 'The TeXbook' })]);
  });
});

describe('a CSL-JSON bibliography', () => {
  it('reads the same entries as the BibTeX of the same works', () => {
    const json = parseCslJson(read('causal-readings.json').toString('utf8'));
    const bib = new Map(parseBibtex(read('causal-readings.bib').toString('utf8')).map((e) => [e.id, e]));
    expect(json.map((e) => e.id)).toEqual(['MurnaneWillett:2011', 'CinelliHazlett:2020', 'Fisher:1935']);
    for (const e of json) {
      const b = bib.get(e.id)!;
      expect([e.authors, e.year, e.title]).toEqual([b.authors, b.year, b.title]);
    }
  });

  it('JSON that is no list of items is no bibliography', () => {
    expect(parseCslJson('{"name": "package", "version": "1.0.0"}')).toEqual([]);
    expect(parseCslJson('not json')).toEqual([]);
    expect(readCompanionBibliography('package.json', new TextEncoder().encode('{"name": "x"}'))).toBeUndefined();
    expect(readCompanionBibliography('notes.md', read('causal-readings.md'))).toBeUndefined();
    expect(readCompanionBibliography('refs.json', read('causal-readings.json'))?.entries).toHaveLength(3);
  });
});

describe('a Pandoc page read with the bibliography uploaded beside it', () => {
  const page = read('causal-readings.md').toString('utf8');

  it('its citations read author-year and the cited entries are its references; a missing key is named', () => {
    const alone = extractMarkdown(page, 'causal-readings.md');
    expect(alone.text).toContain('(Fisher:1935, ch. 2)');
    expect(alone.warnings?.join(' ')).toMatch(/5 citations were not resolved \(no bibliography came with the page\)/);

    const entries = readCompanionBibliography('causal-readings.bib', read('causal-readings.bib'))!.entries;
    const doc = extractMarkdown(page, 'causal-readings.md', { bibliography: entries });
    expect(doc.text).toContain('(Fisher 1935, ch. 2)');
    expect(doc.text).toContain('Murnane and Willett (2011) show how');
    expect(doc.text).toContain('(see Cinelli and Hazlett 2020; Rosenbaum:2002)');
    expect(doc.text).toContain('(Gödel 1931)');
    expect(doc.bibliography).toHaveLength(4);
    expect(doc.bibliography?.join('\n')).toContain('Murnane, Richard J., Willett, John B. (2011). Methods Matter');
    expect(doc.bibliography?.join('\n')).not.toContain('An entry nobody cites');
    expect(doc.warnings?.join(' ')).toMatch(
      /a citation was not resolved \(the bibliography uploaded with the page does not hold it\): Rosenbaum:2002/,
    );
  });
});
