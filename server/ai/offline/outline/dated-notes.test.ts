import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '@common/textbook-ops/html';
import { extractTxt } from '@server/ingest/txt-extract';
import { splitSessionTitle } from '@server/ingest/session-heading';
import { fixturePath } from '@server/test/fixture-path.support';
import type { Material } from '@server/ai/material';
import { composeFromDocuments } from './tree-book';

const material = (text: string, filename: string): Material => {
  const document = extractTxt(new TextEncoder().encode(text), filename);
  return { sources: [{ id: 1, filename, mime: document.mime, text: document.text, document }], chunks: [] };
};
/** The schedule line a chapter opens with (its first paragraph, in italics), if any. */
const scheduleOf = (html: string) => /^<p><em>([^<]*)<\/em><\/p>/.exec(html)?.[1];

describe('lecture notes organised by date', () => {
  it('date headings over topics (test-fixtures/course/stats-week1.md): chapters by topic, each with the date it was taught', () => {
    const text = readFileSync(fixturePath('course/stats-week1.md'), 'utf8');
    const book = composeFromDocuments(material(text, 'stats-week1.md'), { title: 'Statistics for ecologists' });
    const schedule = Object.fromEntries(book.chapters.map((c) => [c.title, scheduleOf(c.content)]));
    expect(schedule).toMatchObject({ Sampling: 'January 10, 2019', Bias: 'January 10, 2019', Regression: 'January 17, 2019' });
    // A session with only its own text is titled by what it teaches, and keeps its date too.
    const transect = book.chapters.find((c) => htmlToText(c.content).includes('Soil cores were taken along a transect'));
    expect(transect?.title).not.toMatch(/January/);
    expect(scheduleOf(transect?.content ?? '')).toBe('January 24, 2019');
  });

  it('headings that name the meeting and the topic ("Jan 6: ...", "Lecture 2 – ...") give chapters titled by the topic', () => {
    const notes = [
      '# Statistics 101',
      '## Jan 6: Discrete and continuous variables',
      'A discrete variable takes separate values that can be counted, such as the number of eggs in a nest. A continuous variable can take any value in an interval, such as the mass of an egg.',
      '## Jan 13: Probability distributions',
      'A probability distribution assigns a probability to every value a random variable can take. The binomial distribution counts successes in a fixed number of independent trials.',
      '## Lecture 3 – Sampling distributions',
      'A sampling distribution is the distribution of a statistic over all the samples that could be drawn. Its spread shrinks as the samples grow larger, which is why larger samples give more precise estimates.',
    ].join('\n\n');
    const book = composeFromDocuments(material(notes, 'stats101.md'), { title: 'Statistics 101' });
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Discrete and continuous variables',
      'Probability distributions',
      'Sampling distributions',
    ]);
    expect(book.chapters.map((c) => scheduleOf(c.content))).toEqual(['Jan 6', 'Jan 13', 'Lecture 3']);
  });

  it('splitSessionTitle cuts only a meeting followed by a topic of its own', () => {
    expect(splitSessionTitle('JAN 6: DISCRETE AND CONTINUOUS VARIABLES')).toEqual({
      session: 'JAN 6',
      topic: 'DISCRETE AND CONTINUOUS VARIABLES',
    });
    expect(splitSessionTitle('January 10, 2019: Sampling')).toEqual({ session: 'January 10, 2019', topic: 'Sampling' });
    expect(splitSessionTitle('Day 1. Introduction to R')).toEqual({ session: 'Day 1', topic: 'Introduction to R' });
    for (const t of ['Week 3', 'Week 3: Jan 17', 'Example 1: Means', 'Class 7, part 2', 'Regression'])
      expect(splitSessionTitle(t), t).toBeUndefined();
  });
});
