import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { pdfLine as line } from '@server/test/ingest/pdf-line.support';
import { extractPdf } from './pdf-extract';
import { removeFurniture, titleWords } from './pdf-furniture';
import { attachLinks, pageLinks, usableHref } from './pdf-links';
import { isHeaderRow } from './pdf-tables';
import type { PdfItem } from './pdf-types';

describe('logic-notes.pdf (LaTeX book: running heads on alternating pages, margin words, links, tables, title page)', () => {
  let doc: ExtractedDocument;
  const body = () =>
    doc.blocks
      .filter((b) => b.kind !== 'heading')
      .map((b) => b.text)
      .join('\n');
  beforeAll(async () => {
    doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/logic-notes.pdf'))), 'logic-notes.pdf');
  });

  it('removes the running heads of left and right pages from the text and the structure, never glued into a sentence', () => {
    expect(body()).not.toMatch(/CHAPTER \d|\d\.\d\. [A-Z]{4}/);
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual([
      'Reasoning Well',
      'Arguments',
      '1.1 What an argument is',
      '1.2 Sentences and their parts',
      'Valid Arguments',
      '2.1 Counterexamples',
      '2.2 Strength',
      'Assessment',
      '3.1 How the essays are graded',
      '3.2 Examinations',
      'Beyond the Basics',
      '4.1 Formal languages',
      '4.2 Where to go next',
    ]);
    // The sentence that runs over the page break under "4.2. WHERE TO GO NEXT" is one sentence.
    expect(body()).toContain('Both continue directly from the ideas introduced in these notes.');
    expect(body()).toContain('what the author is trying to establish before deciding');
  });

  it('keeps hyperlinks (\\href, \\url, mailto) on the blocks that hold their anchors, in reading order', () => {
    const linked = doc.blocks.filter((b) => b.links?.length);
    expect(linked.flatMap((b) => b.links)).toEqual([
      { text: 'course reading list', href: 'https://example.org/logic/reading' },
      { text: 'https://example.org/logic/exercises', href: 'https://example.org/logic/exercises' },
      { text: 'the course office', href: 'mailto:logic-office@example.org' },
    ]);
    for (const b of linked) for (const l of b.links!) expect(b.text).toContain(l.text);
  });

  it('reads the ruled rubric and the aligned probability table as tables with their header rows, the total row kept', () => {
    const tables = doc.blocks.filter((b) => b.kind === 'table');
    expect(doc.blocks.some((b) => b.kind === 'figure')).toBe(false);
    expect(tables.map((t) => [t.header, t.rows])).toEqual([
      [
        true,
        [
          ['Outcome', 'Probability', 'Payoff'],
          ['Two heads', '0.25', '4'],
          ['One head', '0.50', '1'],
          ['No heads', '0.25', '0'],
        ],
      ],
      [
        true,
        [
          ['Criterion', 'Points possible', 'Points earned'],
          ['Thesis stated clearly', '5', ''],
          ['Premises identified', '5', ''],
          ['Validity assessed', '6', ''],
          ['Counterexample given', '4', ''],
          ['Total', '20', ''],
        ],
      ],
    ]);
    expect(tables[0].caption).toBe('Table 2.1: Outcomes of tossing two fair coins.');
    // No header word is left behind as a paragraph or dropped.
    expect(body()).not.toMatch(/^(?:Points earned|Total)$/m);
  });

  it('joins words hyphenated at line ends (a word broken at a line end is not evidence for itself)', () => {
    expect(body()).toContain('a careful speaker puts forward when she wants');
    expect(body()).not.toMatch(/\b\p{L}+- \p{Ll}+/u);
  });
});

describe('links from PDF link annotations', () => {
  const item = (str: string, x: number, y: number, width: number): PdfItem => ({ str, x, y, width, size: 10, font: 'f1' });

  it('reads the text under each rectangle, one anchor for a link wrapped over two lines; only web and mail targets', () => {
    const items = [item('Read the course reading', 50, 700, 120), item('list before class.', 50, 688, 80)];
    const links = pageLinks(
      [
        { subtype: 'Link', url: 'https://example.org/list', rect: [110, 698, 171, 709] },
        { subtype: 'Link', url: 'https://example.org/list', rect: [49, 686, 69, 697] },
        { subtype: 'Link', unsafeUrl: 'javascript:alert(1)', rect: [50, 686, 120, 697] },
        { subtype: 'Widget', url: 'https://example.org/form', rect: [50, 686, 120, 697] },
      ],
      items,
      { x: 0, y: 0 },
    );
    expect(links.map((l) => [l.text, l.href])).toEqual([['course reading\nlist', 'https://example.org/list']]);
    const blocks: DocBlock[] = [{ kind: 'paragraph', text: 'Read the course reading list before class.', page: 3 }];
    expect(attachLinks(blocks, [{ ...links[0], page: 3 }])).toBe(1);
    expect(blocks[0].links).toEqual([{ text: 'course reading list', href: 'https://example.org/list' }]);
    // A printed e-mail address run on into the next word by a dash is the address only.
    const mail = pageLinks(
      [{ subtype: 'Link', url: 'mailto:office@example.org', rect: [50, 598, 200, 609] }],
      [item('office@example.org—thanks', 50, 600, 150)],
      { x: 0, y: 0 },
    );
    expect(mail.map((l) => l.text)).toEqual(['office@example.org']);
    // Spaced apart differently by pdf.js and the line reader, the anchor is the block's own words; a full stop is the sentence's.
    const spaced: DocBlock[] = [
      { kind: 'paragraph', text: 'This book is based on forallx: Calgary by its authors. Download here.', page: 1 },
    ];
    attachLinks(spaced, [
      { text: 'forall x : Calgary', href: 'https://example.org/yyc', y: 0, page: 1 },
      { text: 'here', href: 'https://example.org/pdf', y: 0, page: 1 },
    ]);
    expect(spaced[0].links).toEqual([
      { text: 'forallx: Calgary', href: 'https://example.org/yyc' },
      { text: 'here', href: 'https://example.org/pdf' },
    ]);
    expect(usableHref('file:///etc/passwd')).toBeUndefined();
    expect(usableHref('mailto:office@example.org')).toBe('mailto:office@example.org');
  });

  it('reads a target written without its scheme as the web address it names, never a file beside the PDF', () => {
    // A syllabus's link annotation holds "csun.edu/heart" as typed; viewers open it as a web page.
    expect(usableHref('csun.edu/heart')).toBe('https://csun.edu/heart');
    expect(usableHref('www.example.org')).toBe('https://www.example.org');
    expect(usableHref('library.example.ac.uk/guides?id=4#top')).toBe('https://library.example.ac.uk/guides?id=4#top');
    expect(usableHref('chapter2.html')).toBeUndefined();
    expect(usableHref('notes.pdf')).toBeUndefined();
    expect(usableHref('slides/week1.pdf')).toBeUndefined();
    expect(usableHref('javascript:alert(1)')).toBeUndefined();
  });

  it('keeps an address wrapped at a dot or after its scheme, leaving out the full stop after it', () => {
    // The second line opens with the address's "." just left of the rectangle; the full stop is a run of its own.
    const wrapped = pageLinks(
      [
        { subtype: 'Link', url: 'https://tinyurl.com/ycfm2yrw', rect: [80, 698, 160, 709] },
        { subtype: 'Link', url: 'https://tinyurl.com/ycfm2yrw', rect: [56, 686, 120, 697] },
      ],
      [item('see https://tinyurl', 50, 700, 110), item('.com/ycfm2yrw', 50, 688, 70), item('.', 121, 688, 3)],
      { x: 0, y: 0 },
    );
    expect(wrapped.map((l) => l.text)).toEqual(['https://tinyurl\n.com/ycfm2yrw']);
    const note: DocBlock[] = [{ kind: 'margin', text: 'A reading list is at https://tinyurl.com/ycfm2yrw.', page: 21 }];
    expect(attachLinks(note, [{ ...wrapped[0], page: 21 }])).toBe(1);
    expect(note[0].links).toEqual([{ text: 'https://tinyurl.com/ycfm2yrw', href: 'https://tinyurl.com/ycfm2yrw' }]);
    // An anchor read without the colon its line ended with is found by the address it links to, in a reference list
    // that carries the page it starts on.
    const entry: DocBlock[] = [
      { kind: 'bibliography', text: '[Tex16] Texas Instruments. MSP430. http://www.ti.com/lit/ds/msp430.pdf.', page: 49 },
    ];
    attachLinks(entry, [{ text: 'http\n//www.ti.com/lit/ds/msp430.pdf', href: 'http://www.ti.com/lit/ds/msp430.pdf', y: 0, page: 52 }]);
    expect(entry[0].links).toEqual([{ text: 'http://www.ti.com/lit/ds/msp430.pdf', href: 'http://www.ti.com/lit/ds/msp430.pdf' }]);
  });

  it('keeps two anchors with one target on neighbouring lines apart: the second does not start its line', () => {
    const links = pageLinks(
      [
        { subtype: 'Link', url: 'https://example.org/site/', rect: [180, 698, 248, 709] },
        { subtype: 'Link', url: 'https://example.org/site/', rect: [190, 686, 310, 697] },
      ],
      [
        item('It is in [PDF format] and [HTML format] compiled', 50, 700, 245),
        item('when the source is modified in the GitHub repository.', 50, 688, 265),
      ],
      { x: 0, y: 0 },
    );
    expect(links.map((l) => l.text)).toEqual(['[HTML format]', 'in the GitHub repository']);
  });

  it('gives a link to the block where its anchor stands on the page, not to a heading of the same words above it', () => {
    // The heading is not linked; the sentence under it ends with the same words, and the rectangle is over those.
    const items = [item('Student Support Hub', 50, 720, 95), item('help and resources from Student Support Hub.', 50, 700, 220)];
    const links = pageLinks([{ subtype: 'Link', url: 'https://example.org/hub', rect: [170, 698, 265, 709] }], items, { x: 0, y: 0 });
    expect(links.map((l) => [l.text, l.before, l.after])).toEqual([['Student Support Hub', 'from', '.']]);
    const blocks: DocBlock[] = [
      { kind: 'heading', text: 'Student Support Hub', level: 3, page: 2 },
      { kind: 'paragraph', text: 'If you need it, you can find help and resources from Student Support Hub.', page: 2 },
    ];
    expect(attachLinks(blocks, [{ ...links[0], page: 2 }])).toBe(1);
    expect(blocks[0].links).toBeUndefined();
    expect(blocks[1].links).toEqual([{ text: 'Student Support Hub', href: 'https://example.org/hub' }]);
    // Words beside read otherwise than the block holds them (a mark dropped from the text): the first block holding the anchor.
    const other: DocBlock[] = [{ kind: 'paragraph', text: 'See Student Support Hub today.', page: 2 }];
    expect(attachLinks(other, [{ ...links[0], page: 2 }])).toBe(1);
    expect(other[0].links).toEqual([{ text: 'Student Support Hub', href: 'https://example.org/hub' }]);
  });

  it('finds an anchor by its target only when the anchor is the printed address', () => {
    // "click" is not in this block: the address printed there is another anchor's words, not this link's.
    const blocks: DocBlock[] = [{ kind: 'paragraph', text: 'The notes are at https://example.org/a today.', page: 1 }];
    expect(attachLinks(blocks, [{ text: 'click', href: 'https://example.org/a', y: 0, page: 1 }])).toBe(0);
    expect(blocks[0].links).toBeUndefined();
  });
});

describe('the title of a PDF', () => {
  /** A one-page handout: a heading or a title line, then paragraphs; its metadata Title left over from a template. */
  async function handout(visible: string, opts: { metaTitle: string; heading: boolean }): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(opts.metaTitle);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const page = pdf.addPage([612, 792]);
    page.drawText(visible, { x: 72, y: 700, size: opts.heading ? 20 : 11, font: opts.heading ? bold : font });
    const text = [
      'Sampling distributions describe how a statistic varies from one sample to the next when samples are drawn',
      'repeatedly from the same population, and they are the foundation of every interval and test in this course.',
      'The standard error measures that variation, and it shrinks as the sample grows larger in a predictable way.',
    ];
    text.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 14, size: 11, font }));
    return pdf.save();
  }

  it('is the visible title, not a stale metadata Title; metadata printed on the first page is kept', async () => {
    const stale = await extractPdf(
      await handout('Week 3: Sampling Distributions', { metaTitle: 'Policy Development Briefing Paper', heading: true }),
      'week3.pdf',
    );
    expect(stale.title).toBe('Week 3: Sampling Distributions');
    const printed = await extractPdf(
      await handout('Sampling distributions', { metaTitle: 'Sampling Distributions', heading: false }),
      'week3.pdf',
    );
    expect(printed.title).toBe('Sampling Distributions');
    const unseen = await extractPdf(
      await handout('Sampling distributions', { metaTitle: 'Policy Development Briefing Paper', heading: false }),
      'week3.pdf',
    );
    expect(unseen.title).not.toBe('Policy Development Briefing Paper');
  });
});

describe('table header rows', () => {
  it('a first row of names over columns of numbers, or set in bold, is a header; a first row of data is not', () => {
    expect(
      isHeaderRow([
        ['Outcome', 'Probability'],
        ['Two heads', '0.25'],
        ['One head', '0.50'],
      ]),
    ).toBe(true);
    expect(
      isHeaderRow([
        ['Two heads', '0.25'],
        ['One head', '0.50'],
      ]),
    ).toBe(false);
    expect(
      isHeaderRow([
        ['Name', 'Role'],
        ['Ada', 'Instructor'],
        ['Alan', 'Assistant'],
      ]),
    ).toBe(false);
    expect(
      isHeaderRow(
        [
          ['Name', 'Role'],
          ['Ada', 'Instructor'],
        ],
        true,
      ),
    ).toBe(true);
  });
});

describe('running heads in the outer margin', () => {
  it('a margin line repeated page after page (with its page number) is furniture; a margin word once is kept', () => {
    const pages = Array.from({ length: 8 }, (_, i) => ({
      height: 792,
      lines: [
        line(`Body text of page ${'abcdefgh'[i]} goes on here in a sentence that is long enough to read.`, 600, { page: i + 1 }),
        line(`ch. 4 quantified logic ${i + 11}`, 500 - i * 7, { page: i + 1, isMargin: true, x0: 420, x1: 520, size: 8 }),
        ...(i === 3 ? [line('domain', 580, { page: 4, isMargin: true, x0: 420, x1: 450, size: 8 })] : []),
      ],
    }));
    const kept = removeFurniture(pages, 10).pages.flat();
    expect(kept.some((l) => l.text.startsWith('ch. 4'))).toBe(false);
    expect(kept.filter((l) => l.text === 'domain')).toHaveLength(1);
    expect(kept.filter((l) => l.text.startsWith('Body text'))).toHaveLength(8);
  });
});

describe('titleWords: a running head and the title it repeats read alike', () => {
  it.each([
    ['CHAPTER 4. JAN 6: DISCRETE AND CONTINUOUS VARIABLES', 'Jan 6: Discrete and continuous variables'],
    ['ch. 4 quantified logic', '4 Quantified logic'],
    ['1.2. SENTENCES AND THEIR PARTS', '1.2 Sentences and their parts'],
    ['CHAPTER 2. THE SCOPE OF LOGIC', 'The scope of logic'],
  ])('%s ~ %s', (head, title) => {
    expect(titleWords(head)).toBe(titleWords(title));
  });
});
