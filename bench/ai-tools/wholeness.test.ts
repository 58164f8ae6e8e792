import { describe, expect, it } from 'vitest';
import { damageOf } from './wholeness';

const text = [
  'We combine the first law with our microscopic definition of internal energy to describe our system. Entropy counts states.',
  'The algorithm proceeds in three steps: take, place, insert.',
].join('\n\n');
const material = { text, blocks: new Set<string>(), latex: new Set<string>() };

describe('damageOf (the measure of whole units)', () => {
  it('finds a sentence cut in two across sections, and nothing in whole ones', () => {
    const previous = '<p>Entropy counts states.</p>';
    const cut =
      '<p>We combine the first law with our microscopic definition of internal</p><p>energy to describe our system.</p><p>Entropy counts states.</p>';
    expect(damageOf(previous, cut, material).damaged).toEqual([
      'We combine the first law with our microscopic definition of internal',
      'energy to describe our system.',
    ]);
    const whole =
      '<p>We combine the first law with our microscopic definition of internal energy to describe our system.</p><p>Entropy counts states.</p>';
    expect(damageOf(previous, whole, material)).toEqual({ damaged: [], lost: [] });
  });

  it('finds what the previous version held that the result lost, and counts a formula not in either as damage', () => {
    const previous = '<p>Entropy counts states.</p><p>Typed by the author.</p>';
    const result = '<p>Entropy counts states.</p><p><span data-type="inline-math" data-latex="x^2"></span> squared.</p>';
    const damage = damageOf(previous, result, material);
    expect(damage.lost).toEqual(['Typed by the author.']);
    expect(damage.damaged).toContain('\\(x^2\\)');
  });
});
