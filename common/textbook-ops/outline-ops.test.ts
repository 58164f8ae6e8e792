import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import {
  addChapter,
  addSection,
  mergeSections,
  moveChapter,
  newChapterId,
  removeSection,
  splitSection,
  updateSection,
} from '@common/textbook-ops';
import { decodeEntities, escapeHtml, htmlBlocks, paragraph } from '@common/textbook-ops/html';

const book = (): TextbookContent => ({
  title: 'Physics',
  chapters: [
    {
      id: 'c1',
      title: 'Motion',
      content: '<p>Intro</p>',
      sections: [
        { id: 's1', title: 'Speed', content: '<p>One.</p><p>Two.</p>' },
        { id: 's2', title: 'Force', content: '<p>F</p>' },
      ],
    },
    { id: 'c2', title: 'Energy', content: '<p>E</p>', sections: [] },
  ],
  references: [],
});

describe('outline operations', () => {
  it('adds a chapter with a fresh id and "Introduction to {title}", at a position or at the end', () => {
    const input = book();
    const end = addChapter(input, { title: ' Waves & <Sound> ' });
    expect(end.ok && end.content.chapters[2]).toMatchObject({
      title: 'Waves & <Sound>',
      content: '<p>Introduction to Waves &amp; &lt;Sound&gt;</p>',
      sections: [],
    });
    expect(end.ok && end.content.chapters[2].id).toMatch(/^c_[0-9a-f]{16}$/);
    const first = addChapter(input, { title: 'Units', position: 0 });
    expect(first.ok && first.content.chapters.map((c) => c.title)).toEqual(['Units', 'Motion', 'Energy']);
    expect(addChapter(input, { title: '  ' })).toEqual({ ok: false, reason: 'A new chapter needs a title.' });
    expect(input.chapters).toHaveLength(2);
  });

  it('adds, removes, splits and merges sections by index, keeping every word', () => {
    const added = addSection(book(), 1, { title: 'Work', content: '<p>W</p>' });
    expect(added.ok && added.content.chapters[1].sections[0]).toMatchObject({ title: 'Work', content: '<p>W</p>' });
    expect(addSection(book(), 5, { title: 'X' })).toMatchObject({
      ok: false,
      reason: 'There is no chapter 6: the outline has 2 chapters.',
    });
    const split = splitSection(book(), 0, 0);
    expect(split.ok && split.content.chapters[0].sections.map((s) => [s.title, s.content])).toEqual([
      ['Speed (Part 1)', '<p>One.</p>'],
      ['Speed (Part 2)', '<p>Two.</p>'],
      ['Force', '<p>F</p>'],
    ]);
    const merged = mergeSections(book(), 0, 1, 0);
    expect(merged.ok && merged.content.chapters[0].sections).toEqual([
      { id: 's1', title: 'Speed and Force', content: '<p>One.</p><p>Two.</p><p>F</p>' },
    ]);
    const removed = removeSection(book(), 0, 1);
    expect(removed.ok && removed.summary).toBe('Removed section "Force" from chapter 1.');
    expect(moveChapter(book(), 0, 0)).toEqual({ ok: false, reason: 'Chapter 1 is already in that place.' });
    expect(newChapterId()).not.toBe(newChapterId());
  });
});

describe('updateSection', () => {
  it('replaces title and body, keeps the id, and refuses an empty title or a section that is not there', () => {
    const input = book();
    const result = updateSection(input, 0, 1, { title: ' Forces ', content: '<p>F = ma</p>' });
    expect(result.ok && result.content.chapters[0].sections[1]).toEqual({ id: 's2', title: 'Forces', content: '<p>F = ma</p>' });
    expect(input.chapters[0].sections[1].title).toBe('Force');
    expect(updateSection(input, 0, 1, { title: '  ', content: '' })).toEqual({ ok: false, reason: 'Section title cannot be empty.' });
    expect(updateSection(input, 1, 0, { title: 'X', content: '' }).ok).toBe(false);
  });
});

describe('HTML helpers', () => {
  it('escapes and decodes entities and splits top-level blocks losslessly', () => {
    expect(escapeHtml(`a<b>&"'`)).toBe('a&lt;b&gt;&amp;&quot;&#39;');
    expect(decodeEntities('&lt;p&gt; &amp; &#x41;&#66; &nbsp;&bogus;')).toBe('<p> & AB  &bogus;');
    expect(paragraph('x<y')).toBe('<p>x&lt;y</p>');
    expect(htmlBlocks('<p>a</p>loose<ul><li>b</li></ul><br><img src="i.png">')).toEqual([
      '<p>a</p>',
      'loose',
      '<ul><li>b</li></ul>',
      '<img src="i.png">',
    ]);
  });
});

describe('decodeEntities', () => {
  it('decodes the accented letters German and French pages write as entities, each in its own case', () => {
    expect(decodeEntities('nat&uuml;rlich, &Auml;quivalenz, gro&szlig;, &Eacute;t&eacute;, &ccedil;a, c&oelig;ur, &laquo;x&raquo;')).toBe(
      'natürlich, Äquivalenz, groß, Été, ça, cœur, «x»',
    );
    expect(decodeEntities('a &amp; b &#8203;&unknown;')).toBe('a & b \u200b&unknown;');
  });
});
