import { describe, expect, it } from 'vitest';
import type { DocBlock, DocSection } from '@server/core/document-model';
import { htmlToText } from '@common/textbook-ops/html';
import { CasingIndex } from '@server/ai/shared/phrasing';
import { chapterOpening, chapterReview, digestUnit, unitObjectives } from './apparatus';
import { comparedPair, exampleObjective, objectObjection } from '@server/ai/shared/objective-acts';
import { cutDefinition, keyTermsOf } from '@server/ai/shared/key-terms';

const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
const unit = (title: string, blocks: DocBlock[], children: DocSection[] = []): DocSection => ({
  title,
  level: 1,
  depth: 1,
  pos: {},
  blocks,
  children,
});
const casing = new CasingIndex('the derivative of a polynomial and the chain rule; partial derivatives; a Taylor polynomial');

describe('what an objective may be about', () => {
  it('never a date, a number, a name, a page element, code or a logistics heading', () => {
    for (const bad of [
      'january 10, 2019',
      'total',
      'points earned',
      'to hand in',
      '1.05*norm.vec1',
      'P.D. Magnus',
      'Figure 2.3',
      'practice exercises',
      'development platform used for this lecture',
    ])
      expect(objectObjection(bad, casing), bad).toBeDefined();
    for (const good of ['focal point', 'the chain rule', 'total derivative', 'Taylor series', 'mesh networks'])
      expect(objectObjection(good, casing), good).toBeUndefined();
  });
});

describe('objectives from what a unit does', () => {
  it('a worked example gives "Compute …" or "Apply … to compute …"; one that names no task gives none', () => {
    expect(exampleObjective({ label: 'Example 5.2', subject: 'Derivative of a Polynomial' }, casing)).toBe(
      'Compute the derivative of a polynomial (Example 5.2)',
    );
    expect(exampleObjective({ label: 'Example 5.6', subject: 'Partial Derivatives Using the Chain Rule' }, casing)).toBe(
      'Apply the chain rule to compute partial derivatives (Example 5.6)',
    );
    expect(exampleObjective({ label: 'Example 3.1', subject: 'Mirror image' }, casing)).toBeUndefined();
    expect(exampleObjective({ label: 'Example 4' }, casing)).toBeUndefined();
  });

  it('a comparison between two terms gives "Distinguish … from …", an adjective does not', () => {
    expect(comparedPair('A combination is almost exactly like a permutation with one important difference.', casing)).toEqual([
      'combination',
      'permutation',
    ]);
    expect(comparedPair('Automatic differentiation is different from symbolic differentiation in one way.', casing)).toEqual([
      'Automatic differentiation',
      'symbolic differentiation',
    ]);
    expect(comparedPair('The difference between set and ordered is the point.', casing)).toBeUndefined();
  });

  it('a definition gives "Define …", a proof "Prove …", a task "Compute …"; a rule\'s heading alone gives nothing', () => {
    const d = digestUnit(
      unit(
        'Counting',
        [],
        [
          unit('The Multiplication Rule', [
            p('A permutation is an ordered arrangement of objects taken from a set of distinct objects.'),
            p(
              'Every permutation of three objects can be listed by hand. A combination is almost exactly like a permutation with one important difference.',
            ),
            p('A combination ignores the order in which objects are drawn from the set.'),
          ]),
          unit('Results', [
            p('Theorem 2.1 (Binomial Theorem). For every n the expansion holds.'),
            p('Proof. By induction on n.'),
            p('What is the probability of drawing two aces from a full deck of cards?'),
          ]),
        ],
      ),
    );
    const objectives = unitObjectives(d);
    expect(objectives).toContain('Define a permutation.');
    expect(objectives).toContain('Distinguish a combination from a permutation.');
    expect(objectives).toContain('Prove the binomial theorem (Theorem 2.1).');
    expect(objectives).not.toContain('Apply the multiplication rule.');
    expect(objectives).toContain('Compute the probability of drawing two aces from a full deck of cards.');
    expect(objectives.some((o) => /^Explain /.test(o))).toBe(false);
  });

  it('a unit where nothing specific can be said gets no objective and no template review', () => {
    const d = digestUnit(
      unit('Names', [p('Most institutions run their own nameservers. Names are easier to remember than addresses for most people.')]),
    );
    expect(unitObjectives(d)).toEqual([]);
    expect(htmlToText(chapterReview(d))).not.toMatch(/in your own words/);
  });

  it('at most one review question in five is of the "in your own words" kind', () => {
    const d = digestUnit(
      unit(
        'Networks',
        [],
        [
          unit('Topologies', [
            p('A star network is a network in which every device connects to one central switch.'),
            p('A star network fails when its switch fails.'),
          ]),
          unit('Addressing', [p('An IP address is a number that names one device on a network.'), p('Every IP address has four parts.')]),
          unit('Routing', [p('Routers pass packets between networks along routes.')]),
          unit('Naming', [p('Names are easier to remember than addresses.')]),
        ],
      ),
    );
    const review = chapterReview(d);
    const questions = [...review.slice(review.indexOf('Review Questions')).matchAll(/<li><p>(.*?)<\/p><\/li>/g)].map((m) => m[1]);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.filter((q) => /in your own words/.test(q)).length * 5).toBeLessThanOrEqual(questions.length);
  });
});

describe('front matter and logistics keep their content without an apparatus', () => {
  it('a syllabus unit, a front-matter unit and a schedule of dates get no objectives or review', () => {
    const units = [
      unit('Course Policies', [p('Equity and diversity are central values of this course and of the whole university community.')]),
      unit(
        'General Remarks',
        [],
        [
          unit('Notation', [p('Vectors are written in bold in every chapter of these notes.')]),
          unit('Licensing', [p('This work is licensed under a Creative Commons licence.')]),
        ],
      ),
      unit('Plan', [p('Jan 10: introduction.'), p('Jan 17: regression, 10 points.'), p('Jan 24: quiz 1 due.'), p('Jan 31: project due.')]),
    ];
    for (const u of units) {
      const d = digestUnit(u);
      expect(d.kind, u.title).not.toBe('teaching');
      expect(chapterOpening(d)).toBe('');
      expect(chapterReview(d)).toBe('');
    }
  });
});

describe('key terms are whole defining sentences', () => {
  it('refuses a definition cut mid-sentence, at a hyphen, before its formula or with its symbols lost', () => {
    expect(cutDefinition('For two vector spaces V, W and a lin-')).toBeDefined();
    expect(cutDefinition('tives of a vector-valued function are collected here.')).toBeDefined();
    expect(cutDefinition('More formally, the derivative of f at x is defined as the limit')).toBeDefined();
    expect(cutDefinition('The ANF is the XOR sum of AND combinations of , , . . ..')).toBeDefined();
    expect(cutDefinition('The Taylor series is a representation of a function as an infinite sum of terms.')).toBeUndefined();
  });

  it('takes no opinion of a term for its definition', () => {
    const terms = keyTermsOf([
      p('RSA is a well known algorithm. RSA keys are long.'),
      p('The dominant eigenvalue is the first one. The dominant eigenvalue decides convergence.'),
      p('A block cipher is a function that maps a plaintext to a ciphertext under a key. Every block cipher has rounds.'),
    ]);
    expect(terms.map((t) => t.term)).toEqual(['block cipher']);
  });
});
