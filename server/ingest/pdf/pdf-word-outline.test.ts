import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocBlock, ExtractedDocument } from '@server/core/document-model';
import { extractPdf } from './pdf-extract';
import { romanValue } from './pdf-paragraphs';
import { isListOfItems } from './pdf-tables';

/**
 * A course outline as Microsoft Word saves it to PDF: a multilevel list ("1." then "a." then "i.", the roman numerals
 * right-aligned, Word's default), each item's label set a tab before its text, every line in green highlight (a filled
 * rectangle behind the run), a week's title in bold between two lists, one item long enough to wrap under its text.
 * Built here with pdf-lib in the shape of the course outline `ce205_topics_word.pdf` read in docs/quality-review.md.
 */
async function wordOutline(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 11;
  // A first page of resources, each title and its address on lines two lines apart: the document's usual spacing is
  // wider than its lists'.
  const first = doc.addPage([595, 842]);
  for (let k = 0; k < 14; k++) {
    first.drawText(`Resource number ${k + 1} for the course`, { x: 72, y: 760 - 50 * k, size, font });
    first.drawText(`https://example.org/course/resource-${k + 1}`, { x: 72, y: 760 - 50 * k - 25, size, font });
  }
  const page = doc.addPage([595, 842]);
  let y = 760;
  const highlight = (p: PDFPage, x0: number, x1: number) =>
    p.drawRectangle({ x: x0, y: y - 3, width: x1 - x0, height: size * 1.22, color: rgb(0, 1, 0) });
  const title = (text: string) => {
    page.drawText(text, { x: 72, y, size, font: bold });
    y -= 2 * size;
  };
  // depth 0: "1." at 90, text at 108; depth 1: "a." at 126, text at 144; depth 2: roman ending at 180, text at 186.
  const item = (depth: number, label: string, text: string, more?: string) => {
    const labelX = depth === 2 ? 180 - font.widthOfTextAtSize(label, size) : [90, 126][depth];
    const textX = [108, 144, 186][depth];
    const end = (t: string) => textX + font.widthOfTextAtSize(t, size);
    highlight(page, labelX - 1, end(text) + 1);
    page.drawText(label, { x: labelX, y, size, font });
    page.drawText(text, { x: textX, y, size, font });
    y -= 1.3 * size;
    if (more) {
      highlight(page, textX - 1, end(more) + 1);
      page.drawText(more, { x: textX, y, size, font });
      y -= 1.3 * size;
    }
  };
  title('Week-1 (Introduction to Computer Systems)');
  item(0, '1.', 'Course Plan and Communication');
  item(0, '2.', 'Grading System, Home works, and Exams.');
  item(0, '3.', 'Programming Introduction');
  item(1, 'a.', 'Operating System Basics');
  item(2, 'i.', 'Types of Operating Systems');
  item(2, 'ii.', 'Console commands');
  item(2, 'iii.', 'System folders');
  item(2, 'iv.', 'Network related console commands (ipconfig, ipconfig /renew, ipconfig', '/release, hostname, netstat, nslookup)');
  item(2, 'v.', 'Putty, Mobaxterm');
  item(1, 'b.', 'Numerical System Basics');
  // Short items: each highlight narrower than a panel, three stacked.
  item(2, 'i.', 'Binary');
  item(2, 'ii.', 'Octal');
  item(2, 'iii.', 'Hexadecimal');
  item(1, 'c.', 'Character Sets');
  // Word goes on numbering the level under the next item: "v." opens its list, a numeral, not the letter v.
  item(2, 'v.', 'Unicode');
  y -= 0.7 * size;
  title('Week-2 (Introduction to Algorithms)');
  item(0, '1.', 'Algorithm Basics');
  item(0, '2.', 'Introduction to Analysis of Algorithms');
  return doc.save();
}

describe('a Word outline saved as PDF (multilevel list in highlight)', () => {
  let doc: ExtractedDocument;
  const items = () => doc.blocks.filter((b) => b.kind === 'list-item');
  const shape = (b: DocBlock) => [b.depth ?? 0, b.marker ?? '1', b.text];
  beforeAll(async () => {
    doc = await extractPdf(await wordOutline(), 'outline.pdf');
  });

  it('reads the highlight behind the lines as no figure: the items stay text', () => {
    expect(doc.blocks.filter((b) => b.kind === 'figure' || b.kind === 'table')).toEqual([]);
    expect(doc.images ?? []).toEqual([]);
  });

  it('makes each labelled line its own item, at its level, with its labels, the wrapped item whole', () => {
    expect(items().map(shape)).toEqual([
      [0, '1', 'Course Plan and Communication'],
      [0, '1', 'Grading System, Home works, and Exams.'],
      [0, '1', 'Programming Introduction'],
      [1, 'a', 'Operating System Basics'],
      [2, 'i', 'Types of Operating Systems'],
      [2, 'i', 'Console commands'],
      [2, 'i', 'System folders'],
      [2, 'i', 'Network related console commands (ipconfig, ipconfig /renew, ipconfig /release, hostname, netstat, nslookup)'],
      [2, 'i', 'Putty, Mobaxterm'],
      [1, 'a', 'Numerical System Basics'],
      [2, 'i', 'Binary'],
      [2, 'i', 'Octal'],
      [2, 'i', 'Hexadecimal'],
      [1, 'a', 'Character Sets'],
      [2, 'i', 'Unicode'],
      [0, '1', 'Algorithm Basics'],
      [0, '1', 'Introduction to Analysis of Algorithms'],
    ]);
    expect(items().every((b) => b.ordered)).toBe(true);
    expect(items().map((b) => b.start ?? 1)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1]);
  });

  it("ends the list at the next week's title: the title is never the last item's words", () => {
    const texts = doc.blocks.map((b) => b.text);
    const week2 = texts.indexOf('Week-2 (Introduction to Algorithms)');
    expect(week2).toBeGreaterThan(texts.indexOf('Character Sets'));
    expect(week2).toBeLessThan(texts.indexOf('Algorithm Basics'));
    // Set apart from the list above it by more than the list's own spacing, in bold: a heading, as the week before it.
    expect(doc.blocks.filter((b) => b.kind === 'heading' && /^Week/.test(b.text)).map((b) => b.text)).toEqual([
      'Week-1 (Introduction to Computer Systems)',
      'Week-2 (Introduction to Algorithms)',
    ]);
  });
});

describe('roman numerals of an outline label', () => {
  it('reads the usual forms and nothing else', () => {
    expect(['i', 'iv', 'v', 'ix', 'xii', 'xiv', 'xl'].map(romanValue)).toEqual([1, 4, 5, 9, 12, 14, 40]);
    expect(['iiii', 'vx', 'ab', 'il', ''].map(romanValue)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('a nested list lined up in columns under its parent item', () => {
  it('is a list, not a table; a table whose header row names two columns stays a table', () => {
    const nested = [
      ['Java Queue', ''],
      ['i.', 'Java Queue Interface'],
      ['ii.', 'Java PriorityQueue Interface'],
      ['iii.', 'Java Deque Interface'],
    ];
    expect(isListOfItems(nested)).toBe(true);
    expect(isListOfItems([['', 'B-Trees and Derivatives'], ...nested.slice(1)])).toBe(true);
    expect(
      isListOfItems([
        ['Step', 'Action'],
        ['1.', 'Open the file'],
        ['2.', 'Save it'],
      ]),
    ).toBe(false);
  });
});
