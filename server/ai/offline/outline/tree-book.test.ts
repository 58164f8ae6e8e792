import { describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { materialHtml, reviewSectionTitle } from '@server/ai/shared/apparatus-html';
import { htmlToText } from '@common/textbook-ops/html';
import { composeFromDocuments, documentUnits } from './tree-book';
import { materialOf } from '@server/test/ai/material.support';

const h = (text: string, level: number, extra: Partial<DocBlock> = {}): DocBlock => ({ kind: 'heading', text, level, ...extra });
const p = (text: string): DocBlock => ({ kind: 'paragraph', text });
const para = (topic: string) => p(`${topic} is described here in a full sentence of the source, with enough words to read as prose.`);

function doc(blocks: DocBlock[], title?: string, filename = 'doc.pdf'): ExtractedDocument {
  return { filename, mime: 'application/pdf', text: blocks.map((b) => b.text).join('\n\n'), blocks, title };
}
const material = (...docs: ExtractedDocument[]) => materialOf(docs, { imageUrls: { abc: '/api/images/3' } });

describe('documentUnits', () => {
  it('a chapter file: its numbered sections are the units, its exercises follow them', () => {
    const units = documentUnits(
      doc([
        h('5 Vector Calculus', 1),
        para('Calculus'),
        h('5.1 Differentiation', 2),
        para('Differentiation'),
        h('5.1.1 Taylor Series', 3),
        para('Taylor'),
        h('5.2 Gradients', 2),
        para('Gradients'),
        h('Exercises', 1),
        p('5.1 Compute the derivative of the function.'),
      ]),
    );
    expect(units.intro?.title).toBe('5 Vector Calculus');
    expect(units.chapters.map((c) => c.title)).toEqual(['5.1 Differentiation', '5.2 Gradients']);
    // The chapter's exercises close the book made from it.
    expect(units.endMatter.map((c) => c.title)).toEqual(['Exercises']);
    expect(units.chapters[0].children.map((c) => c.title)).toEqual(['5.1.1 Taylor Series']);
  });

  it('lecture notes by date: the topics under each session are the units, in order', () => {
    const units = documentUnits(
      doc([
        h('January 10, 2019', 1, { session: true }),
        p('Housekeeping.'),
        h('Sampling', 2),
        para('Sampling'),
        h('Bias', 2),
        para('Bias'),
        h('January 17, 2019', 1, { session: true }),
        h('Regression', 2),
        para('Regression'),
      ]),
    );
    expect(units.chapters.map((c) => c.title)).toEqual(['Sampling', 'Bias', 'Regression']);
    expect(units.chapters[0].blocks[0].text).toBe('Housekeeping.');
  });

  it('drops a table of contents and the reference list, keeps appendices', () => {
    const units = documentUnits(
      doc([
        h('Contents', 1),
        p('1 Intro 3'),
        h('Intro', 1),
        para('Intro'),
        h('Appendix A: Tables', 1),
        para('Tables'),
        h('References', 1),
        { kind: 'bibliography', text: 'Smith (2000). A book.' },
      ]),
    );
    expect(units.chapters.map((c) => c.title)).toEqual(['Intro']);
    expect(units.appendices.map((c) => c.title)).toEqual(['Appendix A: Tables']);
  });
});

describe('appendices', () => {
  it('a lettered run after numbered units is titled "Appendix A: ..." and kept out of the chapters', () => {
    const units = documentUnits(
      doc([
        h('1 Motivation', 1),
        para('Motivation'),
        h('2 Quadrature', 1),
        para('Quadrature'),
        h('A Gaussian processes', 1),
        para('Gaussian processes'),
        h('B. Change of variables', 1),
        para('Change of variables'),
      ]),
    );
    expect(units.chapters.map((c) => c.title)).toEqual(['1 Motivation', '2 Quadrature']);
    expect(units.appendices.map((c) => c.title)).toEqual(['Appendix A: Gaussian processes', 'Appendix B: Change of variables']);
  });

  it('a lettered heading before numbered units, or out of sequence, is no appendix', () => {
    const units = documentUnits(
      doc([h('A Tour of the Course', 1), para('Tour'), h('1 Basics', 1), para('Basics'), h('C Later', 1), para('Later')]),
    );
    expect(units.appendices).toEqual([]);
    expect(units.chapters.map((c) => c.title)).toEqual(['A Tour of the Course', '1 Basics', 'C Later']);
  });

  it('with several documents, every appendix follows the main matter, named as one, never merged into a chapter', () => {
    const a = doc(
      [h('Appendix 1 - Derivations', 1), para('Derivations'), h('Sampling', 1), para('Sampling'), h('Estimation', 1), para('Estimation')],
      undefined,
      'a.docx',
    );
    const b = doc([h('1 Regression', 1), para('Regression'), h('A Proofs', 1), para('Proofs')], undefined, 'b.pdf');
    const book = composeFromDocuments(material(a, b), { title: 'Statistics' });
    const titles = book.chapters.map((c) => c.title);
    expect(titles.slice(-2)).toEqual(['Appendix 1: Derivations', 'Appendix A: Proofs']);
    expect(titles.slice(0, -2)).not.toContain('Appendix 1: Derivations');
    // The appendix is material, not a lesson: no objectives or review of its own.
    expect(book.chapters.at(-1)!.sections).toEqual([]);
    expect(htmlToText(book.chapters.at(-1)!.content)).toContain('Proofs is described here');
  });
});

describe('composeFromDocuments', () => {
  const blocks: DocBlock[] = [
    h('Probability', 1),
    p('A random variable is a function that maps each outcome of an experiment to a number.'),
    h('Distributions', 2),
    p('The distribution of a random variable gives the probability of each of its values.'),
    { kind: 'list-item', text: 'Discrete', depth: 0 },
    { kind: 'list-item', text: 'Binomial', depth: 1 },
    {
      kind: 'table',
      text: 'x p',
      rows: [
        ['x', 'p'],
        ['0', '0.5'],
      ],
      header: true,
    },
    h('The normal density', 3),
    { kind: 'equation', text: 'f(x)', latex: 'f(x) = \\frac{1}{\\sqrt{2\\pi}} e^{-x^2/2}', label: '(6.9)' },
    {
      kind: 'figure',
      text: 'Figure 6.1: The bell curve',
      caption: 'Figure 6.1: The bell curve',
      image: { sha256: 'abc', mime: 'image/png' },
    },
    { kind: 'margin', text: 'Gauss first described it.' },
    h('Expectation', 2),
    p('The expectation of a random variable is its long-run average value over many repetitions.'),
    h('Statistics', 1),
    para('Statistics'),
  ];

  it('chapters and sections from the headings, deeper headings inside the section, every block kind kept', () => {
    const book = composeFromDocuments(material(doc(blocks, 'Probability and Statistics')), { title: 'Stats' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Probability', 'Statistics']);
    const [prob] = book.chapters;
    expect(prob.sections.map((s) => s.title)).toEqual(['Distributions', 'Expectation', reviewSectionTitle]);
    const dist = prob.sections[0].content;
    expect(dist).toContain('<ul><li><p>Discrete</p><ul><li><p>Binomial</p></li></ul></li></ul>');
    expect(dist).toContain('<table>');
    expect(dist).toContain('<h3>The normal density</h3>');
    expect(dist).toContain('data-type="block-math"');
    expect(dist).toContain('<img src="/api/images/3" alt="Figure 6.1: The bell curve" />');
    expect(dist).toContain('<p><strong>Note:</strong> Gauss first described it.</p>');
    // The chapter opens with what it covers and what a student can do, and closes with its review.
    expect(prob.content).toContain('<h3>Overview</h3><p>This chapter covers distributions and the expectation.</p>');
    expect(prob.content).toContain('<li><p>Define a random variable.</p></li>');
    expect(prob.content).not.toContain('Explain distributions');
    expect(htmlToText(prob.content)).toContain('A random variable is a function that maps each outcome');
    const review = prob.sections[2].content;
    expect(review).toContain('<h3>Key Terms</h3>');
    expect(review).toContain(
      '<strong>random variable</strong>: A random variable is a function that maps each outcome of an experiment to a number.',
    );
    expect(review).toContain('What is a random variable?');
  });

  it("merges several files by topic, each one's order kept, never numbering repeated titles", () => {
    const a = doc([h('Introduction', 1), para('Intro A'), h('Methods', 1), para('Methods A')], undefined, 'a.pdf');
    const b = doc([h('Introduction', 1), para('Intro B'), h('Results', 1), para('Results B')], undefined, 'b.pdf');
    const book = composeFromDocuments(material(a, b), { title: 'Two' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Introduction', 'Methods', 'Results']);
    const intro = htmlToText(book.chapters[0].content);
    expect(intro.indexOf('Intro A is described')).toBeLessThan(intro.indexOf('Intro B is described'));
    expect(book.chapters.some((c) => /\(\d+\)$/.test(c.title))).toBe(false);
  });

  it("with several files, a file's introduction opens its own first chapter, not the book", () => {
    const lecture = (title: string, units: Array<[string, string]>) =>
      doc(
        [
          p(`Today we will talk about ${title.toLowerCase()} and then practise it in class with the whole group.`),
          p('In class we will also start with some hands-on practice at the keyboard, moving around the shell and its files.'),
          ...units.flatMap(([u, text]) => [h(u, 1), p(text)]),
        ],
        title,
        `${title}.md`,
      );
    const book = composeFromDocuments(
      material(
        lecture('Databases', [
          ['Tables', 'A table stores records in rows, and each column holds one kind of value for every record it keeps.'],
          ['Joins', 'A join combines the rows of two tables whose key columns match, so related records are read together.'],
        ]),
        lecture('Networks', [
          ['Clients', 'A client is any program that connects to a service, such as a browser asking a web site for a page.'],
          ['Servers', 'A server waits for requests from clients over the network and answers each one with the data asked for.'],
        ]),
      ),
      {
        title: 'Information science',
      },
    );
    // Two lectures on different subjects: each is one chapter under its own title, its introduction opening it.
    expect(book.chapters.map((c) => c.title)).toEqual(['Databases', 'Networks']);
    const networks = book.chapters[1];
    expect(htmlToText(networks.content)).toContain('Today we will talk about networks');
    expect(networks.sections.map((s) => s.title).slice(0, 2)).toEqual(['Clients', 'Servers']);
    expect(htmlToText(networks.sections[0].content)).toContain('A client is any program');
    expect(book.chapters.map((c) => htmlToText(c.content)).join(' ')).not.toMatch(/The book has \d+ chapters/);
  });

  it('with several files, each titled short file is one part: its units are sections, a long file keeps its chapters', () => {
    // A regression lecture (a title over three topics) and a simulation workshop handout (a title over examples and tasks).
    const titled = (title: string, units: string[], filename: string, extra: DocBlock[] = []) =>
      doc([h(title, 1), ...units.flatMap((u) => [h(u, 2), para(u)]), ...extra], title, filename);
    const lecture = titled('Linear Regression', ['Linear regression', 'Significance testing', 'Regression in R'], 'lecture.docx');
    const workshop = titled(
      'Simulation Modelling with Python',
      ['Example A: Falling Fridge Magnets', 'Task 1: Weight of a Shopping Bag', 'Example C: An M/M/1 Queue', 'Task 2: An M/G/c Queue'],
      'handout.docx',
    );
    const book = composeFromDocuments(material(lecture, workshop), { title: 'Regression and simulation' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Linear Regression', 'Simulation Modelling with Python']);
    expect(book.chapters[1].sections.map((s) => s.title).filter((t) => t !== reviewSectionTitle)).toEqual([
      'Example A: Falling Fridge Magnets',
      'Task 1: Weight of a Shopping Bag',
      'Example C: An M/M/1 Queue',
      'Task 2: An M/G/c Queue',
    ]);
    expect(htmlToText(book.chapters[1].sections[1].content)).toContain('Task 1: Weight of a Shopping Bag is described here');
    // One file alone: its units are the book's chapters, as before.
    expect(composeFromDocuments(material(workshop), { title: 'Simulation' }).chapters).toHaveLength(4);
    // A long file (a whole book of notes) keeps its own chapters beside the short one's part.
    const long = (u: string) => Array.from({ length: 450 }, () => para(u));
    const notes = doc(
      [h('Course Notes', 1), h('Probability', 2), ...long('Probability'), h('Inference', 2), ...long('Inference')],
      'Course Notes',
      'notes.pdf',
    );
    const withNotes = composeFromDocuments(material(notes, workshop), { title: 'Statistics' });
    expect(withNotes.chapters.map((c) => c.title)).toEqual(['Probability', 'Inference', 'Simulation Modelling with Python']);
  });

  it("a deck's slides of one title apart from each other are told apart, never two entries of one name", () => {
    // A lecture deck: each slide is a unit under its title; "BLAST" and "HMMs" come back after other slides.
    const slides = (titles: string[]) =>
      titles.flatMap((t, i) => [h(t, 1), p(`${t} on slide ${i + 1} is described here in a full sentence of the source.`)]);
    const titles = [
      'Why Sequence Analysis?',
      'Local Alignment (BLAST)',
      'Moore Law',
      'Local Alignment (BLAST)',
      'HSPs',
      'HMMs',
      'Pfam',
      'HMMs',
      'Solution',
      'Wrap',
      'Solution',
    ];
    const deck = doc(slides(titles), undefined, 'deck.pptx');
    const alone = composeFromDocuments(material(deck), { title: 'Sequence searching' });
    expect(alone.chapters.map((c) => c.title)).toEqual([
      'Why Sequence Analysis?',
      'Local Alignment (BLAST)',
      'Moore Law',
      'Local Alignment (BLAST), continued',
      'HSPs',
      'HMMs',
      'Pfam',
      'HMMs, continued',
      // A task's label names a new one each time.
      'Solution',
      'Wrap',
      'Solution',
    ]);
    // The text stays in its order, under the title it came with.
    expect(htmlToText(alone.chapters[3].content)).toContain('Local Alignment (BLAST) on slide 4');
    // Beside another file, the deck is one chapter under its title: its sections are told apart the same way.
    const titled = doc([h('Sequence Searching', 1), ...slides(titles.slice(0, 8))], 'Sequence Searching', 'deck.pptx');
    const other = doc(
      [h('Vectors', 1), h('Inner product', 2), para('Inner product'), h('Cross product', 2), para('Cross')],
      'Vectors',
      'v.pdf',
    );
    const both = composeFromDocuments(material(other, titled), { title: 'Vectors and sequences' });
    const deckChapter = both.chapters.find((c) => c.title === 'Sequence Searching')!;
    expect(deckChapter.sections.map((s) => s.title).filter((t) => t !== reviewSectionTitle)).toEqual([
      'Why Sequence Analysis?',
      'Local Alignment (BLAST)',
      'Moore Law',
      'Local Alignment (BLAST), continued',
      'HSPs',
      'HMMs',
      'Pfam',
      'HMMs, continued',
    ]);
  });

  it('keeps a generic label a lecture repeats (each "Beispiel" a new example), never "..., continued"', () => {
    const lecture = {
      ...doc(
        [
          h('Endliche Automaten', 1),
          ...['Alphabete', 'Beispiel', 'Eingabewörter', 'Beispiel', 'Grammatiken', 'Beispiel'].flatMap((t, i) => [
            h(t, 2),
            p(`Im Abschnitt ${i + 1} wird ${t} mit einem ganzen Satz beschrieben, der aus der Vorlesung stammt und gelesen wird.`),
          ]),
        ],
        'Endliche Automaten',
        'automaten.md',
      ),
      language: 'de',
    };
    const book = composeFromDocuments(material(lecture), { title: 'Automaten' });
    const titles = book.chapters.flatMap((c) => [c.title, ...c.sections.map((s) => s.title)]);
    expect(titles.filter((t) => /^Beispiel/.test(t))).toEqual(['Beispiel', 'Beispiel', 'Beispiel']);
  });

  it("tells a repeated slide title apart in the deck's own language", () => {
    const deck = {
      ...doc(
        ['Einführung', 'Sequenzvergleich', 'Datenbanken', 'Sequenzvergleich'].flatMap((t, i) => [
          h(t, 1),
          p(
            `Auf der Folie ${i + 1} wird ${t} mit einem ganzen Satz beschrieben, der aus der Vorlesung stammt und den die Studierenden lesen.`,
          ),
        ]),
        undefined,
        'folien.pptx',
      ),
      language: 'de',
    };
    const book = composeFromDocuments(material(deck), { title: 'Sequenzen' });
    expect(book.chapters.map((c) => c.title)).toEqual(['Einführung', 'Sequenzvergleich', 'Datenbanken', 'Sequenzvergleich, Fortsetzung']);
  });

  it('keeps all the text of a whole book by default, and condenses it to a floor per unit only when asked, every unit present', () => {
    const long = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        p(`Sentence ${i} of the unit explains one more idea in some detail so that it counts as prose words.`),
      );
    const small = composeFromDocuments(material(doc([h('A', 1), ...long(10), h('B', 1), ...long(10)])), { title: 'S' });
    const words = (b: typeof small) =>
      b.chapters
        .map((c) => htmlToText(materialHtml(c.content)))
        .join(' ')
        .split(/\s+/).length;
    expect(words(small)).toBeGreaterThan(2 * 10 * 16);
    const units = Array.from({ length: 30 }, (_, i) => [h(`Unit ${i + 1}`, 1), ...long(120)]).flat();
    const total = 30 * 120 * 18;
    const full = composeFromDocuments(material(doc(units)), { title: 'Big' });
    expect(words(full)).toBeGreaterThanOrEqual(total);
    expect(full.generation).toMatchObject({ length: 'full', condensed: [] });
    const big = composeFromDocuments(material(doc(units)), { title: 'Big', length: 'condensed' });
    expect(big.chapters).toHaveLength(30);
    expect(words(big)).toBeLessThan(total * 0.9);
    expect(big.generation?.condensed).toHaveLength(30);
    for (const c of big.chapters) expect(htmlToText(c.content).split(/\s+/).length).toBeGreaterThanOrEqual(150);
  });
});
