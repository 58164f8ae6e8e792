import { clip, emptyFound, toYear, type FoundReference } from '../found-reference';
import { isDoi, normalizeDoi } from '../identifiers';
import { decodeEntities } from '@common/textbook-ops/html';
import { mapRecords, UnexpectedResponseError, type MapResult } from './map-result';

/**
 * arXiv's API answers Atom XML. The feed is flat and regular (entries of
 * simple elements), so a small reader is enough and no XML dependency is added.
 */
function elements(xml: string, tag: string): string[] {
  const name = tag.replace(':', '\\:');
  const pattern = new RegExp(`<${name}\\b[^>]*?(?:/>|>([\\s\\S]*?)</${name}>)`, 'g');
  return [...xml.matchAll(pattern)].map((m) => m[0]);
}

function inner(element: string): string {
  const m = /^<[^>]*>([\s\S]*)<\/[^>]+>$/.exec(element);
  return m
    ? decodeEntities(m[1].replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'))
        .replace(/\s+/g, ' ')
        .trim()
    : '';
}

function text(xml: string, tag: string): string {
  const first = elements(xml, tag)[0];
  return first ? inner(first) : '';
}

function attribute(element: string, name: string): string {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(element);
  return m ? decodeEntities(m[1]) : '';
}

export function mapArxivEntry(entry: string): FoundReference | string {
  const idUrl = text(entry, 'id');
  const title = text(entry, 'title');
  // A malformed query comes back as one entry titled "Error" whose summary says why.
  if (title === 'Error' && /api\/errors/.test(idUrl)) return `arXiv error entry: ${text(entry, 'summary')}`;
  if (!title) return 'no title';
  const found = emptyFound('arxiv');
  found.title = title;
  found.authors = elements(entry, 'author')
    .map((a) => text(a, 'name'))
    .filter(Boolean);
  found.year = toYear(text(entry, 'published'));
  found.publisher = text(entry, 'arxiv:journal_ref') || 'arXiv';
  const doi = text(entry, 'arxiv:doi');
  if (doi && isDoi(doi)) found.doi = normalizeDoi(doi);
  const id = /arxiv\.org\/abs\/(.+?)(v\d+)?$/.exec(idUrl)?.[1];
  if (id) found.arxivId = id;
  const alternate = elements(entry, 'link').find((l) => attribute(l, 'rel') === 'alternate');
  found.url = (alternate && attribute(alternate, 'href')) || idUrl;
  const summary = text(entry, 'summary');
  if (summary) found.description = clip(summary);
  if (id) found.externalId = `arXiv:${id}`;
  return found;
}

export function mapArxivResponse(body: string): MapResult {
  if (!/<feed\b/.test(body)) throw new UnexpectedResponseError('arXiv', 'not an Atom feed');
  return mapRecords(elements(body, 'entry'), mapArxivEntry);
}
