import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { ExtractedDocument } from '@server/core/document-model';
import { extractTxt } from '@server/ingest/txt-extract';
import { fixturePath } from '@server/test/fixture-path.support';
import type { Material } from '@server/ai/material';
import { isReviewSection, materialHtml } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { composeFromDocuments } from './tree-book';

const read = (name: string) => extractTxt(new Uint8Array(readFileSync(fixturePath(`course/${name}`))), name);
const material = (...docs: ExtractedDocument[]): Material => ({
  sources: docs.map((d, i) => ({ id: i + 1, filename: d.filename, mime: d.mime, text: d.text, document: d })),
  chunks: [],
});
const outline = (book: TextbookContent) => book.chapters.map((c) => [c.title, ...c.sections.map((s) => `  ${s.title}`)]).flat();
const words = (html: string) => htmlToText(materialHtml(html)).split(/\s+/).filter(Boolean).length;

describe('a book from several lecture files (test-fixtures/course)', () => {
  const week1 = read('stats-week1.md');
  const week2 = read('stats-week2.md');

  it('lecture notes by date: the topics are the chapters, a session with only its own text is titled by what it teaches', () => {
    const book = composeFromDocuments(material(week1), { title: 'Statistics for ecologists' });
    const titles = book.chapters.map((c) => c.title);
    expect(titles.slice(0, 3)).toEqual(['Sampling', 'Bias', 'Regression']);
    expect(titles.some((t) => /\b(?:January|2019)\b/.test(t))).toBe(false);
    // "January 24, 2019" holds a soil-carbon transect and no topic heading: a specific noun phrase of its text names it.
    const transect = book.chapters.find((c) => htmlToText(c.content).includes('Soil cores were taken along a transect'));
    expect(transect?.title).toMatch(/^\p{Lu}\p{Ll}+ \p{Ll}+/u);
    expect(transect?.title.split(' ').length).toBeGreaterThanOrEqual(2);
  });

  it("merges the files with each one's order kept, every file's text present, no numbered copies", () => {
    const book = composeFromDocuments(material(week1, week2), { title: 'Statistics for ecologists' });
    const titles = book.chapters.map((c) => c.title);
    // Week 1 has a title over its sessions and shares no topic with week 2: one chapter under its title, its topics its
    // sections in their order, each with the date it was taught. Week 2, with no title over its units, keeps them as chapters.
    const first = book.chapters[0];
    expect(first.title).toBe('Statistics for Ecologists: Week 1');
    const sections = first.sections.map((s) => s.title);
    expect(sections.indexOf('Sampling')).toBeGreaterThanOrEqual(0);
    expect(sections.indexOf('Sampling')).toBeLessThan(sections.indexOf('Regression'));
    expect(htmlToText(first.sections[sections.indexOf('Sampling')].content)).toMatch(/^January 10, 2019/);
    expect(titles.indexOf('Regression diagnostics')).toBeGreaterThan(0);
    expect(titles.indexOf('Regression diagnostics')).toBeLessThan(titles.indexOf('Confidence intervals'));
    expect(outline(book).some((t) => /\(\d+\)\s*$/.test(t))).toBe(false);
    expect(book.notice).toBeUndefined();
  });

  it('units of one topic in two files become one chapter, the first file first', () => {
    const notes = extractTxt(
      new TextEncoder().encode(
        '# Regression\n\nLinear regression fits a straight line through paired measurements of a predictor and a response variable.\n\n# Bias\n\nBias is a systematic difference between what a method measures and the true value of the quantity.\n',
      ),
      'notes.md',
    );
    const slides = extractTxt(
      new TextEncoder().encode(
        '# Regression\n\n## Residuals\n\nA residual is the vertical distance between an observation and the fitted regression line.\n\n# Design\n\nA blind protocol hides the treatment of each plot from the observers who measure the plots.\n',
      ),
      'slides.md',
    );
    const book = composeFromDocuments(material(notes, slides), { title: 'Statistics' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Regression', 'Bias', 'Design']);
    const regression = book.chapters[0];
    expect(htmlToText(regression.content)).toContain('Linear regression fits a straight line');
    // A residual is defined once only, and "Explain residuals in your own words" is no review: no closing section.
    expect(regression.sections.map((s) => s.title)).toEqual(['Residuals']);
  });

  it("keeps each file's exercises with the chapter they close, its appendix after the main matter", () => {
    const book = composeFromDocuments(material(week1, week2), { title: 'Statistics for ecologists' });
    const withExercises = book.chapters.find((c) => c.sections.some((s) => s.title === 'Exercises'));
    expect(htmlToText(withExercises?.sections.find((s) => s.title === 'Exercises')?.content ?? '')).toContain('frogs in ten ponds');
    // Week 1's exercises stay in week 1 (its last chapter), not after week 2.
    expect(book.chapters.indexOf(withExercises!)).toBeLessThan(book.chapters.findIndex((c) => c.title === 'Regression diagnostics'));
    const intervals = book.chapters.find((c) => c.title === 'Confidence intervals');
    expect(intervals?.sections).toEqual([]);
    expect(htmlToText(intervals?.content ?? '')).not.toContain('2.26 with 9 degrees');
    // An appendix is back matter: a unit of its own after every chapter, never a section of a topic chapter.
    expect(book.chapters.at(-1)?.title).toBe('Appendix: Critical values');
    expect(htmlToText(book.chapters.at(-1)?.content ?? '')).toContain('2.26 with 9 degrees of freedom');
    // The reference list is the book's references, not a chapter.
    expect(outline(book)).not.toContain('References');
  });

  it('leaves out what the topic excludes and says so in the notice', () => {
    const book = composeFromDocuments(material(week1, week2), { title: 'Statistics without confidence intervals' });
    expect(book.chapters.map((c) => c.title)).not.toContain('Confidence intervals');
    expect(book.notice).toContain('"Confidence intervals"');
    // A stray upload that shares nothing with the course and never names its subject stays in the book, and is named.
    const stray = extractTxt(
      new TextEncoder().encode(
        '# Sourdough\n\nKnead the dough for ten minutes, then let it rise overnight in a warm kitchen before baking.\n',
      ),
      'bread.md',
    );
    const mixed = composeFromDocuments(material(week1, stray), { title: 'Statistics for ecologists' });
    expect(mixed.chapters.map((c) => c.title)).toContain('Sourdough');
    expect(mixed.notice).toContain('"bread.md" does not mention "Statistics for ecologists"');
  });

  it('keeps the words of short documents as the material (apparatus aside) and no section under 30 words unless its source is', () => {
    const book = composeFromDocuments(material(week1, week2), { title: 'Statistics for ecologists' });
    const source = [week1, week2]
      .flatMap((d) => d.blocks.filter((b) => b.kind !== 'heading' && b.kind !== 'bibliography'))
      .map((b) => b.text);
    const sourceWords = source.join(' ').split(/\s+/).length;
    const kept = book.chapters.reduce(
      (n, c) => n + words(c.content) + c.sections.filter((s) => !isReviewSection(s.title)).reduce((k, s) => k + words(s.content), 0),
      0,
    );
    expect(kept / sourceWords).toBeGreaterThanOrEqual(0.9);
    for (const c of book.chapters)
      for (const s of c.sections.filter((x) => !isReviewSection(x.title))) {
        const own = source.find((t) => htmlToText(s.content).startsWith(t.slice(0, 30)));
        if (own && own.split(/\s+/).length >= 30) expect(words(s.content), s.title).toBeGreaterThanOrEqual(30);
      }
  });
});

describe('a book from one chapter file (test-fixtures/course/optics-chapter.md)', () => {
  const book = composeFromDocuments(material(read('optics-chapter.md')), { title: 'Geometric Optics' });

  it('its numbered sections are the chapters, its introduction opens the book, its exercises and further reading close it', () => {
    expect(book.chapters.map((c) => c.title)).toEqual([
      'Introduction',
      'Reflection',
      'Refraction',
      'Lenses',
      'Exercises',
      'Further Reading',
    ]);
    const intro = book.chapters[0];
    expect(htmlToText(intro.content)).toContain('This chapter follows a ray from its source');
    // An introduction and the end matter are the material's own, without objectives or a review of their own.
    for (const c of [intro, book.chapters[4], book.chapters[5]]) {
      expect(c.content).not.toContain('<h3>Learning Objectives</h3>');
      expect(c.content).not.toContain('<h3>Review Questions</h3>');
    }
    expect(htmlToText(intro.content)).toContain('The book covers reflection, refraction and lenses.');
  });

  it('objectives come from what the unit does (its definition), never "Explain {heading}", in the casing the text uses', () => {
    const reflection = book.chapters[1];
    const opening = reflection.content.slice(0, reflection.content.indexOf('<hr />'));
    const objectives = [...opening.matchAll(/<li><p>(.*?)<\/p><\/li>/g)].map((m) => htmlToText(m[1]));
    // "Example 3.1 (Mirror image)" names no quantity to compute or rule to apply: it gives no objective.
    expect(objectives).toEqual(['Define the focal point.']);
    const review = htmlToText(reflection.content.slice(reflection.content.lastIndexOf('<hr />')));
    expect(review).toContain(
      'Focal point: The focal point of a concave mirror is the point where rays parallel to its axis meet after reflection.',
    );
    expect(review).toContain('What is the focal point?');
  });
});
