import { describe, expect, it } from 'vitest';
import { buildBlocks } from './pdf-blocks';
import { continuesUrl } from './pdf-join';
import type { PdfLine, PdfRegion } from './pdf-types';

/** A line of a 12 pt column from x 110 to 500, baselines 14.4 pt apart. */
const line = (text: string, y: number, extra: Partial<PdfLine> = {}): PdfLine => ({
  page: 4,
  column: 0,
  x0: 110,
  x1: 500,
  y,
  size: 12,
  font: 'Times',
  text,
  columnLeft: 110,
  columnRight: 500,
  ...extra,
});

const paragraphs = (lines: PdfLine[]) =>
  buildBlocks(lines, [])
    .blocks.filter((b) => b.kind === 'paragraph')
    .map((b) => b.text);

describe('PDF lines joined into paragraphs', () => {
  it('keeps a paragraph\'s last line that is only a number ("10.") as the end of its sentence', () => {
    expect(
      paragraphs([
        line('In summary, someone who scored 98 or above exerted effort between 0.96 and 1, and', 700),
        line('got a luck value between 8 and', 685.6),
        line('10.', 671.2, { x1: 125 }),
        line('Now suppose that we give a second test to the students who scored 98 or above.', 656.8, { x0: 128 }),
      ]),
    ).toEqual([
      'In summary, someone who scored 98 or above exerted effort between 0.96 and 1, and got a luck value between 8 and 10.',
      'Now suppose that we give a second test to the students who scored 98 or above.',
    ]);
  });

  it('reads accents set on their own baseline over the line below as part of that line, not a paragraph break', () => {
    expect(
      paragraphs([
        line('Bias is the true error of the best classifier in the concept class (e.g. best decision tree on a', 700),
        line('ˆ ˆ', 688.2, { x0: 340, x1: 350 }),
        line('fixed number of nodes). Basically, you approximate a function and compare it with the true one.', 685.6),
      ]),
    ).toEqual([
      'Bias is the true error of the best classifier in the concept class (e.g. best decision tree on a fixed number of nodes). Basically, you approximate a function and compare it with the true one.',
    ]);
  });

  it("reads an inline fraction's numerator, set in small type on its own baseline, as part of its line, not a paragraph break", () => {
    // "(e.g., ∂³f/∂x²∂y) vanish": the numerator stands between the two text lines, its scripts read as inline LaTeX.
    const text = [
      ...Array.from({ length: 6 }, (_, k) =>
        line('Filler prose of the page in the body type, set to give the page its measure.', 760 - 14.4 * k),
      ),
      line('Higher-order derivatives and the mixed derivatives of degree 3 (e.g.,', 700),
      line('∂\\(f^{3}\\)', 690.5, { x0: 115, x1: 128, size: 8, math: 0.67 }),
      line('∂\\(x^{2}\\)∂y) vanish, such that the Taylor series ends with its cubic terms.', 685.6, { x0: 111, math: 0.19 }),
    ];
    expect(paragraphs(text).slice(-1)[0]).toMatch(/^Higher-order derivatives .* \(e\.g\., .*vanish, such that the Taylor series/);
  });

  it('reads a paragraph set in larger type than the body (an abstract on a title page) as one paragraph, not a heading per line', () => {
    const large = { size: 13.5, x1: 480 };
    const blocks = buildBlocks(
      [
        line('Overview of Leaf Physiology', 760, { size: 18, x0: 200, x1: 420 }),
        line('Abstract', 730, { ...large, x1: 170 }),
        line('Light capture by leaves has been an important field of study for over two decades', 712, large),
        line('now. Although many models explain the uptake of carbon, the model of Farquhar has been', 695, large),
        line('the one to capture the attention of plant physiologists. Thus it is essential to know that', 678, large),
        line('Model. This paper gives a historical overview of the Farquhar model of photosynthesis', 661, large),
        line('(FvCB) by summarizing its evolution, its key applications, extensions and limitations.', 644, large),
        ...Array.from({ length: 8 }, (_, k) =>
          line('The body text of the paper goes on in its own smaller type on the later pages.', 600 - 14.4 * k),
        ),
      ],
      [],
    ).blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Overview of Leaf Physiology', 'Abstract']);
    expect(blocks.find((b) => b.kind === 'paragraph')?.text).toMatch(
      /^Light capture by leaves .* over two decades now\. Although .*limitations\.$/,
    );
  });

  it('joins the lines of a definition set in a narrower measure, and a sentence going on in lower case; key lines stay apart', () => {
    const boxed = { x0: 130, x1: 440 };
    expect(
      paragraphs([
        line('An argument is valid if and only if there is no case in which', 700, boxed),
        line('all of its premises are true and its conclusion is false, as we', 685.6, boxed),
        line('saw with the butler and the gardener.', 671.2, { x0: 130, x1: 330 }),
      ]),
    ).toEqual([
      'An argument is valid if and only if there is no case in which all of its premises are true and its conclusion is false, as we saw with the butler and the gardener.',
    ]);
    expect(
      paragraphs([
        line('You must give appropriate credit, provide a link to the license, and indicate if', 700, { x1: 470 }),
        line('changes were made, in any reasonable manner that you choose.', 685.6, { x1: 420 }),
      ]),
    ).toEqual([
      'You must give appropriate credit, provide a link to the license, and indicate if changes were made, in any reasonable manner that you choose.',
    ]);
    expect(
      paragraphs([
        line('R: Ludwig is a reactionary thinker', 700, { x1: 300 }),
        line('L: Ludwig is a libertarian thinker', 685.6, { x1: 298 }),
      ]),
    ).toEqual(['R: Ludwig is a reactionary thinker', 'L: Ludwig is a libertarian thinker']);
  });

  it('keeps a listing and its printed output whole as one code block, with indentation; a sentence in typewriter type stays prose', () => {
    const mono = { mono: true, size: 10 };
    const blocks = buildBlocks(
      [
        line('We fit the model and print its coefficients.', 700),
        line('model <- lm(weight ~ height, data = survey)', 680, { ...mono, x1: 330 }),
        line('for (h in heights) {', 668, { ...mono, x1: 230 }),
        line('print(predict(model, h))', 656, { ...mono, x0: 122, x1: 270 }),
        line('}', 644, { ...mono, x1: 116 }),
        line('## [1] 61.2', 632, { ...mono, x1: 176 }),
        line('• for each predicate that we care to consider (apart from ‘=’), its extension', 610, { ...mono }),
      ],
      [],
    ).blocks;
    expect(blocks.filter((b) => b.kind === 'code').map((b) => b.text)).toEqual([
      'model <- lm(weight ~ height, data = survey)\nfor (h in heights) {\n  print(predict(model, h))\n}\n## [1] 61.2',
    ]);
    expect(blocks.some((b) => b.kind !== 'code' && b.text.includes('for each predicate that we care to consider'))).toBe(true);
  });

  it('keeps a footnote that is only a web address, in typewriter type or not, as text (never dropped, never a listing)', () => {
    const blocks = buildBlocks(
      [
        line('The board features a microcontroller with a fast clock and a small memory.', 700),
        line('http://www.example.org/product/MSP430FR5969', 80, { size: 8, isNote: true, x1: 300 }),
        line('http://www.example.org/webdoc/avr_assembler/sbr.html', 70, { size: 8, isNote: true, mono: true, x1: 300 }),
      ],
      [],
    ).blocks;
    const text = blocks
      .filter((b) => b.kind === 'paragraph')
      .map((b) => b.text)
      .join('\n');
    expect(text).toContain('http://www.example.org/product/MSP430FR5969');
    expect(text).toContain('http://www.example.org/webdoc/avr_assembler/sbr.html');
    expect(blocks.some((b) => b.kind === 'code')).toBe(false);
  });

  it('a web address that ends a sentence is followed by the next sentence, with its space', () => {
    expect(continuesUrl('see http:', '//www.example.org/lit/ds/sheet.pdf')).toBe(true);
    expect(continuesUrl('on my website: http://example.org/econ/closing_prices.csv.', 'Write code to read this data into R.')).toBe(false);
    expect(continuesUrl('See https://example.org/notes.', 'html')).toBe(true);
  });
});

describe('a sentence interrupted by a figure or a margin note placed mid-flow', () => {
  const region = (kind: PdfRegion['kind'], y: number, extra: Partial<PdfRegion> = {}): PdfRegion => ({
    kind,
    page: 4,
    x0: 150,
    y0: y - 30,
    x1: 450,
    y1: y,
    text: kind === 'equation' ? 'f : R^D → R' : '',
    ...extra,
  });
  const at = (r: PdfRegion) => line('', r.y1, { region: r, x0: r.x0, x1: r.x1 });

  it('joins a sentence cut by a table or a listing placed mid-flow ("... Then the" [table] "heuristic selects ..."), the float after it', () => {
    const table = region('table', 640, {
      rows: [
        ['Tag', 'JS Type'],
        ['xx1', 'number'],
        ['000', 'object'],
      ],
    });
    const blocks = buildBlocks(
      [
        line('The heuristic considers the values in registers after the current instruction. Then the', 700),
        at(table),
        line('heuristic selects the value used last. This frees up a register for as long as possible.', 560),
        line('In Section 7 we evaluate our dynamic compiler based on', 530, { x1: 380 }),
        line('for (var i = 2; i < 100; ++i) {', 515, { mono: true, x1: 300 }),
        line('    primes[i] = true;', 500, { mono: true, x1: 300 }),
        line('}', 485, { mono: true, x1: 120 }),
        line('a set of industry benchmarks, with a summary at the end of the paper.', 465),
      ],
      [],
    ).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'paragraph', 'code']);
    expect(blocks[0].text).toBe(
      'The heuristic considers the values in registers after the current instruction. Then the heuristic selects the value used last. This frees up a register for as long as possible.',
    );
    expect(blocks[2].text).toBe(
      'In Section 7 we evaluate our dynamic compiler based on a set of industry benchmarks, with a summary at the end of the paper.',
    );
  });

  it('keeps a lead-in whose sentence goes on after its listing where it is ("... we call" [code] "which prints ...")', () => {
    const blocks = buildBlocks(
      [
        line('To print the first primes of the sieve we call', 700, { x1: 380 }),
        line('printPrimes(primes, 100);', 685, { mono: true, x1: 300 }),
        line('showPrimes(primes);', 670, { mono: true, x1: 300 }),
        line('which prints every number that is still marked as a prime when the sieve is done.', 650),
      ],
      [],
    ).blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'code', 'paragraph']);
  });

  it('puts the display formula and the text going on after it back after their lead-in, the figure after them', () => {
    const figure = region('figure', 640, { caption: 'Figure 5.1 Regression and density estimation.' });
    const equation = region('equation', 560, { label: '(5.1)' });
    const { blocks } = buildBlocks(
      [
        line('Section 2.7.3 provides much more detailed discussion in the context of linear functions. We often write', 700),
        line('domain', 690, { x0: 520, x1: 560, size: 8, isMargin: true }),
        at(figure),
        at(equation),
        line('to specify a function, where (5.1) specifies that f is a mapping from the inputs to the reals.', 520),
      ],
      [],
    );
    expect(blocks.filter((b) => b.kind !== 'index-term').map((b) => [b.kind, b.text.slice(0, 30)])).toEqual([
      ['paragraph', 'Section 2.7.3 provides much mo'],
      ['equation', 'f : R^D → R'],
      ['paragraph', 'to specify a function, where ('],
      ['figure', 'Figure 5.1 Regression and dens'],
    ]);
  });

  it('joins a sentence that goes on in lower case after a figure; a finished sentence keeps the figure where it is', () => {
    const figure = region('figure', 640, { caption: 'Figure 2.1 A block cipher.' });
    const { blocks } = buildBlocks(
      [
        line('The key is combined with the state through an addition-like', 700),
        at(figure),
        line('operation, normally exclusive or.', 600),
      ],
      [],
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'figure']);
    expect(blocks[0].text).toBe('The key is combined with the state through an addition-like operation, normally exclusive or.');
    const finished = buildBlocks([line('The key is combined with the state.', 700), at(figure), line('Then comes the S-Box.', 600)], []);
    expect(finished.blocks.map((b) => b.kind)).toEqual(['paragraph', 'figure', 'paragraph']);
  });
});

describe('an algorithm float inside a paragraph', () => {
  it('reads "Algorithm 8 Evaluation phase ..." at the column edge as a caption, never glued to the sentence before it', () => {
    const { blocks } = buildBlocks(
      [
        line('The main reason is that we average many signals, which reduces the amount of noise', 700),
        line('Algorithm 8 Evaluation phase of a DPA for first byte of AES', 685.6, { x1: 420 }),
        line('Algorithm 2 computes the sum limb by limb, from the least significant limb on.', 650, { x0: 128 }),
      ],
      [],
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'The main reason is that we average many signals, which reduces the amount of noise'],
      ['caption', 'Algorithm 8 Evaluation phase of a DPA for first byte of AES'],
      ['paragraph', 'Algorithm 2 computes the sum limb by limb, from the least significant limb on.'],
    ]);
  });
});

describe('a sentence an algorithm float interrupts', () => {
  it('goes on in the first sentence in lower case after the algorithm, its lines left as they are', () => {
    const { blocks } = buildBlocks(
      [
        line('The main reason is that we average many signals, which reduces the amount of noise', 700),
        line('Algorithm 8 Evaluation phase of a DPA for first byte of AES', 685.6, { x1: 420 }),
        line('for each candidate key k do', 650, { x0: 140, x1: 300 }),
        line('if LSBit (b) = 0 then', 630, { x0: 160, x1: 280 }),
        line('relatively to the signal. More precisely, we can write a power trace at a point in time as', 600),
        line('', 570, { region: { kind: 'equation', page: 4, x0: 150, y0: 550, x1: 450, y1: 570, text: 'p = s + n' }, x0: 150, x1: 450 }),
        line('where s is the leakage and n the noise of the measurement.', 530, { x1: 420 }),
      ],
      [],
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      [
        'paragraph',
        'The main reason is that we average many signals, which reduces the amount of noise relatively to the signal. More precisely, we can write a power trace at a point in time as',
      ],
      ['equation', 'p = s + n'],
      ['paragraph', 'where s is the leakage and n the noise of the measurement.'],
      ['caption', 'Algorithm 8 Evaluation phase of a DPA for first byte of AES'],
      ['paragraph', 'for each candidate key k do'],
      ['paragraph', 'if LSBit (b) = 0 then'],
    ]);
  });
});
