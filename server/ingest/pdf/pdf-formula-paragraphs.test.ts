import { describe, expect, it } from 'vitest';
import { buildBlocks } from './pdf-blocks';
import type { PdfLine } from './pdf-types';

/** A line of an 11 pt column from x 71 to 524, baselines 16.3 pt apart (geometry as French LaTeX notes set it). */
const line = (text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine => ({
  page: 34,
  column: 0,
  x0: 71,
  x1: 524,
  y,
  size: 10.9,
  font: 'CMR10',
  text,
  columnLeft: 71,
  columnRight: 524,
  ...extra,
});

const blocks = (lines: PdfLine[]) => buildBlocks(lines, []).blocks.map((b) => `${b.kind}: ${b.text}`);

describe('paragraphs and items that are mostly mathematics', () => {
  it('keeps a labelled run-in followed by a formula, and a sentence that goes on in mathematics', () => {
    expect(
      blocks([
        line('Les fantômes et anti-fantômes sont in-observables, comme on le montre par la méthode BRST.', 740, { x1: 400 }),
        line('Artifice: \\(T^{\\ast}\\)(ℝ × M) ⊃ (ℝ × {0}) × \\(T^{\\ast}\\)M ≈ ℝ × \\(T^{\\ast}\\)M', 703.7, { x1: 331, math: 0.59 }),
        line('Notons que ⟨λ, F(x)⟩ + ⟨c̄, d(F ∘ ρ)c⟩ = \\(λ_{α}\\)\\(F^{α}\\) + c̄\\(_{α}\\)(dF ∘ ρ)\\(^{α}_{β}\\)\\(c^{β}\\)', 687.4, {
          x1: 368,
          math: 0.65,
        }),
      ]).slice(1),
    ).toEqual([
      'paragraph: Artifice: \\(T^{\\ast}\\)(ℝ × M) ⊃ (ℝ × {0}) × \\(T^{\\ast}\\)M ≈ ℝ × \\(T^{\\ast}\\)M',
      'paragraph: Notons que ⟨λ, F(x)⟩ + ⟨c̄, d(F ∘ ρ)c⟩ = \\(λ_{α}\\)\\(F^{α}\\) + c̄\\(_{α}\\)(dF ∘ ρ)\\(^{α}_{β}\\)\\(c^{β}\\)',
    ]);
  });

  it('keeps a list item that is a formula alone', () => {
    expect(
      blocks([
        line('• Wähle einen Startwert \\(x_{i0}\\) (meist \\(i_{0}\\) = 0)', 604, { x0: 114, x1: 292 }),
        line('• \\(x_{i0+1}\\) := f(\\(x_{i}\\)), . . . , \\(x_{i0+k+1}\\) := f(\\(x_{i0+k}\\))', 585.6, { x0: 114, x1: 373, math: 0.61 }),
      ]),
    ).toEqual([
      'list-item: Wähle einen Startwert \\(x_{i0}\\) (meist \\(i_{0}\\) = 0)',
      'list-item: \\(x_{i0+1}\\) := f(\\(x_{i}\\)), . . . , \\(x_{i0+k+1}\\) := f(\\(x_{i0+k}\\))',
    ]);
  });
});

/** A line of a slide's ragged-right column of 10.9 pt type from x 28 to 334, baselines 15.6 pt apart (a Beamer deck). */
const slideLine = (text: string, y: number, x1: number, math = 0): PdfLine => ({
  ...line(text, y, { page: 12, x0: 28.3, x1, math, columnLeft: 28.3, columnRight: 334 }),
});

describe('a sentence that goes on in a formula on the next line', () => {
  it('keeps the formula that closes it, short of words as it is', () => {
    expect(
      blocks([
        slideLine('With every toss the posterior narrows around its most', 176.4, 300),
        slideLine('probable value, which is', 160.8, 140),
        slideLine('H = 0.3.', 145.2, 68, 0.33),
      ]),
    ).toEqual(['paragraph: With every toss the posterior narrows around its most probable value, which is H = 0.3.']);
  });

  it('does not end the paragraph where a formula set unbroken did not fit after the last word', () => {
    expect(
      blocks([
        slideLine('Both events count the same card twice, so the card that is both', 148.1, 322),
        slideLine('a spade and an ace is the case', 132.5, 267),
        slideLine('P(spade and ace), which we count once only in the sum.', 116.9, 319, 0.1),
      ]),
    ).toEqual([
      'paragraph: Both events count the same card twice, so the card that is both a spade and an ace is the case P(spade and ace), which we count once only in the sum.',
    ]);
  });
});

describe('a formula on a line of its own after a sentence that ended', () => {
  it('keeps it as its own paragraph, never dropped for its few words', () => {
    expect(
      blocks([
        line('The answer is the derivative of the outer function times the derivative of the inner one, and it is', 347.1),
        line('written with the secant as the chain rule gives it. There are many ways to simplify this answer,', 334),
        line('including both of the following.', 320.8, { x1: 230 }),
        line('= 2\\(\\sqrt{\\sec (4x)}\\) tan(4x).', 294.9, { x0: 263, x1: 357, math: 0.28 }),
      ]).slice(1),
    ).toEqual(['paragraph: = 2\\(\\sqrt{\\sec (4x)}\\) tan(4x).']);
  });
});

describe('a sentence cut after a word that goes on in bold words', () => {
  it('keeps the bold words ending it in its paragraph', () => {
    expect(
      blocks([
        line('At equilibrium there is no net change in the free energy occurring, as every equilibrium is dynamic.', 303.7),
        line('Therefore we expect no change at equilibrium only. Because equilibrium is special we will define the', 291.7),
        line('Equilibrium Constant K.', 279.7, { x1: 173, bold: true }),
      ]),
    ).toEqual([
      'paragraph: At equilibrium there is no net change in the free energy occurring, as every equilibrium is dynamic. ' +
        'Therefore we expect no change at equilibrium only. Because equilibrium is special we will define the Equilibrium Constant K.',
    ]);
  });
});
