import { describe, expect, it } from 'vitest';
import { versionOutline } from './version-outline';

describe('versionOutline placeholders', () => {
  it('outlines the title and chapters with section counts, from an object or a JSON string', () => {
    const content = { title: 'Optics', chapters: [{ title: 'Light', sections: [{}, {}] }, { title: 'Lenses' }] };
    const expected = {
      kind: 'outline',
      title: 'Optics',
      chapters: [
        { title: 'Light', sectionCount: 2 },
        { title: 'Lenses', sectionCount: 0 },
      ],
    };
    expect(versionOutline(content)).toEqual(expected);
    expect(versionOutline(JSON.stringify(content))).toEqual(expected);
  });

  it.each([
    [null, 'No content available'],
    [undefined, 'No content available'],
    ['null', 'No content available'],
    ['', 'Empty content'],
    ['   ', 'Empty content'],
    [{}, 'Empty content'],
    ['{"title": "broken', 'Error parsing content: Invalid JSON format'],
    [42, 'Error processing content'],
    [[1, 2], 'Error processing content'],
    [{ title: 'T', chapters: 'not a list' }, 'Error processing content'],
    [{ title: 'T', chapters: [null] }, 'Error processing content'],
    [{ title: 'T', chapters: [] }, 'No chapters available'],
    [{ title: 'T' }, 'No chapters available'],
  ])('%j shows %s', (raw, message) => {
    const outline = versionOutline(raw);
    expect(outline.kind).toBe('placeholder');
    expect(outline.kind === 'placeholder' && outline.message).toBe(message);
  });

  it('keeps the title beside the No chapters available placeholder', () => {
    expect(versionOutline({ title: 'Optics', chapters: [] })).toEqual({
      kind: 'placeholder',
      message: 'No chapters available',
      title: 'Optics',
    });
  });
});
