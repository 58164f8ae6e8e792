import { describe, expect, it } from 'vitest';
import type { DocBlock, DocSection } from '@server/core/document-model';
import { isReviewSection, materialHtml, reviewSectionTitle } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { chapterOpening, chapterReview, digestUnit } from './apparatus';
import { keyTermsOf } from '@server/ai/shared/key-terms';

const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
const li = (text: string): DocBlock => ({ kind: 'list-item', text, depth: 0 });
const unit = (title: string, blocks: DocBlock[], children: DocSection[] = []): DocSection => ({
  title,
  level: 1,
  depth: 1,
  pos: {},
  blocks,
  children,
});

describe('key terms as the material defines them', () => {
  it('takes noun phrases the text defines, with the sentence that defines them', () => {
    const terms = keyTermsOf([
      p(
        'A network is a relatively simple concept with some complex underlying technologies. Each computer in a network can be referred to as a "node." A node forwards packets.',
      ),
      p('Some networks allow any device to connect to any other device. These are called mesh networks. Mesh networks heal themselves.'),
      p('If f(x) = T(x) then f is called analytic. Fat bytecodes are a problem for the interpreter and the interpreter and the bytecodes.'),
      li('Link-layer: communication between hosts on a single network'),
      li('Transport layer: Communication between processes on two hosts of a network.'),
      li('Rule of thumb: truth should be within two standard errors of the estimate'),
    ]);
    // "A network is a relatively simple concept ..." judges the term rather than defining it.
    // A glossary line is kept when its definition is a whole sentence ("Link-layer: communication ..." is not).
    expect(terms.map((t) => t.term)).toEqual(['node', 'mesh networks', 'Transport layer']);
    expect(terms[1].definition).toBe('Some networks allow any device to connect to any other device. These are called mesh networks.');
    expect(terms[2].definition).toBe('Communication between processes on two hosts of a network.');
  });

  it('keeps a labelled definition with the formula that completes it', () => {
    const equation: DocBlock = { kind: 'equation', text: 'T_n(x)', latex: 'T_n(x) = \\sum_k f^{(k)}(x_0)/k!' };
    const [term] = keyTermsOf([
      p('Definition 5.3 (Taylor Polynomial). The Taylor polynomial of degree n of f at x is defined as'),
      equation,
    ]);
    expect(term.term).toBe('Taylor Polynomial');
    expect(term.equation).toBe(equation);
  });
});

describe('the apparatus around a chapter', () => {
  const chapter = unit(
    'Networks',
    [p('A network connects computers so that they can exchange information.')],
    [
      unit('Types of Networks', [
        p(
          'Most of the networks that we deal with on a given day are star networks. A star network connects every device to one central switch.',
        ),
        p(
          'Some networks allow any device to connect to any other device. These are called mesh networks. Mesh networks survive the loss of a link.',
        ),
      ]),
      unit('Questions to consider', [
        li('How might different topologies affect the stability of a network?'),
        li('Does it go through the middle?'),
      ]),
      unit('Naming Hosts', [
        p(
          'DNS maps host names onto IP addresses, which allows people to use names instead of numbers. DNS is hierarchical and uses many servers.',
        ),
      ]),
    ],
  );
  const digest = digestUnit(chapter);

  it('opens with what the chapter covers and objectives a student can act on', () => {
    const opening = htmlToText(chapterOpening(digest));
    expect(opening).toContain('This chapter covers types of networks and naming hosts.');
    // Objectives from what the unit does (it defines mesh networks), never a heading with "Explain" in front.
    expect(opening).toContain('Define mesh networks.');
    expect(opening).not.toContain('Explain naming hosts.');
    expect(opening).not.toMatch(/questions to consider|as the material states/i);
  });

  it("closes with a summary that does not repeat the key terms, the terms, and the material's own questions that stand alone", () => {
    const review = htmlToText(chapterReview(digest));
    expect(review).toMatch(/Summary Types of networks: (?:A star network|Mesh networks survive)/);
    expect(review.split('These are called mesh networks.').length - 1).toBe(1);
    expect(review).toContain(
      'mesh networks: Some networks allow any device to connect to any other device. These are called mesh networks.',
    );
    expect(review).toContain('How might different topologies affect the stability of a network?');
    expect(review).not.toContain('Does it go through the middle?');
    expect(review).toContain('What are mesh networks?');
  });

  it("asks a problem's question with the setting it leans on, never the last sentence alone", () => {
    const setting =
      'A small museum has space in its gallery for 4 paintings in a row. The curator randomly selects 4 of its 10 paintings and hangs them.';
    const problems = digestUnit(
      unit(
        'Classical Probability',
        [p('Classical probability counts equally likely outcomes and divides by their number.')],
        [
          unit('A Problem Involving a Permutation', [
            p(`${setting} What is the probability that the gallery remains unchanged?`),
            p('There are 10 × 9 × 8 × 7 = 5040 ways to hang the paintings, so the probability is 1/5040.'),
          ]),
          unit('Review problems', [p('How many ways are there to order the 10 paintings of the museum in one row?')]),
        ],
      ),
    );
    const review = htmlToText(chapterReview(problems));
    expect(review).toContain(`${setting} What is the probability that the gallery remains unchanged?`);
    expect(review.split('the gallery remains unchanged?').length - 1).toBe(1);
    expect(review).toContain('How many ways are there to order the 10 paintings of the museum in one row?');
  });

  it('a unit without sections does not repeat its own list of questions in the review right below it', () => {
    const task = digestUnit(
      unit('Task 1: Weight of a Shopping Bag', [
        p('When grocery shopping, I buy apples with probability 0.4 and melons with probability 0.2 each week.'),
        { kind: 'list-item', text: 'What is the expected weight of the shopping bag?', depth: 0 },
        { kind: 'list-item', text: 'What is the probability of the bag exceeding six kilograms?', depth: 0 },
      ]),
    );
    expect(task.questions).toEqual([]);
    expect(htmlToText(chapterReview(task))).not.toContain('What is the expected weight of the shopping bag?');
  });

  it('a recap of the last lecture ("Review of recent material") or closing thoughts frame the lesson: no objective or question on them', () => {
    const recap = digestUnit(
      unit('Review of recent material', [
        p('We have been learning about multi-variable models that hold several predictors at once, with their interactions.'),
      ]),
    );
    expect(htmlToText(chapterOpening(recap))).not.toMatch(/review of recent material/i);
    expect(htmlToText(chapterReview(recap))).not.toMatch(/review of recent material/i);
    const closing = digestUnit(unit('Concluding thoughts', [p('Graphs show every assumption of a regression at a glance.')]));
    expect(htmlToText(chapterOpening(closing))).not.toMatch(/concluding thoughts/i);
  });

  it('tells the apparatus from the material, so words, quizzes and expansion count only the material', () => {
    const html = `<h3>Overview</h3><p>This chapter covers x.</p><hr /><p>Own text.</p><h3>Summary</h3><p>A summary heading of the source itself.</p><hr /><h3>Summary</h3><ul><li><p>Restated.</p></li></ul>`;
    expect(materialHtml(html)).toBe('<p>Own text.</p><h3>Summary</h3><p>A summary heading of the source itself.</p>');
    expect(isReviewSection(reviewSectionTitle)).toBe(true);
    expect(isReviewSection('Review: Networks')).toBe(true);
    expect(isReviewSection('Reviewing the literature')).toBe(false);
  });
});
