import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '../core/document-model';
import { looksLikeCode, mergeCodeRuns } from './code-lines';
import { extractDocx } from './docx-extract';

const p = (text: string): DocBlock => ({ kind: 'paragraph', text });

describe('lines of a program pasted into a document', () => {
  it('tells R and Python lines and their comments from prose', () => {
    for (const line of [
      'datum <- read.csv("exercise_2_dataset1.csv")',
      '# examine the data',
      'head(datum)',
      'plot(PredRate ~ PreyDens, data=datum,',
      'xSequence',
      'results = model.fit(x, y)',
      'for (i in 1:10) {',
    ])
      expect(looksLikeCode(line), line).toBe(true);
    for (const line of [
      'The regression line fits the data well.',
      'Predation rate rises with prey density (Holling, 1959).',
      'Introduction',
      'Results and discussion',
    ])
      expect(looksLikeCode(line), line).toBe(false);
  });

  it('merges three or more lines into one code block, with the bare names R prints; two lines or prose stay paragraphs', () => {
    const blocks = mergeCodeRuns([
      p('We fit a linear model to the first data set.'),
      p('# fit the regression'),
      p('results <- lm(PredRate ~ PreyDens, data = datum)'),
      p('predictions'),
      p('summary(results)'),
      p('The slope is close to the true value.'),
      p('x <- 1'),
      p('y <- 2'),
    ]);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'code', 'paragraph', 'paragraph', 'paragraph']);
    expect(blocks[1].text).toBe('# fit the regression\nresults <- lm(PredRate ~ PreyDens, data = datum)\npredictions\nsummary(results)');
  });

  it('a script pasted into Word in a larger font than its notes: its lines are code, not headings', async () => {
    // Made here with the docx package: two note lines at 10 pt, then the script at the default 12 pt.
    const line = (text: string, size?: number) => new Paragraph({ children: [new TextRun(size ? { text, size } : { text })] });
    const doc = new Document({
      styles: { default: { document: { run: { size: 24 } } } },
      sections: [
        {
          children: [
            line('These are the notes for the second exercise, read them before the lab session starts.', 20),
            line('Each data set has one predictor and one response, and we fit a line to each of them.', 20),
            line('# make predictions across a range of densities'),
            line('summary(datum)'),
            line('xSequence <- seq(from = 0, to = 5, by = 0.25)'),
            line('xSequence'),
            line('datumPredict <- data.frame(DeerDensity = xSequence)'),
            line('predictions <- predict(results, datumPredict, interval = "prediction")'),
          ],
        },
      ],
    });
    const extracted = await extractDocx(new Uint8Array(await Packer.toBuffer(doc)), 'exercise.docx');
    expect(extracted.blocks.filter((b) => b.kind === 'heading')).toEqual([]);
    const code = extracted.blocks.filter((b) => b.kind === 'code');
    expect(code).toHaveLength(1);
    expect(code[0].text.split('\n')).toHaveLength(6);
  });
});
