import { describe, expect, it } from 'vitest';
import { findArxivIds, findDois, findIsbns, findUrls, isValidIsbn, normalizeDoi } from './identifiers';
import { stripMarkup } from './markup';

describe('identifiers in text', () => {
  it('DOIs: normalized, sentence punctuation and unbalanced parentheses dropped, inner ones kept', () => {
    expect(findDois('(see https://doi.org/10.1016/S2589-7500(22)00097-8).')).toEqual(['10.1016/s2589-7500(22)00097-8']);
    expect(findDois('doi:10.1371/journal.pone.0033693, and 10.1093/MIND/LIX.236.433.')).toEqual([
      '10.1371/journal.pone.0033693',
      '10.1093/mind/lix.236.433',
    ]);
    expect(normalizeDoi('https://dx.doi.org/10.1/ABC')).toBe('10.1/abc');
    expect(findDois('version 10.5 of the tool')).toEqual([]);
  });

  it('arXiv ids: new and old style, only with an arXiv marker', () => {
    expect(findArxivIds('arXiv:2304.04761v2 and arxiv.org/abs/hep-ex/0307015 but not 2304.04761 alone')).toEqual([
      '2304.04761',
      'hep-ex/0307015',
    ]);
  });

  it('ISBNs: ISBN-10 with X and ISBN-13 checksums', () => {
    expect(isValidIsbn('0-8044-2957-X')).toBe(true);
    expect(isValidIsbn('9780762507849')).toBe(true);
    expect(isValidIsbn('9780762507848')).toBe(false);
    expect(findIsbns('ISBN-13: 978-0-7625-0784-9; ISBN 0762507845; ISBN 1234567890')).toEqual(['9780762507849', '0762507845']);
  });

  it('URLs: trailing punctuation dropped, bare hosts without a dot ignored', () => {
    expect(findUrls('Visit http://www.spec.org/jvm98/. Or www.mozilla.com, or http://localhost')).toEqual([
      'http://www.spec.org/jvm98/',
      'www.mozilla.com',
    ]);
  });
});

describe('markup', () => {
  it('strips JATS and HTML, keeps comparison signs, decodes entities', () => {
    expect(
      stripMarkup('<jats:title>Abstract</jats:title><jats:p>When a &lt; b and c &gt; d, <jats:italic>R</jats:italic> &amp; co.</jats:p>'),
    ).toBe('When a < b and c > d, R & co.');
  });
});
