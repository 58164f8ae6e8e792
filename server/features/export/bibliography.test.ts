import { describe, expect, it } from 'vitest';
import { inlineText } from '@common/book-render/book-model';
import { referenceSchema } from '@common/textbook';
import { formatBibliography } from './bibliography';

const ref = (fields: Record<string, unknown>) => referenceSchema.parse({ approved: true, ...fields });
const texts = (refs: ReturnType<typeof ref>[]) =>
  formatBibliography(refs).map((b) => (b.kind === 'paragraph' ? inlineText(b.content) : ''));

describe('formatBibliography (citation-js, APA)', () => {
  it('prints authors, year, title, venue and DOI of each approved reference', () => {
    const [entry] = texts([
      ref({
        title: 'A mathematical theory of communication',
        authors: 'Claude E. Shannon',
        year: 1948,
        publisher: 'Bell System Technical Journal',
        doi: '10.1002/j.1538-7305.1948.tb01338.x',
      }),
    ]);
    expect(entry).toBe(
      'Shannon, C. E. (1948). A mathematical theory of communication. Bell System Technical Journal. https://doi.org/10.1002/j.1538-7305.1948.tb01338.x',
    );
  });

  it('never prints "Reference N": an entry without author or title shows the citation as written, or its link alone', () => {
    const entries = texts([
      ref({ title: 'Reference 2', doi: '10.2307/2112583' }),
      ref({ title: 'Reference 3', description: 'Granovetter, M. (1973). The strength of weak ties. AJS 78(6).' }),
      ref({ title: '', authors: '' }),
      ref({ title: 'Not approved', authors: 'Nobody', approved: false }),
    ]);
    expect(entries).toEqual(['https://doi.org/10.2307/2112583', 'Granovetter, M. (1973). The strength of weak ties. AJS 78(6).']);
    for (const e of entries) expect(e).not.toMatch(/Reference \d|n\.d\./);
    const [link] = formatBibliography([ref({ title: 'Reference 2', doi: '10.2307/2112583' })]);
    expect(link).toMatchObject({ content: [{ text: 'https://doi.org/10.2307/2112583', href: 'https://doi.org/10.2307/2112583' }] });
  });

  it('formats an entry with authors but no title from what it has', () => {
    const [entry] = texts([ref({ title: 'Reference 1', authors: 'Jane Doe', year: 2001, url: 'https://example.org/doe' })]);
    expect(entry).toContain('Doe, J. (2001)');
    expect(entry).not.toContain('Reference 1');
  });
});
