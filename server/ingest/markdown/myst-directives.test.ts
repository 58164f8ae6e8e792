import { describe, expect, it } from 'vitest';
import { markdownToBlocks } from '../markdown-extract';

/** A Jupyter Book lecture page as TeachBooks course pages write it. */
const page = [
  '## The Kalman Filter',
  '',
  'The interactive figure below shows how conditioning changes the mean:',
  '',
  '````{iframe-figure} ../_static/elements/element_Gaussian_inference.html',
  ':name: Gaussian_inference',
  ':aspectratio: 1 / 1',
  '',
  'The position update relies on the prior uncertainty and the observation error.',
  '````',
  '',
  '```{image} /_images/filter_schematic.png',
  ':alt: Schematic of the filter loop',
  ':width: 300px',
  '```',
  '',
  '```{admonition} Kalman gain',
  ':class: tip',
  'The gain weighs the prior against the observations, as $K = \\Sigma H^T S^{-1}$ shows.',
  '```',
  '',
  '```{math}',
  ':label: update',
  '\\mu_{t} = \\mu_{t}^{-} + K (y_t - H \\mu_{t}^{-})',
  '```',
  '',
  '```{code-cell} python',
  ':tags: [hide-input]',
  'import numpy as np',
  'K = P @ H.T',
  '```',
  '',
  '```python',
  '```{note}',
  'shown as typed',
  '```',
  '',
  '```{tableofcontents}',
  '```',
].join('\n');

describe('MyST directives in a Markdown course page', () => {
  it('reads a figure as its caption (a caption block), an admonition as a callout with its title, {math} as display math and {code-cell} as code', () => {
    const { blocks } = markdownToBlocks(page);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'The Kalman Filter'],
      ['paragraph', 'The interactive figure below shows how conditioning changes the mean:'],
      // The pictures lie beside the page (not uploaded with it): their captions are captions, not paragraphs of the text.
      ['caption', 'The position update relies on the prior uncertainty and the observation error.'],
      ['caption', 'Schematic of the filter loop'],
      // An admonition is a callout titled by its argument.
      ['quote', 'Kalman gain'],
      ['quote', 'The gain weighs the prior against the observations, as \\(K = \\Sigma H^T S^{-1}\\) shows.'],
      ['equation', '\\mu_{t} = \\mu_{t}^{-} + K (y_t - H \\mu_{t}^{-})'],
      ['code', 'import numpy as np\nK = P @ H.T'],
      ['code', '```{note}\nshown as typed'],
    ]);
    expect(blocks.find((b) => b.kind === 'code')?.language).toBe('python');
    expect(blocks.find((b) => b.text === 'Kalman gain')?.label).toBe('Kalman gain');
    // No option line is printed anywhere.
    expect(blocks.some((b) => /:(?:name|class|label|tags):/.test(b.text))).toBe(false);
  });

  it('reads "{exercise} Title" as a box titled "Exercise: Title" holding its text, never a heading', () => {
    const { blocks } = markdownToBlocks(
      [
        '## Regression',
        '',
        'Some text before.',
        '',
        '```{exercise} Fitting a line',
        ':label: ex-fit',
        '',
        'Fit a line to the data and report the **slope**.',
        '```',
        '',
        'Text after.',
      ].join('\n'),
    );
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Regression']);
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Regression'],
      ['paragraph', 'Some text before.'],
      ['quote', 'Exercise: Fitting a line'],
      ['quote', 'Fit a line to the data and report the slope.'],
      ['paragraph', 'Text after.'],
    ]);
    expect(blocks[2].label).toBe('Exercise: Fitting a line');
    expect(blocks[3].strong).toEqual(['slope']);
  });
});
