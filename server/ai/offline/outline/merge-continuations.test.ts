import { describe, expect, it } from 'vitest';
import type { DocSection } from '@server/core/document-model';
import { continuedTitle, mergeContinuations } from './merge-units';

const unit = (title: string, text: string, children: DocSection[] = []): DocSection => ({
  title,
  level: 1,
  depth: 1,
  pos: {},
  blocks: [{ kind: 'paragraph', text }],
  children,
});

describe('units continued under a repeated or numbered title (slides exported as notes)', () => {
  it('"Study design" then "Study design 2" is one unit titled "Study design", its texts in order', () => {
    const merged = mergeContinuations([
      unit('Study design', 'Mark animals at the first visit.'),
      unit('Study design 2', 'Recapture them at later visits.'),
      unit('Open population models 1', 'Animals enter and leave.'),
      unit('Open population models 2', 'Survival and recapture are estimated apart.'),
      unit('Open population models (cont.)', 'Both depend on time.'),
      unit('Analysis in R', 'Fit the model with marked.'),
    ]);
    expect(merged.map((u) => u.title)).toEqual(['Study design', 'Open population models', 'Analysis in R']);
    expect(merged[1].blocks.map((b) => b.text)).toEqual([
      'Animals enter and leave.',
      'Survival and recapture are estimated apart.',
      'Both depend on time.',
    ]);
  });

  it('a title with its acronym in brackets and the same title without it are one unit, the first title kept', () => {
    const merged = mergeContinuations([
      unit('Mark-recapture (MR) models', 'Animals are marked.'),
      unit('Mark-recapture (MR) models 2', 'Then recaptured.'),
      unit('Mark-recapture models', 'Survival is estimated.'),
      unit('Recapture models', 'Another topic.'),
    ]);
    expect(merged.map((u) => u.title)).toEqual(['Mark-recapture (MR) models', 'Recapture models']);
    expect(merged[0].blocks.map((b) => b.text)).toEqual(['Animals are marked.', 'Then recaptured.', 'Survival is estimated.']);
  });

  it('the same title twice in a row merges; items of a series ("Example 1", "Week 2") and titles apart do not', () => {
    const merged = mergeContinuations([
      unit('CJS models', 'One.'),
      unit('CJS models', 'Two.'),
      unit('Example 1', 'A.'),
      unit('Example 2', 'B.'),
      unit('Week 3', 'C.'),
      unit('Week 4', 'D.'),
      unit('Case study 1', 'E.'),
      unit('Case study 2', 'F.'),
      unit('CJS models', 'Three.'),
    ]);
    expect(merged.map((u) => u.title)).toEqual([
      'CJS models',
      'Example 1',
      'Example 2',
      'Week 3',
      'Week 4',
      'Case study 1',
      'Case study 2',
      'CJS models',
    ]);
    expect(merged[0].blocks).toHaveLength(2);
    expect(continuedTitle('Type 2')).toBeUndefined();
    expect(continuedTitle('Substitution, take 3')).toBeUndefined();
    expect(continuedTitle('How It Works - Ind 3')).toBe('How It Works - Ind');
  });

  it('a series counted by its own noun ("Substitution, take 1" ... "take 5") stays a series, each under its title', () => {
    const takes = [1, 2, 3, 4, 5].map((n) => unit(`Substitution, take ${n}`, `Attempt ${n}.`));
    const merged = mergeContinuations([...takes, unit('Proof, attempt 1', 'P.'), unit('Proof, attempt 2', 'Q.')]);
    expect(merged.map((u) => u.title)).toEqual([...takes.map((u) => u.title), 'Proof, attempt 1', 'Proof, attempt 2']);
  });

  it('merges sections inside a unit the same way', () => {
    const [merged] = mergeContinuations([unit('Models', 'Intro.', [unit('Detection models 1', 'p.'), unit('Detection models 2', 'q.')])]);
    expect(merged.children.map((c) => c.title)).toEqual(['Detection models']);
  });
});

describe('headings keep their own words and case', () => {
  it('numbered statements ("Definition 1.5", "Definition 1.6", "Satz 3", "Théorème 4") are each their own unit, never one "Definition 1"', () => {
    const titles = ['Definition 1.5.', 'Definition 1.6.', 'Lemma 2.9.', 'Lemma 2.10.', 'Satz 2', 'Satz 3', 'Théorème 4', 'Théorème 5'];
    const merged = mergeContinuations(titles.map((t) => unit(t, `Text of ${t}`)));
    expect(merged.map((u) => u.title)).toEqual(titles);
    expect(continuedTitle('Definition 1.5')).toBeUndefined();
    expect(continuedTitle('Study design 2')).toBe('Study design');
  });

  it('a title met twice in a row keeps the spelling its author cased, never a lower-cased copy', () => {
    const [merged] = mergeContinuations([unit('quantifiers', 'A running head read as a heading.'), unit('Quantifiers', 'The section.')]);
    expect(merged.title).toBe('Quantifiers');
    expect(merged.blocks.map((b) => b.text)).toEqual(['A running head read as a heading.', 'The section.']);
    const [kept] = mergeContinuations([unit('Quantifiers', 'A.'), unit('QUANTIFIERS', 'B.')]);
    expect(kept.title).toBe('Quantifiers');
  });
});
