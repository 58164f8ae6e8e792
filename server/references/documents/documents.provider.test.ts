import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import type { FoundReference } from '../found-reference';
import { locateBibliography, splitBibliography } from './bibliography-section';
import { parseCitation } from './citation-parser';
import { citationToFound, findDocumentReferences, parseBibliography } from './documents.provider';
import { rawPdfText } from '@server/test/ingest/pdf-text.support';
import { fixturePath } from '@server/test/fixture-path.support';

/** Letters and digits only: line breaks, hyphenation and spacing do not decide whether text is "in the document". */
const squash = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

function assertAllFromDocument(refs: FoundReference[], documentText: string) {
  const haystack = squash(documentText);
  for (const ref of refs) {
    const fields = [ref.title, ref.publisher, ref.description, String(ref.year ?? ''), ref.doi ?? '', ...ref.authors];
    for (const field of fields) if (field) expect(haystack.includes(squash(field)), `"${field}" is not in the document`).toBe(true);
    if (ref.url && !ref.doi && !ref.arxivId && !ref.isbn) {
      expect(haystack.includes(squash(ref.url.replace(/^http:\/\/(?=www\.)/, ''))), `url ${ref.url}`).toBe(true);
    }
  }
}

/**
 * The ground truth, read from the printed text independently of the parser:
 * entries are the "[n]" markers after the References heading; an entry
 * "has authors and a year" when it opens with an initial ("A. Aho") and
 * prints a year.
 */
function printedEntries(text: string): Array<{ n: number; text: string; hasAuthorsAndYear: boolean }> {
  const section = text.slice(text.lastIndexOf('\nReferences\n'));
  const parts = section.split(/^\[(\d+)\]\s*/m).slice(1);
  const entries = [];
  for (let i = 0; i < parts.length; i += 2) {
    const body = parts[i + 1];
    entries.push({ n: Number(parts[i]), text: body, hasAuthorsAndYear: /^\p{Lu}\.\s/u.test(body) && /\b(19|20)\d\d\b/.test(body) });
  }
  return entries;
}

describe('bibliography of tracemonkey.pdf (raw pdfjs text)', () => {
  let text: string;
  let refs: FoundReference[];
  beforeAll(async () => {
    text = await rawPdfText('tracemonkey.pdf');
    refs = findDocumentReferences([{ text, blocks: [] }]);
  });

  it('finds every printed entry and parses at least 80% of those with authors and a year completely', () => {
    const printed = printedEntries(text);
    expect(printed.map((e) => e.n)).toEqual(printed.map((_, i) => i + 1));
    const cited = parseBibliography({ text, blocks: [] }).map(citationToFound);
    expect(cited.length).toBe(printed.length);
    const withAuthors = printed.filter((e) => e.hasAuthorsAndYear);
    expect(withAuthors.length).toBeGreaterThanOrEqual(10);
    const complete = withAuthors.filter((entry) => {
      const ref = cited.find((r) => squash(entry.text).startsWith(squash(r.description).slice(0, 40)));
      return ref && ref.authors.length > 0 && typeof ref.year === 'number' && ref.title.length > 5;
    });
    expect(complete.length / withAuthors.length).toBeGreaterThanOrEqual(0.8);
    // Every one of them is found in the references the provider offers.
    for (const ref of cited) expect(refs).toContainEqual(ref);
    // Entries without a person as author (web pages) still come out with a title or a URL.
    for (const ref of cited) expect(ref.title || ref.url).toBeTruthy();
  });

  it('takes nothing that is not in the document', () => {
    expect(refs.length).toBeGreaterThan(0);
    assertAllFromDocument(refs, text);
  });

  it('splits one entry into its parts exactly', () => {
    const hotpath = refs.find((r) => r.title.startsWith('HotpathVM'));
    expect(hotpath).toMatchObject({
      title: 'HotpathVM: An effective JIT compiler for resource-constrained devices',
      authors: ['A. Gal', 'C. W. Probst', 'M. Franz'],
      year: 2006,
      publisher: 'Proceedings of the International Conference on Virtual Execution Environments',
    });
    const luajit = refs.find((r) => r.url.includes('lua-users.org'));
    expect(luajit).toMatchObject({
      title: 'LuaJIT roadmap 2008',
      url: 'http://lua-users.org/lists/lua-l/2008-02/msg00051.html',
      authors: [],
    });
    expect(luajit?.year).toBeUndefined();
  });
});

const ingestExtractor = path.resolve(process.cwd(), 'server/ingest/pdf/pdf-extract.ts');

describe.runIf(existsSync(ingestExtractor))('bibliography of tracemonkey.pdf through the ingest extractor', () => {
  it('parses the ExtractedDocument the ingest step produces, inventing nothing', async () => {
    const { extractPdf } = (await import(ingestExtractor)) as { extractPdf(data: Uint8Array, name: string): Promise<ExtractedDocument> };
    const data = new Uint8Array(readFileSync(fixturePath('pdf/tracemonkey.pdf')));
    const doc = await extractPdf(data, 'tracemonkey.pdf');
    const refs = findDocumentReferences([doc]);
    const complete = refs.filter((r) => r.authors.length && typeof r.year === 'number' && r.title);
    expect(complete.length).toBeGreaterThanOrEqual(11);
    assertAllFromDocument(refs, doc.text);
  });
});

describe('a PDF whose fonts extract as garbage (TAMReview.pdf)', () => {
  it('finds the Bibliography heading but offers no reference made of garbage', async () => {
    const text = await rawPdfText('TAMReview.pdf');
    expect(locateBibliography(text)).toBeDefined();
    const refs = findDocumentReferences([{ text, blocks: [] }]);
    for (const ref of refs) {
      expect(ref.title === '' || /\p{L}{3}/u.test(ref.title)).toBe(true);
      expect(ref.description).not.toMatch(/[\x00-\x08\x0e-\x1f]/);
    }
    assertAllFromDocument(refs, text);
  });
});

describe('citation styles', () => {
  it('APA: reversed names, year in parentheses, DOI', () => {
    const c = parseCitation(
      'Gal, A., Eich, B., & Franz, M. (2009). Trace-based just-in-time type specialization for dynamic languages. In Proceedings of PLDI (pp. 465–478). ACM. https://doi.org/10.1145/1542476.1542528',
    );
    expect(c).toMatchObject({
      authors: ['Gal, A.', 'Eich, B.', 'Franz, M.'],
      year: 2009,
      title: 'Trace-based just-in-time type specialization for dynamic languages',
      venue: 'Proceedings of PLDI',
      doi: '10.1145/1542476.1542528',
    });
  });

  it('numbered "1." entries and hyphenated line breaks', () => {
    const section =
      '1. Turing, A. M. (1950). Computing machinery and intel-\nligence. Mind, 59(236), 433–460.\n2. Shannon, C. E. (1948). A mathematical theory of communication. Bell System Technical Journal, 27, 379–423.';
    const entries = splitBibliography(section);
    expect(entries).toHaveLength(2);
    expect(parseCitation(entries[0])).toMatchObject({ title: 'Computing machinery and intelligence', venue: 'Mind', year: 1950 });
    expect(parseCitation(entries[1])).toMatchObject({ authors: ['Shannon, C. E.'], venue: 'Bell System Technical Journal' });
  });

  it('unnumbered entries separated by the start of the next author', () => {
    const section =
      'Aho, A., Sethi, R. (1986). Compilers. Addison-Wesley.\nKnuth, D. E. (1968). The Art of Computer\nProgramming. Addison-Wesley.';
    const entries = splitBibliography(section);
    expect(entries).toHaveLength(2);
    expect(parseCitation(entries[1])?.title).toBe('The Art of Computer Programming');
  });

  it('author-year labels (apalike, "[Name et al., 1999]"): the label is no part of the title, and a label after a full stop starts an entry', () => {
    const section =
      '[Brown and Green, 1999] Brown, S. (1999). A tour of signal processing. Academic Press.\n' +
      '[Fourier, 1807] Fourier, J. B. J. (1807). Mémoire sur la propagation de la chaleur. [Haykin and Van Veen, 2007] Haykin, S. and\n' +
      'Van Veen, B. (2007). Signals and systems. John Wiley & Sons.\n' +
      '[Mallat et al., 2015] Mallat, S., Moulines, E., and Roueff, F. (2015). Traitement du signal. École Polytechnique.';
    const entries = splitBibliography(section);
    expect(entries.map((e) => parseCitation(e)?.title)).toEqual([
      'A tour of signal processing',
      'Mémoire sur la propagation de la chaleur',
      'Signals and systems',
      'Traitement du signal',
    ]);
    expect(parseCitation(entries[0])).toMatchObject({ authors: ['Brown, S.'], year: 1999 });
    // The text names a listed work beside another work's link: the work is listed once, by its entry.
    const text =
      'The original notes and their version by a colleague (https://example.org/notes). Second the "Traitement du signal" course is a good read.\n\nReferences\n\n' +
      section;
    const refs = findDocumentReferences([{ text, blocks: [] }]);
    expect(refs.filter((r) => r.title === 'Traitement du signal')).toHaveLength(1);
  });

  it('finds identifiers in running text: DOIs, arXiv ids, valid ISBNs only', () => {
    const text =
      'As shown in doi:10.1000/xyz123, and arXiv:2106.01234v2. The book ISBN 978-0-306-40615-7 is valid; ISBN 978-0-306-40615-8 is not. See https://example.org/page.';
    const refs = findDocumentReferences([{ text, blocks: [] }]);
    // A bare link ("See https://example.org/page.") names no work: it is no reference.
    expect(refs.map((r) => r.doi ?? r.arxivId ?? r.isbn ?? r.url)).toEqual(['10.1000/xyz123', '2106.01234', '9780306406157']);
    for (const r of refs) expect(r.title).toBe('');
  });

  it('lists a book once when the line gives both its ISBN-10 and its ISBN-13', () => {
    const text =
      'Textbook:\n“Practical Methods of Signal Processing” Ann Author Example Press, 2011 ISBN-10: 0306406152 | ISBN-13: 978-0306406157';
    const refs = findDocumentReferences([{ text, blocks: [] }]);
    expect(refs.map((r) => r.isbn)).toEqual(['0306406152']);
    expect(refs[0].title).toBe('Practical Methods of Signal Processing');
  });
});
