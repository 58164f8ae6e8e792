import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MaterialContentType } from '@common/materials';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { buildMaterial } from '../materials';
import { composeFromDocuments } from '../outline/tree-book';
import { buildAssessment } from './assessment';
import { bookBasis } from './book-basis';
import { buildHomework } from './homework';
import { buildLessonPlan } from './lesson-plan';
import { buildQuiz } from './quiz';
import { buildScope, type MaterialScope } from './scope';

const builders: Record<MaterialContentType, (scope: MaterialScope) => unknown> = {
  quiz: buildQuiz,
  assessment: buildAssessment,
  lessonPlan: buildLessonPlan,
  homework: buildHomework,
};

/** What a builder makes of a scope, or the message it stops with. */
function outcome(build: (scope: MaterialScope) => unknown, scope: MaterialScope): unknown {
  try {
    return build(scope);
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('a material on a chapter combined with its neighbours', () => {
  it('reads the book once and builds the same items as reading it anew for every combination tried', () => {
    const files = ['course/stats-week1.md', 'course/stats-week2.md', 'course/optics-chapter.md'];
    const sources = files.map((file, i) => {
      const document = extractTxt(new Uint8Array(readFileSync(fixturePath(file))), file);
      return { id: i + 1, filename: file, mime: 'text/markdown', text: document.text, document };
    });
    const book = composeFromDocuments({ sources, chunks: [] }, { title: 'Statistics and optics' });
    // A chapter too short for a quiz of its own ("Regression diagnostics"): the quiz combines it, the path one reading serves.
    const short = book.chapters.findIndex((c) => c.title === 'Regression diagnostics');
    expect(buildMaterial({ book, contentType: 'quiz', chapterIndex: short }).description).toMatch(/combined with the chapters next to it/);

    // One reading of the book serves every combination in turn, after the builders have used it, as buildMaterial widens.
    const shared = bookBasis(book);
    let compared = 0;
    book.chapters.forEach((_, chapterIndex) => {
      for (let lo = Math.max(0, chapterIndex - 3); lo <= chapterIndex; lo++)
        for (let hi = chapterIndex; hi < Math.min(book.chapters.length, lo + 4); hi++) {
          const included = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
          for (const [type, build] of Object.entries(builders)) {
            const once = outcome(build, buildScope(book, chapterIndex, included, shared));
            const anew = outcome(build, buildScope(book, chapterIndex, included));
            expect(once, `${type} on chapter ${chapterIndex} with chapters ${lo}-${hi}`).toEqual(anew);
            compared++;
          }
        }
    });
    expect(compared).toBeGreaterThan(book.chapters.length * 4);
  });
});
