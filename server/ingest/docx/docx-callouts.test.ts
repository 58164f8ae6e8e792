import { describe, expect, it } from 'vitest';
import { extractDocx } from '../docx-extract';
import { abstractNum, num, para, rawDocx, run } from '@server/test/ingest/raw-docx.support';
import { renderBlocks } from '@server/ai/shared/render-blocks';

const heading = (text: string, level = 2) => para(run(text), { style: `Heading${level}` });
const body = (text: string) => para(run(text));
const cell = (content: string, shade = '') =>
  `<w:tc><w:tcPr>${shade ? `<w:shd w:val="clear" w:color="auto" w:fill="${shade}"/>` : ''}</w:tcPr>${content}</w:tc>`;
const row = (...cells: string[]) => `<w:tr>${cells.join('')}</w:tr>`;
/** A table as pandoc's Quarto filter writes a callout: a heavy coloured rule on the left, thin ones elsewhere. */
const calloutTable = (rows: string) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="Table"/><w:tblBorders><w:left w:val="single" w:sz="24" w:color="CC1914"/><w:right w:val="single" w:sz="4" w:color="CC1914"/><w:top w:val="single" w:sz="4" w:color="CC1914"/><w:bottom w:val="single" w:sz="4" w:color="CC1914"/></w:tblBorders></w:tblPr>${rows}</w:tbl>`;
const plainTable = (rows: string) => `<w:tbl><w:tblPr><w:tblStyle w:val="Table"/></w:tblPr>${rows}</w:tbl>`;
const heading2Style = '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>';

describe('DOCX callout boxes written as one-column tables (pandoc, Quarto)', () => {
  it('a titled box with a list becomes one titled callout with its list; a one-column table with a header stays a table', async () => {
    const data = await rawDocx({
      styles: heading2Style,
      numbering: abstractNum(1, [{ format: 'bullet' }]) + num(7, 1),
      body:
        heading('Course Communications') +
        body('Most course communications will occur via the discussion board.') +
        calloutTable(
          row(cell(body('Board Tips'), 'f7dddc')) +
            row(
              cell(
                para(run('Do not post screenshots of code; share a link to it instead.'), { num: [7, 0] }) +
                  para(run('Ask early: questions the night before a deadline may go unanswered.'), { num: [7, 0] }),
              ),
            ),
        ) +
        heading('Readings') +
        plainTable(row(cell(body('Book'))) + row(cell(body('Think Julia'))) + row(cell(body('Data Science for Engineers')))),
    });
    const doc = await extractDocx(data, 'syllabus.docx');
    const quotes = doc.blocks.filter((b) => b.kind === 'quote');
    expect(quotes.map((q) => [q.label, q.text, q.depth])).toEqual([
      ['Board Tips', 'Do not post screenshots of code; share a link to it instead.', 0],
      [undefined, 'Ask early: questions the night before a deadline may go unanswered.', 0],
    ]);
    expect(doc.blocks.filter((b) => b.kind === 'table').map((t) => t.rows)).toEqual([
      [['Book'], ['Think Julia'], ['Data Science for Engineers']],
    ]);
    const html = renderBlocks(doc.blocks);
    expect(html).toContain(
      '<blockquote><p><strong>Board Tips</strong></p><ul><li><p>Do not post screenshots of code; share a link to it instead.</p></li><li><p>Ask early',
    );
    expect(html.match(/<blockquote>/g)).toHaveLength(1);
  });

  it('a box of paragraphs keeps them in order under its title; the title is no heading of the book', async () => {
    const data = await rawDocx({
      styles: heading2Style,
      body:
        heading('Grading') +
        body('Grades are computed from the weighted categories below.') +
        calloutTable(
          row(cell(body('Will There Be a Curve?'), 'dae6fb')) +
            row(cell(body('Grades on individual assessments will not be curved.') + body('Final grades may be rounded up.'))),
        ) +
        heading('Schedule') +
        body('The schedule follows.'),
    });
    const doc = await extractDocx(data, 'grading.docx');
    expect(doc.blocks.map((b) => [b.kind, b.label ?? '', b.text])).toEqual([
      ['heading', '', 'Grading'],
      ['paragraph', '', 'Grades are computed from the weighted categories below.'],
      ['quote', 'Will There Be a Curve?', 'Grades on individual assessments will not be curved.'],
      ['quote', '', 'Final grades may be rounded up.'],
      ['heading', '', 'Schedule'],
      ['paragraph', '', 'The schedule follows.'],
    ]);
  });

  it('a list inside a table cell stays in its cell, and columns empty in every row are dropped', async () => {
    const data = await rawDocx({
      numbering: abstractNum(1, [{ format: 'bullet' }]) + num(3, 1),
      body:
        body('What each week covers.') +
        plainTable(
          row(cell(body('Week')), cell(body('Topics')), cell('<w:p/>')) +
            row(
              cell(body('1')),
              cell(para(run('Mass balance'), { num: [3, 0] }) + para(run('Box models'), { num: [3, 0] })),
              cell('<w:p/>'),
            ),
        ),
    });
    const doc = await extractDocx(data, 'weeks.docx');
    expect(doc.blocks.find((b) => b.kind === 'table')?.rows).toEqual([
      ['Week', 'Topics'],
      ['1', 'Mass balance; Box models'],
    ]);
  });
});

describe('DOCX title of a document without a title of its own', () => {
  const sections =
    heading('Course Overview') + body('This course is required for the major.') + heading('Course Policies') + body('Attend.');
  it('a first heading among sections of its level is no title: the file name is, spelled as the text spells its course code', async () => {
    const data = await rawDocx({ styles: heading2Style, body: sections + body('Welcome to BEE 4750!') });
    expect((await extractDocx(data, 'bee4750_syllabus.docx')).title).toBe('BEE 4750 Syllabus');
    expect((await extractDocx(data, 'syllabus.docx')).title).toBe('Syllabus');
  });
  it('a first heading over the others, or a title line over another heading, is the title', async () => {
    const over = await rawDocx({ body: heading('Systems Analysis', 1) + body('Intro text here.') + heading('Week one', 2) });
    expect((await extractDocx(over, 'notes.docx')).title).toBe('Systems Analysis');
    const lines = await rawDocx({ body: heading('Image Processing', 1) + heading('Syllabus', 1) + body('Text.') + heading('Notes', 1) });
    expect((await extractDocx(lines, 'x.docx')).title).toBe('Image Processing');
  });
});

describe('DOCX bold lines set in under a bold section line', () => {
  it('nest one level under it when text is set in further under them', async () => {
    const b = '<w:b/>';
    const ind = (text: string, left: number, bold = true) =>
      `<w:p><w:pPr><w:ind w:left="${left}"/></w:pPr>${run(text, bold ? b : '')}</w:p>`;
    const data = await rawDocx({
      body:
        heading('Image Processing', 1) +
        heading('Syllabus', 1) +
        para(run('Catalog description:', b)) +
        body('Principles and algorithms of image processing.') +
        para(run('Required materials:', b)) +
        ind('Textbook:', 720) +
        ind('Practical Image Processing, Wiley, 2011', 1440, false) +
        ind('Reference books:', 720) +
        ind('Image Processing Recipes', 1440, false) +
        para(run('Course outline:', b)) +
        body('Twelve units.'),
    });
    const doc = await extractDocx(data, 'mw.docx');
    expect(doc.blocks.filter((x) => x.kind === 'heading').map((h) => [h.text, h.level])).toEqual([
      ['Image Processing', 1],
      ['Syllabus', 1],
      ['Catalog description:', 2],
      ['Required materials:', 2],
      ['Textbook:', 3],
      ['Reference books:', 3],
      ['Course outline:', 2],
    ]);
    expect(doc.blocks.find((x) => x.text.startsWith('Practical'))?.text).toBe('Practical Image Processing, Wiley, 2011');
  });
});
