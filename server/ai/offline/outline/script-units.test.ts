import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import type { Material } from '@server/ai/material';
import { htmlToText } from '@common/textbook-ops/html';
import { withScriptHeadings } from './script-units';
import { composeFromDocuments } from './tree-book';

/** An R exercise key pasted into Word: code blocks and plots, no headings (written for this test). */
const script = (lines: string[]): DocBlock => ({ kind: 'code', text: lines.join('\n') });
const plot: DocBlock = { kind: 'figure', text: '', image: { sha256: 'p1', mime: 'image/png' } };

function book(blocks: DocBlock[], filename = 'exercise_3_key.docx') {
  const document: ExtractedDocument = {
    filename,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    text: blocks.map((b) => b.text).join('\n\n'),
    blocks,
  };
  const material: Material = {
    sources: [{ id: 1, filename, mime: document.mime, text: document.text, document }],
    chunks: [],
    imageUrls: { p1: '/api/images/1' },
  };
  return composeFromDocuments(material, { title: 'Regression exercises' });
}

const fit = (n: number) => [
  `datum <- read.csv("dataset${n}.csv")`,
  '# examine the data',
  'head(datum)',
  '# fit the regression',
  'results <- lm(Y ~ X, data = datum)',
  'summary(results)',
];

describe('a script pasted into a document without headings', () => {
  it("its heading comments are the book's units, levels by their hashes, every line kept as code", () => {
    const blocks = [
      script(['# key to the exercise', '## Question 1', ...fit(1)]),
      plot,
      script(['### Part a ----', 'confint(results)', '### Part b', 'plot(residuals(results))', '## Question 2', ...fit(2)]),
    ];
    const b = book(blocks);
    expect(b.chapters.map((c) => [c.title, ...c.sections.map((s) => s.title)])).toEqual([
      ['Question 1', 'Part a', 'Part b'],
      ['Question 2'],
    ]);
    const text = b.chapters.map((c) => htmlToText([c.content, ...c.sections.map((s) => s.content)].join(''))).join('\n');
    // Every line of the program is in the book, ordinary comments included; the heading comments became the titles.
    for (const line of [...fit(1), ...fit(2), 'confint(results)', 'plot(residuals(results))', '# key to the exercise'])
      expect(text).toContain(line);
    expect(b.chapters[0].content).toContain('<pre><code>');
    expect(b.chapters[0].content).toContain('<img src="/api/images/1"');
    expect(text).not.toContain('## Question');
  });

  it('a one-hash label ("# Problem 2") is a unit title; an ordinary comment or commented-out code is not', () => {
    const doc = withScriptHeadings({
      blocks: [script(['# Problem 1', 'x <- 1', '# part of the data we keep', '# y <- mean(x)', '# Problem 2', 'y <- 2'])],
    });
    expect(doc?.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Problem 1', 'Problem 2']);
  });

  it('prose with a little code, or a document with headings, keeps its own structure', () => {
    const prose: DocBlock = {
      kind: 'paragraph',
      text: 'Regression fits a line to data, and the residuals show how far each point lies from that line in the sample we took.',
    };
    expect(withScriptHeadings({ blocks: [prose, prose, script(['## A', 'x <- 1', '## B', 'y <- 2'])] })).toBeNull();
    expect(withScriptHeadings({ blocks: [{ kind: 'heading', text: 'Week 1', level: 1 }, script(['## A', 'x', '## B', 'y'])] })).toBeNull();
  });

  it('a long script with no heading comments is one chapter, with no section that repeats its title', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `value_${i} <- compute(datum, step = ${i}) # running total`);
    const b = book([script(lines.slice(0, 200)), plot, script(lines.slice(200))]);
    expect(b.chapters).toHaveLength(1);
    expect(b.chapters[0].sections.map((s) => s.title)).not.toContain(b.chapters[0].title);
    expect(htmlToText(b.chapters[0].content)).toContain('value_399 <- compute(datum, step = 399)');
  });
});
