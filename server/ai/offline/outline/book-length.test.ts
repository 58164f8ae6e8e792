import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import type { DocBlock } from '@server/core/document-model';
import { htmlToText } from '@common/textbook-ops/html';
import { extractTxt } from '@server/ingest/txt-extract';
import type { Material } from '@server/ai/material';
import { materialHtml } from '@server/ai/shared/apparatus-html';
import { composeFromDocuments } from './tree-book';
import { condense } from './condense';

/**
 * A generated course of `units` units of `paragraphs` paragraphs, each paragraph five sentences of
 * 12 words that differ by their numbers, so every source word can be found in the book again.
 */
function course(units: number, paragraphs: number): string {
  const topics = ['erosion', 'sediment', 'rivers', 'glaciers', 'deltas', 'dunes', 'karst', 'soils', 'coasts', 'volcanoes'];
  const out: string[] = ['# Landforms'];
  for (let u = 0; u < units; u++) {
    const topic = topics[u % topics.length];
    out.push(`## Unit ${u + 1}: ${topic} and landscape ${u + 1}`);
    for (let p = 0; p < paragraphs; p++) {
      const sentences = Array.from(
        { length: 5 },
        (_, s) => `Observation ${u}-${p}-${s} records how ${topic} shaped site ${p * 7 + s} over about ${s + 2} thousand years.`,
      );
      out.push(sentences.join(' '));
    }
  }
  return out.join('\n\n');
}

const material = (text: string, filename = 'landforms.md'): Material => {
  const document = extractTxt(new TextEncoder().encode(text), filename);
  return { sources: [{ id: 1, filename, mime: document.mime, text: document.text, document }], chunks: [] };
};

const bookText = (book: TextbookContent) =>
  book.chapters.map((c) => [c.content, ...c.sections.map((s) => s.content)].map((h) => htmlToText(materialHtml(h))).join(' ')).join(' ');

describe('the book length the user chooses', () => {
  // 40 units x 25 paragraphs x 5 sentences x 12 words: 60,000 words, well past a condensed book's aim.
  const text = course(40, 25);
  const sourceSentences = text.split('\n\n').filter((p) => p.startsWith('Observation'));

  it('keeps every word of a 60,000-word material by default, and reports nothing condensed', () => {
    expect(text.split(/\s+/).length).toBeGreaterThan(60_000);
    const book = composeFromDocuments(material(text), { title: 'Landforms' });
    const printed = bookText(book);
    for (const paragraph of sourceSentences) expect(printed.includes(paragraph), paragraph.slice(0, 40)).toBe(true);
    expect(book.generation).toEqual({ length: 'full', condensed: [], leftOut: [] });
    expect(book.notice ?? '').not.toMatch(/condensed/i);
  });

  it('condenses when asked, and reports per chapter the words kept of the words there were', () => {
    const book = composeFromDocuments(material(text), { title: 'Landforms', length: 'condensed' });
    const printed = bookText(book);
    const kept = sourceSentences.filter((p) => printed.includes(p)).length;
    expect(kept).toBeLessThan(sourceSentences.length * 0.8);
    const report = book.generation!;
    expect(report.length).toBe('condensed');
    expect(report.condensed.length).toBe(book.chapters.length);
    for (const c of report.condensed) {
      expect(book.chapters.map((ch) => ch.title)).toContain(c.chapter);
      expect(c.keptWords).toBeLessThan(c.sourceWords);
      expect(c.keptWords).toBeGreaterThan(0);
    }
    const keptWords = report.condensed.reduce((n, c) => n + c.keptWords, 0);
    expect(keptWords).toBeGreaterThan(35_000);
    expect(keptWords).toBeLessThan(50_000);
    expect(book.notice).toMatch(/^Condensed as you asked: 40 chapters keep [\d,]+ of their [\d,]+ words/);
  });

  it('a short material is never condensed, even when asked', () => {
    const book = composeFromDocuments(material(course(3, 4)), { title: 'Landforms', length: 'condensed' });
    expect(book.generation?.condensed).toEqual([]);
  });
});

describe('nothing dropped in silence', () => {
  it('a syllabus keeps its instructor, office and e-mail lines, which stand before its first unit', () => {
    const syllabus = [
      '# Ecology 101 Syllabus',
      'Instructor: Dr. Ana Ruiz  \nOffice: Science Hall 214, Tuesdays 2-4 pm  \nE-mail: ana.ruiz@example.edu',
      '## Learning goals',
      'Students learn to design a field survey, to measure populations without bias, and to report what the data can and cannot show.',
      '## Grading',
      'Three field reports count for sixty percent of the grade and the final exam for the remaining forty percent.',
    ].join('\n\n');
    const book = composeFromDocuments(material(syllabus, 'syllabus.md'), { title: 'Ecology 101' });
    const printed = bookText(book);
    expect(printed).toContain('Instructor: Dr. Ana Ruiz');
    expect(printed).toContain('Office: Science Hall 214');
    expect(printed).toContain('ana.ruiz@example.edu');
  });
});

describe('condense', () => {
  const prose = (i: number): DocBlock => ({
    kind: 'paragraph',
    text: `Paragraph ${i} explains the lecture's idea at length in many plain words of running prose for the reader.`,
  });

  it('never drops code, program output, tables, contact lines or totals, whatever the budget', () => {
    const blocks: DocBlock[] = [
      prose(0),
      { kind: 'paragraph', text: 'Office: Science Hall 214, office hours Tuesday 2-4' },
      { kind: 'paragraph', text: 'E-mail: instructor@example.edu' },
      ...Array.from({ length: 20 }, (_, i) => prose(i + 1)),
      { kind: 'code' as const, text: 'fit <- lm(y ~ x, data = d)\nsummary(fit)' },
      { kind: 'code' as const, text: 'Coefficients:\n(Intercept) 1.02 0.11' },
      {
        kind: 'table' as const,
        text: 'Criterion Points',
        header: true,
        rows: [
          ['Criterion', 'Points'],
          ['Clarity', '10'],
        ],
      },
      { kind: 'paragraph' as const, text: 'Total: 100 points' },
      ...Array.from({ length: 20 }, (_, i) => prose(i + 21)),
    ];
    const kept = condense(blocks, 60);
    expect(kept.length).toBeLessThan(blocks.length);
    for (const b of blocks.filter((x) => x.kind !== 'paragraph' || !x.text.startsWith('Paragraph'))) expect(kept).toContain(b);
    // Reading order is kept.
    expect(kept.map((b) => blocks.indexOf(b))).toEqual([...kept.map((b) => blocks.indexOf(b))].sort((a, b) => a - b));
  });
});
