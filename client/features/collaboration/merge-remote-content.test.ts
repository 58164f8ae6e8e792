import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '../../../common/textbook';
import { mergeRemoteContent } from './merge-remote-content';

const book = (chapters: TextbookContent['chapters'], title = 'Book'): TextbookContent => ({ title, chapters, references: [] });
const sec = (id: string, content: string, title = id) => ({ id, title, content });

describe('mergeRemoteContent', () => {
  const local = book([
    { id: 'c1', title: 'One', content: '<p>c1</p>', sections: [sec('s1', '<p>typing here</p>'), sec('s2', '<p>local s2</p>')] },
    { id: 'c2', title: 'Two', content: '<p>c2 local</p>', sections: [] },
  ]);

  it('takes the remote content when the user is not typing anywhere', () => {
    const remote = book([{ id: 'c1', title: 'One!', content: '', sections: [sec('s1', '<p>remote</p>')] }], 'Remote');
    expect(mergeRemoteContent(local, remote, null)).toBe(remote);
  });

  it('keeps the section being typed in and takes everything else from the remote', () => {
    const remote = book(
      [
        {
          id: 'c1',
          title: 'One renamed',
          content: '<p>c1</p>',
          sections: [sec('s2', '<p>remote s2</p>'), sec('s1', '<p>remote s1</p>', 'S1 remote title')],
        },
        { id: 'c2', title: 'Two', content: '<p>c2 remote</p>', sections: [] },
      ],
      'Remote title',
    );
    const merged = mergeRemoteContent(local, remote, 's1');
    expect(merged.title).toBe('Remote title');
    expect(merged.chapters[0].title).toBe('One renamed');
    // Remote order is kept (s2 moved first), matched by id, not position.
    expect(merged.chapters[0].sections.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(merged.chapters[0].sections[0].content).toBe('<p>remote s2</p>');
    expect(merged.chapters[0].sections[1]).toEqual({ id: 's1', title: 's1', content: '<p>typing here</p>' });
    expect(merged.chapters[1].content).toBe('<p>c2 remote</p>');
  });

  it('keeps a section-less chapter being typed in', () => {
    const remote = book([
      { id: 'c1', title: 'One', content: '<p>c1</p>', sections: [sec('s1', '<p>x</p>')] },
      { id: 'c2', title: 'Two', content: '<p>c2 remote</p>', sections: [] },
    ]);
    expect(mergeRemoteContent(local, remote, 'c2').chapters[1].content).toBe('<p>c2 local</p>');
  });

  it('puts back a section removed remotely while it was being typed in, after its local predecessor', () => {
    const local3 = book([{ id: 'c1', title: 'One', content: '', sections: [sec('a', 'A'), sec('b', 'typing'), sec('c', 'C')] }]);
    const remote = book([{ id: 'c1', title: 'One', content: '', sections: [sec('c', 'C2'), sec('a', 'A2')] }]);
    const merged = mergeRemoteContent(local3, remote, 'b');
    expect(merged.chapters[0].sections.map((s) => `${s.id}:${s.content}`)).toEqual(['c:C2', 'a:A2', 'b:typing']);
  });

  it('keeps the typed section even when its whole chapter was removed remotely', () => {
    const remote = book([{ id: 'c2', title: 'Two', content: '', sections: [] }]);
    const merged = mergeRemoteContent(local, remote, 's1');
    expect(merged.chapters).toHaveLength(2);
    expect(merged.chapters[1]).toMatchObject({ id: 'c1', sections: [{ id: 's1', content: '<p>typing here</p>' }] });
  });

  it('returns the remote content when the editing id is unknown locally', () => {
    const remote = book([]);
    expect(mergeRemoteContent(local, remote, 'nope')).toBe(remote);
  });
});
