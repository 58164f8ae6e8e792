import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import { buildMaterial } from '../materials';
import { composeFromDocuments } from '../outline/tree-book';
import { buildQuiz } from './quiz';
import { buildScope } from './scope';

/** Two weeks of statistics notes and an optics chapter, each file a few chapters, some too short for a quiz alone. */
function course() {
  const files = ['course/stats-week1.md', 'course/stats-week2.md', 'course/optics-chapter.md'];
  const sources = files.map((file, i) => {
    const document = extractTxt(new Uint8Array(readFileSync(fixturePath(file))), file);
    return { id: i + 1, filename: file, mime: 'text/markdown', text: document.text, document };
  });
  return composeFromDocuments({ sources, chunks: [] }, { title: 'Statistics and optics' });
}

describe('a chapter quiz combined with its neighbours', () => {
  it("asks the chapter's own items first, tops up to five from the chapters next to it, and says how many are its own", () => {
    const book = course();
    // A chapter with a few items of its own, too few for a quiz alone ("Confidence intervals": two).
    const alone = book.chapters.map((_, i) => buildQuiz(buildScope(book, i)).questions.map((q) => q.source));
    const short = alone.findIndex((items) => items.length > 0 && items.length < 5);
    expect(short).toBeGreaterThanOrEqual(0);
    const own = alone[short];
    const title = book.chapters[short].title;

    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: short });
    const sources = (quiz.content as { questions: Array<{ source: string }> }).questions.map((q) => q.source);
    expect(quiz.description).toMatch(/combined with the chapters next to it/);
    // Every item the chapter makes alone is in its quiz; the neighbours add only what the minimum still lacks.
    for (const s of own) expect(sources).toContain(s);
    expect(sources).toHaveLength(5);
    const theirs = 5 - own.length;
    expect(quiz.description).toContain(
      `${own.length} of the 5 questions ${own.length === 1 ? 'is' : 'are'} on "${title}" itself; the other ${theirs} come${theirs === 1 ? 's' : ''} from the chapters next to it.`,
    );
  });

  it('a chapter with enough items of its own is quizzed alone, without a word about neighbours', () => {
    const book = course();
    const counts = book.chapters.map((_, i) => buildQuiz(buildScope(book, i)).questions.length);
    const full = counts.findIndex((n) => n >= 5);
    expect(full).toBeGreaterThanOrEqual(0);
    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: full });
    expect(quiz.description).not.toMatch(/next to it/);
    expect((quiz.content as { questions: unknown[] }).questions).toHaveLength(counts[full]);
  });

  it('names the chapters its questions come from, not every chapter tried on the way', () => {
    // Statistics notes, then two chapters of a story that make no quiz item: the second story chapter is tried, adds
    // nothing, and the statistics before them fill the quiz on the first.
    const story = [
      '# The field trip',
      'We left the station early on Monday and walked along the river until noon. Maria carried the nets and Tom carried the lunch. It rained a little after we crossed the bridge, so we waited under the trees and talked about the week ahead.',
      '# The way back',
      'On the way back we stopped at the farm and bought apples. Tom wanted to take the long path over the hill, but Maria was tired and we took the road instead. We reached the station just before dark and went home.',
    ].join('\n\n');
    const sources = [
      { file: 'course/stats-week1.md', data: new Uint8Array(readFileSync(fixturePath('course/stats-week1.md'))) },
      { file: 'trip.md', data: new TextEncoder().encode(story) },
    ].map(({ file, data }, i) => {
      const document = extractTxt(data, file);
      return { id: i + 1, filename: file, mime: 'text/markdown', text: document.text, document };
    });
    const book = composeFromDocuments({ sources, chunks: [] }, { title: 'Statistics and a field trip' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Statistics for Ecologists: Week 1', 'The field trip', 'The way back']);
    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: 1 });
    expect(quiz.title).toBe('Quiz: Statistics for Ecologists: Week 1 – The field trip');
    expect(quiz.description).toContain('on the chapters "Statistics for Ecologists: Week 1" and "The field trip",');
    expect(quiz.description).toContain('None of the 5 questions is on "The field trip" itself');
  });

  it('a chapter whose neighbours add no question is quizzed as it reads alone, without a word about them', () => {
    const text = [
      '# The field trip',
      'We left the station early on Monday and walked along the river until noon. Maria carried the nets and Tom carried the lunch. It rained a little after we crossed the bridge, so we waited under the trees and talked about the week ahead.',
      '# Sampling',
      'A random sample is a sample in which every member of the population has the same chance of being measured. Ecologists rarely count every organism in a habitat, so the way a sample is drawn decides what it can tell us. Stratified sampling divides the habitat into strata, such as slopes and valleys, and draws a random sample from each stratum.',
      '# The way back',
      'On the way back we stopped at the farm and bought apples. Tom wanted to take the long path over the hill, but Maria was tired and we took the road instead. We reached the station just before dark and went home.',
    ].join('\n\n');
    const document = extractTxt(new TextEncoder().encode(text), 'notes.md');
    const book = composeFromDocuments(
      { sources: [{ id: 1, filename: 'notes.md', mime: 'text/markdown', text: document.text, document }], chunks: [] },
      { title: 'Field notes' },
    );
    const own = buildQuiz(buildScope(book, 1)).questions;
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(5);
    const quiz = buildMaterial({ book, contentType: 'quiz', chapterIndex: 1 });
    expect(quiz.title).toBe('Quiz: Sampling');
    expect((quiz.content as { questions: unknown[] }).questions).toEqual(own);
    expect(quiz.description).toMatch(/^\d+ questions? on the chapter "Sampling", /);
    expect(quiz.description).not.toMatch(/next to it|combined/);
  });
});
