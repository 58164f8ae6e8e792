import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { describeChanges, formatDescription, mergePhrases } from './textbook-changes';

function book(): TextbookContent {
  return {
    title: 'Chemistry',
    references: [],
    chapters: [
      {
        id: 'c1',
        title: 'Atoms',
        content: '<p>a</p>',
        sections: [
          { id: 's1', title: 'Protons', content: '<p>p</p>' },
          { id: 's2', title: 'Electrons', content: '<p>e</p>' },
        ],
      },
      { id: 'c2', title: 'Bonds', content: '<p>b</p>', sections: [{ id: 's3', title: 'Covalent', content: '<p>c</p>' }] },
      { id: 'c3', title: 'Reactions', content: '<p>r</p>', sections: [] },
    ],
  };
}

function after(edit: (c: TextbookContent) => void): string[] {
  const next = structuredClone(book());
  edit(next);
  return describeChanges(book(), next);
}

describe('describeChanges', () => {
  it('names an edited section, chapter intro, and renamed chapter by its number', () => {
    expect(after((c) => (c.chapters[0].sections[1].content = '<p>new</p>'))).toEqual(['Edited section "Electrons"']);
    expect(after((c) => (c.chapters[1].content = '<p>new</p>'))).toEqual(['Edited chapter "Bonds"']);
    expect(after((c) => (c.chapters[2].title = 'Chemical reactions'))).toEqual(['Renamed chapter 3 to "Chemical reactions"']);
    expect(after((c) => (c.chapters[0].sections[0].title = 'The proton'))).toEqual(['Renamed section "Protons" to "The proton"']);
  });

  it('names added and deleted chapters and sections, without repeating sections of a deleted chapter', () => {
    expect(after((c) => c.chapters.push({ id: 'c4', title: 'Acids', content: '', sections: [] }))).toEqual(['Added chapter "Acids"']);
    expect(after((c) => c.chapters.splice(0, 1))).toEqual(['Deleted chapter "Atoms"']);
    expect(after((c) => c.chapters[1].sections.push({ id: 's9', title: 'Ionic', content: '' }))).toEqual(['Added section "Ionic"']);
    expect(after((c) => c.chapters[0].sections.splice(0, 1))).toEqual(['Deleted section "Protons"']);
  });

  it('says when chapters or sections were reordered or a section moved', () => {
    expect(after((c) => c.chapters.reverse())).toEqual(['Reordered chapters']);
    expect(after((c) => c.chapters[0].sections.reverse())).toEqual(['Reordered sections in chapter "Atoms"']);
    expect(
      after((c) => {
        const [s] = c.chapters[0].sections.splice(0, 1);
        c.chapters[2].sections.push(s);
      }),
    ).toEqual(['Moved section "Protons" to chapter "Reactions"']);
  });

  it('counts instead of naming when many parts of one kind changed', () => {
    const next = structuredClone(book());
    for (let i = 0; i < 5; i++) next.chapters[2].sections.push({ id: `n${i}`, title: `New ${i}`, content: '' });
    expect(describeChanges(book(), next)).toEqual(['Added 5 sections']);
  });

  it('notes the title, topic and references', () => {
    const next = structuredClone(book());
    next.title = 'Organic chemistry';
    next.references = [{ title: 'Clayden', description: '', authors: '', year: 2012, publisher: '', url: '', approved: true }];
    expect(describeChanges(book(), next, { before: 'Chem', after: 'Organic' })).toEqual([
      'Changed the topic to "Organic"',
      'Renamed the textbook to "Organic chemistry"',
      'Updated references',
    ]);
  });

  it('does not call references updated when only key order, defaults or the year type differ', () => {
    const stored = structuredClone(book());
    stored.references = [
      {
        doi: '10.1038/199947a0',
        key: 'vine1963',
        url: 'https://doi.org/10.1038/199947a0',
        title: 'Magnetic anomalies over oceanic ridges',
        authors: 'Vine, F. J., & Matthews, D. H.',
        year: 1963,
        publisher: 'Nature',
        description: '',
        approved: true,
      },
    ];
    const sentBack = structuredClone(stored);
    // What the client sends back: other key order, year as text, empty optional fields left out.
    sentBack.references = [
      JSON.parse(
        '{"title":"Magnetic anomalies over oceanic ridges","authors":"Vine, F. J., & Matthews, D. H.","year":"1963","publisher":"Nature","url":"https://doi.org/10.1038/199947a0","approved":true,"doi":"10.1038/199947a0","key":"vine1963"}',
      ),
    ];
    expect(JSON.stringify(stored.references)).not.toBe(JSON.stringify(sentBack.references));
    expect(describeChanges(stored, sentBack)).toEqual([]);

    const approvedChanged = structuredClone(sentBack);
    approvedChanged.references[0].approved = false;
    expect(describeChanges(stored, approvedChanged)).toEqual(['Updated references']);
    const reordered = structuredClone(stored);
    reordered.references.push({ title: 'Second', description: '', authors: '', year: '', publisher: '', url: '', approved: false });
    const swapped = structuredClone(reordered);
    swapped.references.reverse();
    expect(describeChanges(reordered, swapped)).toEqual(['Updated references']);
  });

  it('says nothing when nothing changed', () => {
    expect(describeChanges(book(), structuredClone(book()))).toEqual([]);
  });
});

describe('formatDescription and mergePhrases', () => {
  it('joins phrases, says who, and cuts long lists', () => {
    expect(formatDescription(['Reordered chapters'], 'alice')).toBe('Reordered chapters (by alice)');
    expect(formatDescription(['a', 'b', 'c', 'd', 'e', 'f'], 'bob')).toBe('a; b; c; and 3 more changes (by bob)');
    expect(formatDescription([], 'bob')).toBe('Saved without changes (by bob)');
  });

  it('merges coalesced phrases without repeats, keeping order', () => {
    expect(mergePhrases(['Edited section "A"', 'Reordered chapters'], ['Edited section "A"', 'Added chapter "B"'])).toEqual([
      'Edited section "A"',
      'Reordered chapters',
      'Added chapter "B"',
    ]);
  });
});
