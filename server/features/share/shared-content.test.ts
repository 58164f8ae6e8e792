import { describe, expect, it } from 'vitest';
import { presentSharedContent } from './shared-content';

describe('the book as a student reads it', () => {
  it('keeps the files each chapter came from, and gives a typed chapter none', () => {
    const shown = presentSharedContent(
      {
        title: 'Mechanics',
        references: [],
        chapters: [
          { id: 'c_1', title: 'Vectors', content: '<p>a</p>', sections: [], sourceFiles: ['week1.pdf', 'vectors.docx'] },
          { id: 'c_2', title: 'Typed', content: '<p>b</p>', sections: [] },
        ],
      },
      '/api/shared/t/images',
    );
    expect(shown.chapters[0].sourceFiles).toEqual(['week1.pdf', 'vectors.docx']);
    expect(shown.chapters[1]).not.toHaveProperty('sourceFiles');
  });
});
