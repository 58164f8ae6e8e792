import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dedupeGroups, dedupeReferences, mergeInto } from './dedupe';
import { emptyFound, type FoundReference } from './found-reference';
import { mapCoreResponse } from './mappers/core.mapper';
import { mapOpenAlexResponse } from './mappers/openalex.mapper';
import { rankReferences } from './rank';
import { fixturePath } from '../test/fixture-path.support';

const fixture = (f: string) => JSON.parse(readFileSync(fixturePath(`references/${f}`), 'utf8'));
const found = (fields: Partial<FoundReference>): FoundReference => ({ ...emptyFound('test'), ...fields });

describe('de-duplication', () => {
  it('merges records sharing a DOI (CORE lists one article twice) and fills the gaps of the first', () => {
    const core = mapCoreResponse(fixture('core-v3-search-works-peneira.json')).references;
    const twins = core.filter((r) => r.doi === '10.1186/s13104-016-2098-z');
    expect(twins).toHaveLength(2);
    const merged = dedupeReferences(core);
    expect(merged).toHaveLength(core.length - 1);
    const one = merged.find((r) => r.doi === '10.1186/s13104-016-2098-z');
    expect(one?.year).toBe(2016);
    expect(one?.description.length).toBe(Math.max(...twins.map((t) => t.description.length)));
  });

  it('merges a preprint and its article by title + year + first author', () => {
    const openalex = mapOpenAlexResponse(fixture('openalex-works-search-peneira.json')).references;
    const merged = dedupeReferences(openalex);
    expect(merged.length).toBeLessThan(openalex.length);
    const titles = merged.map((r) => `${r.title.toLowerCase()}|${r.year}|${r.authors[0]}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('keeps works apart when a year or first author contradicts', () => {
    const a = found({ title: 'Introduction', year: 2001, authors: ['A. Smith'] });
    const b = found({ title: 'Introduction', year: 2005, authors: ['A. Smith'] });
    const c = found({ title: 'Introduction', authors: ['B. Jones'] });
    const d = found({ title: 'Introduction' });
    const groups = dedupeGroups([a, b, c, d]).map((g) => g.members);
    // The record with neither year nor author joins one of them, but never bridges two different works.
    expect(groups).toHaveLength(3);
    for (const g of groups) expect([g.includes(0), g.includes(1), g.includes(2)].filter(Boolean)).toHaveLength(1);
  });

  it('never overwrites a field with less', () => {
    const base = found({
      title: 'T',
      authors: ['A. Gal', 'B. Eich'],
      description: 'a long description here',
      year: 'in press',
      url: 'https://mine',
    });
    const merged = mergeInto(
      base,
      found({
        title: 'Other',
        authors: ['A. Gal'],
        description: 'short',
        year: 2009,
        url: 'https://theirs',
        publisher: 'ACM',
        source: 'crossref',
      }),
    );
    expect(merged).toMatchObject({
      title: 'T',
      authors: ['A. Gal', 'B. Eich'],
      description: 'a long description here',
      year: 2009,
      url: 'https://mine',
      publisher: 'ACM',
      source: 'test, crossref',
    });
  });
});

describe('ranking by similarity to the material', () => {
  it('puts records about the material first', () => {
    const refs = [
      found({ title: 'Redefining climate regions with cluster analysis' }),
      found({ title: 'Trace-based just-in-time compilation for JavaScript' }),
      found({ title: 'Dopamine neurons and methylphenidate' }),
    ];
    const ranked = rankReferences(
      refs,
      'We compile hot loops of JavaScript with a tracing just-in-time compiler. Trace trees.',
      'trace compilation',
    );
    expect(ranked[0].title).toMatch(/^Trace-based/);
  });
});
