import { describe, expect, it } from 'vitest';
import { yamlReferences } from '../markdown/pandoc-citations';
import { parseCslJson } from './csl-json';

/** The same three items, as a CSL-JSON file and as CSL YAML in a page's front matter. */
const json = JSON.stringify([
  {
    id: 'Parr2010',
    type: 'book',
    author: [{ given: 'Terence', family: 'Parr' }],
    issued: { 'date-parts': [[2010]] },
    title: 'Language Implementation Patterns',
    publisher: 'Pragmatic Bookshelf',
  },
  {
    id: 'Handbook2019',
    type: 'book',
    editor: [{ family: 'Smith', given: 'Ann' }, { literal: 'The Editors' }],
    issued: { raw: '2019-03' },
    title: 'A Handbook',
    'container-title': 'Series of Handbooks',
  },
  { id: 'Anon', type: 'webpage', title: 'A page without authors', issued: '2021' },
]);
const yaml = [
  'title: "Notes"',
  'references:',
  '- id: Parr2010',
  '  type: book',
  '  author:',
  '  - given: Terence',
  '    family: Parr',
  '  issued:',
  '    date-parts:',
  '    - [2010]',
  '  title: "Language Implementation Patterns"',
  '  publisher: Pragmatic Bookshelf',
  '- id: Handbook2019',
  '  type: book',
  '  editor:',
  '  - family: Smith',
  '    given: Ann',
  '  - literal: The Editors',
  '  issued: 2019-03',
  "  title: 'A Handbook'",
  '  container-title: Series of Handbooks',
  '- id: Anon',
  '  type: webpage',
  '  title: A page without authors',
  '  issued:',
  '    year: 2021',
  'lang: en',
].join('\n');

describe('one mapping from CSL to a bibliography entry, whether the items come as JSON or as YAML', () => {
  it('gives the same entries for the same items', () => {
    const fromJson = parseCslJson(json);
    expect(fromJson.map((e) => e.id)).toEqual(['Parr2010', 'Handbook2019', 'Anon']);
    expect(yamlReferences(yaml)).toEqual(fromJson);
  });

  it('reads a YAML name written given-first and an edited book by its editors, as a JSON file gives them', () => {
    const [parr, handbook, anon] = yamlReferences(yaml);
    expect(parr).toMatchObject({ authors: ['Parr'], fullNames: ['Parr, Terence'], year: '2010' });
    expect(handbook).toMatchObject({ authors: ['Smith', 'The Editors'], fullNames: ['Smith, Ann', 'The Editors'], year: '2019' });
    expect(handbook.container).toBe('Series of Handbooks');
    expect(anon).toEqual({ id: 'Anon', authors: [], year: '2021', title: 'A page without authors' });
  });
});
