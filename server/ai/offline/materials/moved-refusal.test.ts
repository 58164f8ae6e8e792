import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { AppError } from '@server/core/app-error';
import { buildMaterial } from '../materials';

describe('a quiz asked for on a logistics chapter, refused by the chapter it moved to', () => {
  it('says the quiz moved before saying why the chapter it moved to cannot take it', () => {
    const book: TextbookContent = {
      title: 'Git for librarians',
      references: [],
      chapters: [
        { title: 'Schedule', content: '<ul><li><p>09:00 Setup</p></li><li><p>10:30 Basics</p></li></ul>', sections: [] },
        {
          title: 'Basics - navigating the shell',
          content: '<pre><code>cd ~/Desktop\nls -la\npwd</code></pre><ul><li><p>cd</p></li><li><p>ls</p></li></ul>',
          sections: [],
        },
      ],
    };
    let error: unknown;
    try {
      buildMaterial({ book, contentType: 'quiz', chapterIndex: 0 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(
      /^"Schedule" is front matter or course logistics, which teaches nothing to test: this quiz is on the next chapter that teaches, "Basics - navigating the shell"\. The chapter "Basics - navigating the shell" has no sentences of prose/,
    );
  });
});
