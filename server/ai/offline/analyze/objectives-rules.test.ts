import { describe, expect, it } from 'vitest';
import { buildObjectives, isDefinedIn } from './objectives';

const text =
  'Linear regression is a common statistical analysis for two continuous variables. We draw a line through the data. ' +
  'The data come from a field survey. A residual is the distance between a point and the line.';

describe('objectives at extraction', () => {
  it('uses only terms the material defines or writes about, never a frequent stray word', () => {
    expect(isDefinedIn('linear regression', text)).toBe(true);
    expect(isDefinedIn('residual', text)).toBe(true);
    expect(isDefinedIn('line', text)).toBe(false);
    expect(isDefinedIn('data', text)).toBe(false);
  });

  it('writes a typed topic in the objective in the case of a sentence, keeping the names the text capitalises', () => {
    const view = { titles: [], sections: [{ heading: 'What is a residual?', level: 2, words: 150 }], texts: [text], totalWords: 150 };
    const phrases = [{ phrase: 'residual', score: 5 }];
    const typed = buildObjectives(view as never, phrases, 'Linear Regression', text, 'Linear regression in ecology');
    expect(typed[0]).toMatch(/^Explain linear regression in ecology\b/);
    const named = 'The analysis of variance is due to Fisher, who used it in field trials. A residual is what the line leaves unexplained.';
    const withName = buildObjectives(
      { ...view, texts: [named] } as never,
      phrases,
      'Variance',
      named,
      'Fisher and the analysis of variance',
    );
    expect(withName[0]).toMatch(/^Explain Fisher and the analysis of variance\b/);
  });

  it('turns a heading asked as a question into the skill it asks for', () => {
    const view = {
      titles: [],
      sections: [
        { heading: 'How do we calculate p-values…?', level: 2, words: 200 },
        { heading: 'What is a residual?', level: 2, words: 150 },
      ],
      texts: [text],
      totalWords: 400,
    };
    const objectives = buildObjectives(
      view as never,
      [
        { phrase: 'line', score: 9 },
        { phrase: 'data', score: 8 },
        { phrase: 'residual', score: 5 },
      ],
      'Linear Regression',
      text,
    );
    expect(objectives).toContain('Explain how to calculate p-values');
    expect(objectives).toContain('Explain what a residual is');
    expect(objectives.join(' ')).not.toMatch(/\b(line|data)\b/);
  });

  it('leaves course logistics ("Next time", "For the next session") out of the objectives', () => {
    const view = {
      titles: [],
      sections: [
        { heading: 'What is a residual?', level: 1, words: 150 },
        { heading: 'Next time', level: 1, words: 160 },
        { heading: 'For the next session', level: 1, words: 160 },
      ],
      texts: [text],
      totalWords: 470,
    };
    const objectives = buildObjectives(view as never, [{ phrase: 'residual', score: 5 }], 'Linear Regression', text);
    expect(objectives).toContain('Explain what a residual is');
    expect(objectives.join(' ')).not.toMatch(/next/i);
  });
});
