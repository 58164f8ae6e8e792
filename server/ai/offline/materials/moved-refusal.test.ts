import { describe, expect, it } from 'vitest';
import { AppError } from '@server/core/app-error';
import { bookOf, refusalOf } from '@server/test/ai/quiz-refusal.support';

describe('a quiz asked for on a logistics chapter, refused by the chapter it moved to', () => {
  it('says the quiz moved before saying why the chapter it moved to cannot take it', () => {
    const book = bookOf(
      'Git for librarians',
      ['Schedule', '<ul><li><p>09:00 Setup</p></li><li><p>10:30 Basics</p></li></ul>'],
      ['Basics - navigating the shell', '<pre><code>cd ~/Desktop\nls -la\npwd</code></pre><ul><li><p>cd</p></li><li><p>ls</p></li></ul>'],
    );
    const error = refusalOf({ book, contentType: 'quiz', chapterIndex: 0 });
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(
      /^"Schedule" is front matter or course logistics, which teaches nothing to test: this quiz is on the next chapter that teaches, "Basics - navigating the shell"\. The chapter "Basics - navigating the shell" has no sentences of prose/,
    );
  });
});
