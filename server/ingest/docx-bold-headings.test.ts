import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocx } from './docx-extract';
import { para, rawDocx, run } from '../test/ingest/raw-docx.support';
import { composeFromDocuments } from '@server/ai/offline/outline/tree-book';

const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true, size: 28 })] });
const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });
const body = (topic: string) => plain(`${topic} is explained in several sentences here. Each one adds a detail about ${topic}.`);
const build = async (children: Paragraph[]) => new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));

describe('DOCX headings typed as bold lines (no heading styles)', () => {
  it('short bold-only paragraphs become headings, the opening one the title', async () => {
    const data = await build([
      bold('Introduction to Microeconomics'),
      bold('Supply and Demand'),
      body('Demand'),
      plain('A line with a bold word: '),
      bold('Market Equilibrium'),
      body('Equilibrium'),
      bold('This bold sentence ends with a full stop, so it is emphasis and not a heading.'),
    ]);
    const doc = await extractDocx(data, 'micro.docx');
    expect(doc.title).toBe('Introduction to Microeconomics');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Introduction to Microeconomics', 1],
      ['Supply and Demand', 2],
      ['Market Equilibrium', 2],
    ]);
    expect(doc.blocks.find((b) => b.text.startsWith('This bold sentence'))?.kind).toBe('paragraph');
  });

  it('a bold line with a remark in brackets, or opening on a quotation mark, is a heading like its neighbours', async () => {
    const data = await build([
      bold('Workshop Links'),
      bold('Repo for our workshop:'),
      plain('https://example.org/workshop'),
      bold('Bl.ocks (the home for sharing d3 modules and examples):'),
      plain('https://example.org/blocks'),
      bold('“Store-bought” (and other) viz solutions:'),
      plain('Plotly, ggplot2 and Matplotlib draw charts without any code of your own.'),
      bold('Examples of the shapes in the browser window, for those who want them:'),
      plain('A circle, a rectangle and a path.'),
    ]);
    const doc = await extractDocx(data, 'links.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => [b.text, b.level])).toEqual([
      ['Workshop Links', 1],
      ['Repo for our workshop:', 2],
      ['Bl.ocks (the home for sharing d3 modules and examples):', 2],
      ['“Store-bought” (and other) viz solutions:', 2],
    ]);
    // A long line ending in a colon still introduces what follows.
    expect(doc.blocks.find((b) => b.text.startsWith('Examples of the shapes'))?.kind).toBe('paragraph');
  });

  it('a document that uses heading styles keeps its bold lines as paragraphs', async () => {
    const data = await build([
      new Paragraph({ text: 'Elasticity', heading: HeadingLevel.HEADING_1 }),
      bold('Key point'),
      body('Price elasticity'),
      bold('Another key point'),
      body('Income elasticity'),
    ]);
    const doc = await extractDocx(data, 'styled.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual(['Elasticity']);
  });

  it('a partly bold paragraph is never a heading', async () => {
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Supply', bold: true }), new TextRun(' and demand')] }),
      new Paragraph({ children: [new TextRun({ text: 'Market', bold: true }), new TextRun(' equilibrium')] }),
      body('Prices'),
    ]);
    const doc = await extractDocx(data, 'partial.docx');
    expect(doc.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
  });
});

describe('DOCX syllabus: a title set large over bold lines at body size', () => {
  it('keeps "Instructor", "Learning Goals" (bold by a character style) and "Grading:" as headings, and the instructor line', async () => {
    const b = '<w:b/><w:sz w:val="22"/>';
    const data = await rawDocx({
      styles:
        '<w:style w:type="character" w:styleId="BoldFont"><w:name w:val="fontstyle01"/><w:rPr><w:b/><w:sz w:val="22"/></w:rPr></w:style>',
      body:
        para(run('Introduction to Sociology', '<w:b/><w:sz w:val="32"/>')) +
        para(run('Instructor', b)) +
        para(run('Jane Doe (jd@example.edu), Office: Hall 455, Office hours: Tuesday 1-2 pm')) +
        para(run('Learning Goals', '<w:rStyle w:val="BoldFont"/>')) +
        para(run('To understand what the sociological perspective is and how it is useful for our understanding of society.')) +
        para(run('Grading', b) + run(':')) +
        para(run('Forty percent of the grade comes from problem sets, due every Friday at four in the afternoon.')) +
        `<w:tbl><w:tr><w:tc>${para(run('Meeting', b))}</w:tc><w:tc>${para(run('Topic', b))}</w:tc></w:tr>` +
        `<w:tr><w:tc>${para(run('1'))}</w:tc><w:tc>${para(run('What do sociologists do?'))}</w:tc></w:tr></w:tbl>`,
    });
    const doc = await extractDocx(data, 'syllabus.docx');
    expect(doc.blocks.filter((x) => x.kind === 'heading').map((x) => [x.text, x.level])).toEqual([
      ['Introduction to Sociology', 1],
      ['Instructor', 2],
      ['Learning Goals', 2],
      ['Grading:', 2],
    ]);
    expect(doc.blocks[2]).toMatchObject({
      kind: 'paragraph',
      text: 'Jane Doe (jd@example.edu), Office: Hall 455, Office hours: Tuesday 1-2 pm',
    });
    expect(doc.blocks.find((x) => x.kind === 'table')?.rows?.[0]).toEqual(['Meeting', 'Topic']);
    // The book keeps the instructor and how to reach them (a unit of contact lines is no title block).
    const book = composeFromDocuments(
      { sources: [{ id: 1, filename: doc.filename, mime: doc.mime, text: doc.text, document: doc }], chunks: [] },
      { title: 'Introduction to Sociology' },
    );
    const html = book.chapters.map((c) => c.content + c.sections.map((x) => x.content).join('')).join('');
    expect(book.chapters[0].title).toBe('Instructor');
    expect(html).toContain('Jane Doe (jd@example.edu), Office: Hall 455');
  });
});

describe('DOCX syllabus: styled title lines over sections typed as bold lines', () => {
  it('reads the bold lines under the styled titles as headings one level down, and keeps a run-in bold lead as text', async () => {
    const b = '<w:b/>';
    const data = await rawDocx({
      body:
        para(run('Signals and Systems'), { style: 'Heading1' }) +
        para(run('Syllabus'), { style: 'Heading1' }) +
        para(run('Catalog description', b) + run(':')) +
        para(run('Sampling, convolution and the Fourier transform, with laboratory work in a numerical language.')) +
        para(run('Prerequisites', b) + run(': calculus and one programming course taken before this one.')) +
        para(run('Course objectives:', b)) +
        para(run('By the end of the course students will be able to design a digital filter for a sampled signal.')) +
        para(run('Weekly schedule', b)) +
        para(run('The course meets twice a week for fourteen weeks, with a laboratory session every second week.')) +
        para(run('Notes for instructors'), { style: 'Heading1' }) +
        para(run('The laboratory sessions may be replaced by take-home assignments when no laboratory is free.')),
    });
    const doc = await extractDocx(data, 'signals-syllabus.docx');
    expect(doc.blocks.filter((x) => x.kind === 'heading').map((x) => [x.text, x.level])).toEqual([
      ['Signals and Systems', 1],
      ['Syllabus', 1],
      ['Catalog description:', 2],
      ['Course objectives:', 2],
      ['Weekly schedule', 2],
      ['Notes for instructors', 1],
    ]);
    expect(doc.blocks.find((x) => x.text.startsWith('Prerequisites'))?.kind).toBe('paragraph');
  });

  it('a labelled bold title closing on a full stop is a heading of its series, as its siblings are', async () => {
    // No heading styles: a title in larger bold type, the chapters in bold at the text's size, as a glossary typed in Word.
    const line = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true, size: 24 })] });
    const entry = (term: string) =>
      new Paragraph({
        children: [
          new TextRun({ text: `${term}: `, italics: true, size: 24 }),
          new TextRun({ text: `the meaning of ${term} in a sentence of eight words or more.`, size: 24 }),
        ],
      });
    const data = await build([
      new Paragraph({ children: [new TextRun({ text: 'Glossary by chapter', bold: true, size: 28 })] }),
      line('Chapter 1: The way of the program.'),
      entry('program'),
      entry('interpreter'),
      line('Chapter 2: Variables, expressions and statements'),
      entry('variable'),
      line('Chapter 3: Functions'),
      entry('function'),
      line('Remember that each chapter ends with exercises.'),
    ]);
    const doc = await extractDocx(data, 'glossary.docx');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Glossary by chapter',
      'Chapter 1: The way of the program.',
      'Chapter 2: Variables, expressions and statements',
      'Chapter 3: Functions',
    ]);
    expect(doc.blocks.find((b) => b.text.startsWith('Remember that'))?.kind).toBe('paragraph');
  });
});
