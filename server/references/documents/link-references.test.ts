import { describe, expect, it } from 'vitest';
import { findDocumentReferences, titleForLink } from './documents.provider';

const doc = (text: string) => ({ text, blocks: [{ kind: 'paragraph' as const, text }], bibliography: [] });

describe('links as references', () => {
  it('takes the title from the sentence that names the work', () => {
    expect(titleForLink('Wilson, Gray. “The Story of 256.” http://256.com/. Last modified 2002.', 'http://256.com/')).toBe(
      'The Story of 256',
    );
    expect(
      titleForLink(
        'Saive, Rani. 13 Linux Network Configuration and Troubleshooting Commands (2012) https://www.tecmint.com/x/',
        'https://www.tecmint.com/x/',
      ),
    ).toBe('13 Linux Network Configuration and Troubleshooting Commands');
  });

  it('never makes a reference of a bare link, a private file store, a picture or a footer', () => {
    const text = [
      'Slides are here: https://onedrive.live.com/view.aspx?id=123',
      'See https://drive.google.com/file/d/abc/view for the handout.',
      'https://upload.wikimedia.org/wikipedia/commons/9/97/NetworkTopologies.svg',
      '© 2024 Example University. All rights reserved. https://www.example.edu/',
      'More at https://www.example.org/page',
      'Wilson, Gray. “The Story of 256.” http://256.com/256.html',
    ].join('\n');
    const found = findDocumentReferences([doc(text)]);
    expect(found.map((r) => [r.title, r.url])).toEqual([['The Story of 256', 'http://256.com/256.html']]);
  });
});
