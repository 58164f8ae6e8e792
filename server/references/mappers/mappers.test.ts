import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceSchema } from '@common/textbook';
import { toReference, type FoundReference } from '../found-reference';
import { stripMarkup } from '../markup';
import { mapArxivResponse } from './arxiv.mapper';
import { mapCoreResponse } from './core.mapper';
import { mapCrossrefResponse } from './crossref.mapper';
import type { MapResult } from './map-result';
import { mapOpenLibraryResponse } from './open-library.mapper';
import { mapOpenAlexResponse, rebuildAbstract } from './openalex.mapper';
import { mapSemanticScholarResponse } from './semantic-scholar.mapper';
import { fixturePath } from '@server/test/fixture-path.support';

const fixturesDir = fixturePath('references');
const fixtureFiles = readdirSync(fixturesDir).filter((f) => f !== 'README.md');

/** Picks the mapper by the fixture's provider prefix; an unknown prefix fails the test. */
function mapperFor(file: string): (body: string) => MapResult {
  const json = (map: (b: unknown) => MapResult) => (body: string) => map(JSON.parse(body));
  if (file.startsWith('openalex-')) return json(mapOpenAlexResponse);
  if (file.startsWith('crossref-')) return json(mapCrossrefResponse);
  if (file.startsWith('semanticscholar-')) return json(mapSemanticScholarResponse);
  if (file.startsWith('core-')) return json(mapCoreResponse);
  if (file.startsWith('openlibrary-')) return json(mapOpenLibraryResponse);
  if (file.startsWith('arxiv-')) return mapArxivResponse;
  throw new Error(`no mapper for ${file}`);
}

/** How many records a response holds, counted independently of the mappers. */
function recordCount(file: string, body: string): number {
  if (file.startsWith('arxiv-')) return (body.match(/<entry\b/g) ?? []).length;
  const data = JSON.parse(body);
  if (Array.isArray(data)) return data.length;
  for (const list of [data.results, data.data, data.docs, data.message?.items]) if (Array.isArray(list)) return list.length;
  return 1;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every word of every field must occur in the raw response: the mappers never invent. */
function assertFromRecord(found: FoundReference, rawWords: Set<string>) {
  const fields = [found.title, found.publisher, found.description, String(found.year ?? ''), found.doi ?? '', ...found.authors];
  for (const field of fields) {
    for (const word of words(field)) expect(rawWords.has(word), `"${word}" of "${field.slice(0, 80)}"`).toBe(true);
  }
}

describe('reference mappers on every recorded API response', () => {
  it('covers every fixture file', () => {
    expect(fixtureFiles.length).toBeGreaterThanOrEqual(14);
    for (const file of fixtureFiles) expect(() => mapperFor(file)).not.toThrow();
  });

  for (const file of fixtureFiles) {
    it(`maps ${file}: each record becomes a valid Reference or is skipped with a reason`, () => {
      const body = readFileSync(path.join(fixturesDir, file), 'utf8');
      const result = mapperFor(file)(body);
      expect(result.references.length + result.skipped.length).toBe(recordCount(file, body));
      for (const skip of result.skipped) expect(skip.reason).toMatch(/\w{3,}/);
      const raw = file.startsWith('arxiv-') ? body : JSON.stringify(JSON.parse(body));
      // Inline tags (<italic>R</italic>) join the words around them once stripped.
      const rawWords = new Set([...words(raw), ...words(stripMarkup(raw.replace(/\\n/g, ' ')))]);
      result.references.forEach((found, i) => {
        const reference = referenceSchema.parse(toReference(found, i + 1));
        expect(reference.title.trim()).not.toBe('');
        expect(reference.approved).toBe(false);
        expect(reference.description).not.toMatch(/<\/?[a-z:]+[^>]*>/i);
        if (reference.url) expect(reference.url).toMatch(/^https?:\/\/\S+$/);
        if (reference.doi) expect(reference.doi).toMatch(/^10\.\d{4,9}\/\S+$/);
        assertFromRecord(found, rawWords);
      });
    });
  }
});

describe('OpenAlex mapper', () => {
  const body = JSON.parse(readFileSync(path.join(fixturesDir, 'openalex-works-search-peneira.json'), 'utf8'));

  it('rebuilds abstracts from the inverted index in word order', () => {
    expect(rebuildAbstract({ world: [1], hello: [0, 2] })).toBe('hello world hello');
    const result = mapOpenAlexResponse(body);
    const first = result.references[0];
    expect(first.title).toMatch(/^Redefining climate regions/);
    const index = body.results[0].abstract_inverted_index as Record<string, number[]>;
    const firstWord = Object.entries(index).find(([, p]) => p.includes(0))?.[0];
    expect(first.description.startsWith(`${firstWord} `)).toBe(true);
    expect(first.doi).toBe('10.4081/gh.2014.294');
    expect(first.year).toBe(2014);
    expect(first.publisher).toBe('Geospatial Health');
    expect(first.authors[0]).toBe('Alexander Liss');
  });

  it('skips peer-review records and keeps works without a DOI', () => {
    const result = mapOpenAlexResponse(body);
    const reasons = result.skipped.map((s) => s.reason);
    expect(reasons.filter((r) => /peer-review/.test(r))).toHaveLength(3);
    const noDoi = result.references.filter((r) => !r.doi);
    expect(noDoi.length).toBeGreaterThanOrEqual(2);
    for (const r of noDoi) expect(r.url).toMatch(/^https:\/\//);
  });
});

describe('Crossref mapper', () => {
  const read = (f: string) => JSON.parse(readFileSync(path.join(fixturesDir, f), 'utf8'));

  it('strips JATS from abstracts and drops the "Abstract" heading', () => {
    const result = mapCrossrefResponse(read('crossref-works-query-ecology-author-boettiger-habanero.json'));
    const withAbstract = result.references.filter((r) => r.description);
    expect(withAbstract.length).toBeGreaterThanOrEqual(15);
    for (const r of withAbstract) {
      expect(r.description).not.toMatch(/jats|<|>/);
      expect(r.description).not.toMatch(/^Abstract\b/);
    }
    const forecast = result.references.find((r) => r.title === 'The forecast trap');
    expect(forecast?.doi).toBe('10.1111/ele.14024');
    expect(forecast?.publisher).toBe('Ecology Letters');
    expect(forecast?.authors.some((a) => /Boettiger/.test(a))).toBe(true);
  });

  it('reads a single work, and CSL-JSON where title is a string', () => {
    const single = mapCrossrefResponse(read('crossref-work-single-doi-habanero.json')).references[0];
    expect(single.doi).toBe('10.1371/journal.pone.0033693');
    expect(single.year).toBe(2012);
    expect(single.authors[0]).toBe('Shankar Sadasivan');
    const csl = mapCrossrefResponse(read('crossref-transform-csl-json-habanero.json')).references[0];
    expect(csl.title.startsWith('The Structure of Ordinary Water')).toBe(true);
    expect(csl.year).toBe(1970);
    expect(csl.publisher).toBe('Science');
    expect(csl.authors[0]).toBe('Henry S. Frank');
  });

  it('rejects an error envelope', () => {
    expect(() => mapCrossrefResponse({ status: 'failed', message: [] })).toThrow(/unexpected/);
  });
});

describe('other mappers', () => {
  const read = (f: string) => readFileSync(path.join(fixturesDir, f), 'utf8');

  it('Semantic Scholar: null batch entries are skipped, placeholder ids are not kept', () => {
    const batch = mapSemanticScholarResponse(JSON.parse(read('semanticscholar-paper-batch-fullfields-sspy.json')));
    expect(batch.skipped[0]).toEqual({ index: 0, reason: 'unknown paper id (null in a batch answer)' });
    const bulk = mapSemanticScholarResponse(JSON.parse(read('semanticscholar-paper-search-bulk-peneira-docsample.json')));
    for (const r of bulk.references) expect(r.arxivId).toBeUndefined();
    const turing = mapSemanticScholarResponse(JSON.parse(read('semanticscholar-paper-single-fullfields-sspy.json'))).references[0];
    expect(turing).toMatchObject({
      title: 'Computing Machinery and Intelligence',
      year: 1950,
      doi: '10.1093/mind/lix.236.433',
      publisher: 'Mind',
    });
  });

  it('CORE: "Family, Given" names turned around, journal title preferred, quoted publishers unquoted', () => {
    const result = mapCoreResponse(JSON.parse(read('core-v3-search-works-peneira.json')));
    expect(result.references[0].authors[0]).toBe('Seven Johannes Sam Aghdassi');
    const publishers = result.references.map((r) => r.publisher);
    expect(publishers).toContain('Springer Science and Business Media LLC');
    expect(publishers).toContain('Bulletin of the World Health Organization');
  });

  it('Open Library: ISBNs validated, 13-digit form preferred', () => {
    const result = mapOpenLibraryResponse(JSON.parse(read('openlibrary-search-json-denver-whether-sweater.json')));
    expect(result.references).toHaveLength(5);
    expect(result.references[0]).toMatchObject({ title: 'Denver, Co', isbn: '9780762507849', publisher: 'Universal Map Enterprises' });
    expect(result.references[0].url).toBe('https://openlibrary.org/isbn/9780762507849');
  });

  it('arXiv Atom: entry fields, multi-line title joined, journal ref as venue', () => {
    const [entry] = mapArxivResponse(read('arxiv-api-query-all-electron-max1-docs.xml')).references;
    expect(entry).toMatchObject({
      title: 'Multi-Electron Production at High Transverse Momenta in ep Collisions at HERA',
      authors: ['H1 Collaboration'],
      year: 2003,
      publisher: 'Eur.Phys.J. C31 (2003) 17-29',
      arxivId: 'hep-ex/0307015',
      url: 'http://arxiv.org/abs/hep-ex/0307015v1',
    });
    expect(() => mapArxivResponse('{"not":"xml"}')).toThrow(/Atom/);
  });
});
