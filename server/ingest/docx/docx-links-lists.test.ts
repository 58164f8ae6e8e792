import { describe, expect, it } from 'vitest';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { sanitizeHtml } from '@server/features/textbooks/sanitize';
import { extractDocx } from '../docx-extract';
import { abstractNum, num, para, rawDocx, run } from '@server/test/ingest/raw-docx.support';

/** A complex field (begin, instruction, separate, result, end) as Word writes HYPERLINK, PAGEREF and TOC. */
const field = (instruction: string, result: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
const body = (topic: string) => para(run(`${topic} is explained in several sentences here. Each one adds a detail about ${topic}.`));

describe('DOCX hyperlinks', () => {
  it('keeps w:hyperlink and HYPERLINK field links as the block’s links, and the composer makes them anchors', async () => {
    const data = await rawDocx({
      body:
        para(
          run('Read the ') +
            `<w:hyperlink r:id="rLink">${run('course site')}</w:hyperlink>` +
            run(' and the ') +
            field('HYPERLINK "https://example.org/notes"', run('lecture notes')) +
            run(', or write to ') +
            `<w:hyperlink r:id="rMail">${run('the TA')}</w:hyperlink>` +
            run('. The ') +
            `<w:hyperlink r:id="rLocal">${run('next lecture')}</w:hyperlink>` +
            run(' is a file.'),
        ) +
        `<w:tbl><w:tr><w:tc>${para(run('Tool'))}</w:tc><w:tc>${para(run('Where'))}</w:tc></w:tr>` +
        `<w:tr><w:tc>${para(run('R'))}</w:tc><w:tc>${para(`<w:hyperlink r:id="rCran">${run('CRAN')}</w:hyperlink>`)}</w:tc></w:tr></w:tbl>`,
      links: {
        rLink: 'https://example.edu/stat101',
        rMail: 'mailto:ta@example.edu',
        rLocal: 'lecture_4.html',
        rCran: 'https://cran.r-project.org/',
      },
    });
    const doc = await extractDocx(data, 'links.docx');
    const paragraph = doc.blocks[0];
    expect(paragraph.text).toBe('Read the course site and the lecture notes, or write to the TA. The next lecture is a file.');
    expect(paragraph.links).toEqual([
      { text: 'course site', href: 'https://example.edu/stat101' },
      { text: 'lecture notes', href: 'https://example.org/notes' },
      { text: 'the TA', href: 'mailto:ta@example.edu' },
    ]);
    expect(doc.blocks[1]).toMatchObject({ kind: 'table', links: [{ text: 'CRAN', href: 'https://cran.r-project.org/' }] });
    // The plain text keeps the addresses for readers of text (references).
    expect(doc.text).toContain('course site (https://example.edu/stat101)');
    const html = renderBlocks(doc.blocks);
    expect(html).toContain('<a href="https://example.edu/stat101" target="_blank" rel="noopener noreferrer nofollow">course site</a>');
    expect(html).toContain('<a href="https://example.org/notes" target="_blank" rel="noopener noreferrer nofollow">lecture notes</a>');
    expect(html).toContain('<a href="https://cran.r-project.org/" target="_blank" rel="noopener noreferrer nofollow">CRAN</a>');
    expect(html).not.toContain('lecture_4.html');
  });
});

describe('DOCX ordered lists keep their numbers', () => {
  it('reads starts, start overrides, a list going on after a paragraph, and a nested level restarting', async () => {
    const data = await rawDocx({
      body:
        para(run('Sentence sixteen'), { num: [1, 0] }) +
        para(run('Sentence seventeen'), { num: [1, 0] }) +
        para(run('A remark between the items.')) +
        para(run('Sentence eighteen'), { num: [1, 0] }) +
        para(run('Its first part'), { num: [1, 1] }) +
        para(run('Its second part'), { num: [1, 1] }) +
        para(run('Sentence nineteen'), { num: [1, 0] }) +
        para(run('Its own first part'), { num: [1, 1] }) +
        para(run('Another remark.')) +
        para(run('Question one'), { num: [2, 0] }) +
        para(run('Question two'), { num: [2, 0] }) +
        para(run('A fresh list from five'), { num: [3, 0] }) +
        para(run('A bullet'), { num: [4, 0] }),
      numbering:
        abstractNum(0, [{ start: 16 }, { start: 1, format: 'lowerLetter' }]) +
        abstractNum(1, [{ start: 1 }]) +
        abstractNum(2, [{ start: 1, format: 'bullet' }]) +
        num(1, 0) +
        num(2, 1) +
        num(3, 1, { 0: 5 }) +
        num(4, 2),
    });
    const doc = await extractDocx(data, 'lists.docx');
    const items = doc.blocks.filter((b) => b.kind === 'list-item').map((b) => [b.text, b.depth, b.ordered, b.start]);
    expect(items).toEqual([
      ['Sentence sixteen', 0, true, 16],
      ['Sentence seventeen', 0, true, undefined],
      ['Sentence eighteen', 0, true, 18],
      ['Its first part', 1, true, undefined],
      ['Its second part', 1, true, undefined],
      ['Sentence nineteen', 0, true, undefined],
      ['Its own first part', 1, true, undefined],
      ['Question one', 0, true, undefined],
      ['Question two', 0, true, undefined],
      ['A fresh list from five', 0, true, 5],
      ['A bullet', 0, false, undefined],
    ]);
    const html = renderBlocks(doc.blocks);
    expect(html).toContain('<ol start="16"><li><p>Sentence sixteen</p></li><li><p>Sentence seventeen</p></li></ol>');
    expect(html).toContain(
      '<ol start="18"><li><p>Sentence eighteen</p><ol type="a"><li><p>Its first part</p></li><li><p>Its second part</p>',
    );
    // Letters as Word labels the second level, kept by the sanitizer.
    expect(doc.blocks.find((b) => b.text === 'Its own first part')?.marker).toBe('a');
    expect(sanitizeHtml(html)).toBe(html);
    expect(html).toContain('<li><p>Question two</p></li></ol><ol start="5"><li><p>A fresh list from five</p></li></ol><ul>');
    expect(html).not.toMatch(/LN\d/);
  });
});

describe('DOCX table of contents', () => {
  it('leaves out a TOC field, a Table of Contents content control and TOC-styled entries', async () => {
    const tocEntry = (title: string, page: number) =>
      para(field('HYPERLINK \\l "_Toc1"', run(title)) + run('\t') + field('PAGEREF _Toc1 \\h', run(String(page))), { style: 'TOC1' });
    const data = await rawDocx({
      body:
        `<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>` +
        para(run('Contents'), { style: 'TOCHeading' }) +
        tocEntry('Introduction', 1) +
        `</w:sdtContent></w:sdt>` +
        // A bare TOC field over three paragraphs, its entries in no TOC style.
        para(
          `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r>` +
            `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('Introduction 1')}`,
        ) +
        para(run('Methods 2')) +
        para(run('Results 3') + `<w:r><w:fldChar w:fldCharType="end"/></w:r>`) +
        tocEntry('Methods', 2) +
        para(run('Introduction'), { style: 'Heading1' }) +
        body('Sampling'),
    });
    const doc = await extractDocx(data, 'toc.docx');
    expect(doc.blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Introduction'],
      ['paragraph', 'Sampling is explained in several sentences here. Each one adds a detail about Sampling.'],
    ]);
  });
});
