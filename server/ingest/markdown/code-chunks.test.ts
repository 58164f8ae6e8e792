import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractMarkdown } from '../markdown-extract';
import { chunkCode } from './code-chunks';

describe('Quarto and R Markdown slides: code chunks and pauses', () => {
  const doc = extractMarkdown(readFileSync(fixturePath('text/quarto-slides-chunks.md'), 'utf8'), 'quarto-slides-chunks.md');
  const code = doc.blocks.filter((b) => b.kind === 'code').map((b) => b.text);

  it("keeps every chunk's code whole, without its option lines", () => {
    expect(code).toEqual([
      'knitr::opts_chunk$set(fig.width = 8, fig.asp = 0.618)\nlibrary(countdown)',
      'price_fit <- linear_reg() %>%\n  fit(price ~ area, data = houses)',
      'tidy(price_fit) %>% kable(digits = 3)',
      'augment(price_fit$fit) %>% ggplot(aes(.fitted, .resid)) + geom_point()',
      'augment(price_fit$fit) %>%\n  summarise(mean_resid = mean(.resid))',
      '#| this line is part of the program\nx <- 1',
    ]);
    // A chunk of options only (repeating another chunk's output) is no code.
    expect(code.join('\n')).not.toMatch(/ref\.label|#\| (?:label|echo|eval|include|code-line-numbers)/);
  });

  it('prints no pause between the steps of a slide, and keeps the text around it', () => {
    const texts = doc.blocks.map((b) => b.text);
    expect(texts.filter((t) => /^\s*\.\s\.\s\.\s*$/.test(t))).toEqual([]);
    expect(texts).toContain('The fitted line is \\(\\hat{y} = b_0 + b_1 x\\).');
    expect(texts.some((t) => t.startsWith('Interpretation: each extra square foot adds'))).toBe(true);
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Fitting the model',
      "The model's output",
      'Checking the residuals',
    ]);
  });

  it('leaves a fence that is not an executable chunk as it is', () => {
    expect(chunkCode('python', '#| kept\nprint(1)\n')).toBe('#| kept\nprint(1)\n');
    expect(chunkCode('{python}', '#| echo: true\nprint(1)\n')).toBe('print(1)\n');
    expect(chunkCode('{python}', '#| output: false\n')).toBeUndefined();
    expect(chunkCode('{r setup, echo=FALSE}', 'x <- 1\n')).toBe('x <- 1\n');
  });
});
