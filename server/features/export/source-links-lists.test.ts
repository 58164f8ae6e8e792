import { Document, Packer } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { listLabel } from '@common/book-render/book-model';
import { parseEditorHtml } from '@common/book-render/parse-html';
import { renderBlocksHtml } from '@common/book-render/render-html';
import type { DocBlock } from '@server/core/document-model';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { parseBody, printBody } from '@server/features/textbooks/save/body-html';
import { sanitizeHtml } from '@server/features/textbooks/sanitize';
import { blocksToDocx, listLevels } from './formats/docx/docx-blocks';

// The path a source's link and a list's number take: the composer's HTML, the save path's sanitizer,
// the editor's schema (as the browser and the live document read and print it), then the exports.
const blocks: DocBlock[] = [
  { kind: 'paragraph', text: 'The syllabus is on the course site.', links: [{ text: 'course site', href: 'https://example.edu/stat101' }] },
  { kind: 'list-item', text: 'Sentence 16 is the thesis.', ordered: true, start: 16 },
  { kind: 'list-item', text: 'Sentence 17 supports it.', ordered: true },
  { kind: 'list-item', text: 'A point in it.', ordered: true, depth: 1, marker: 'a' },
];

describe('a source link and a list number, from the composer to the exports', () => {
  it('survive the sanitizer and the editor', () => {
    const saved = sanitizeHtml(renderBlocks(blocks));
    const edited = printBody(parseBody(saved));
    expect(edited).toMatch(/<a [^>]*href="https:\/\/example\.edu\/stat101"[^>]*>course site<\/a>/);
    expect(edited).toContain('<ol start="16">');
    expect(edited).toContain('<ol type="a"><li><p>A point in it.</p></li></ol>');
    // What the editor prints is stored again through the sanitizer: nothing of it is lost there.
    expect(sanitizeHtml(edited)).toMatch(/<ol start="16"><li><p>Sentence 16 is the thesis\.<\/p><\/li><li><p>Sentence 17/);
  });

  it('reach the HTML and EPUB text and the Word list numbering', async () => {
    const book = parseEditorHtml(printBody(parseBody(sanitizeHtml(renderBlocks(blocks)))));
    const html = renderBlocksHtml(book);
    expect(html).toContain('<a href="https://example.edu/stat101">course site</a>');
    expect(html).toContain('<ol start="16">');
    expect(html).toContain('<ol type="a"><li><p>A point in it.</p></li></ol>');

    let instance = 0;
    const children = await blocksToDocx(book, { images: new Map(), nextListInstance: () => ++instance });
    const docx = await Packer.toBuffer(
      new Document({
        numbering: {
          config: [
            { reference: 'ordered-list', levels: listLevels(true) },
            { reference: 'bullet-list', levels: listLevels(false) },
          ],
        },
        sections: [{ children }],
      }),
    );
    const zip = await JSZip.loadAsync(docx);
    const numbering = (await zip.file('word/numbering.xml')?.async('string')) ?? '';
    const document = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const rels = (await zip.file('word/_rels/document.xml.rels')?.async('string')) ?? '';
    expect(numbering).toMatch(/<w:startOverride w:val="16"\/>/);
    expect(numbering).toContain('<w:numFmt w:val="lowerLetter"/>');
    expect(document).toContain('<w:hyperlink');
    expect(rels).toContain('Target="https://example.edu/stat101"');
  });
});

describe('listLabel (the labels of the PDF export)', () => {
  it('writes numbers, letters and roman numerals', () => {
    expect([1, 16].map((n) => listLabel(n))).toEqual(['1', '16']);
    expect([1, 3, 26, 27].map((n) => listLabel(n, 'a'))).toEqual(['a', 'c', 'z', 'aa']);
    expect([2, 4, 9, 14].map((n) => listLabel(n, 'i'))).toEqual(['ii', 'iv', 'ix', 'xiv']);
    expect([listLabel(3, 'A'), listLabel(1994, 'I')]).toEqual(['C', 'MCMXCIV']);
  });
});
