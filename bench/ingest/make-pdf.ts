import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface BookPdfOptions {
  pages: number;
  columns: 1 | 2;
  /** Printed at the top of every page. */
  runningHead?: string;
  /** Printed at the bottom centre of every page. */
  pageNumbers?: boolean;
  /** Break long words at line ends with a hyphen, as typesetters do. */
  hyphenate?: boolean;
  /** Section headings every this many paragraphs. */
  paragraphsPerSection?: number;
}

const vocabulary = (
  'the cell membrane regulates transport of ions and molecules between the cytoplasm and the environment while ' +
  'mitochondria convert nutrients into adenosine triphosphate through oxidative phosphorylation and the electron transport chain ' +
  'enzymes lower activation energy so metabolic pathways proceed quickly at body temperature and inhibitors regulate them ' +
  'photosynthesis captures light energy in chloroplasts where chlorophyll absorbs photons and the calvin cycle fixes carbon dioxide ' +
  'genetic information flows from deoxyribonucleic acid to messenger ribonucleic acid to proteins during transcription and translation ' +
  'natural selection acts on heritable variation so populations adapt to their environments across many generations'
).split(' ');

/** Deterministic pseudo-random text: the same options always give the same PDF. */
function* sentences(seed = 7): Generator<string> {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (;;) {
    const length = 12 + Math.floor(next() * 14);
    const start = Math.floor(next() * (vocabulary.length - length));
    const words = vocabulary.slice(start, start + length);
    yield `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number, hyphenate: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    let rest = word;
    if (hyphenate && word.length >= 9 && line) {
      // As much of the word as fits, then a hyphen, as typesetters do.
      for (let cut = word.length - 4; cut >= 4; cut--) {
        if (fits(`${line} ${word.slice(0, cut)}-`)) {
          line = `${line} ${word.slice(0, cut)}-`;
          rest = word.slice(cut);
          break;
        }
      }
    }
    lines.push(line);
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A generated book-like PDF: numbered section headings in a larger size,
 * justified-width paragraphs in one or two columns, running heads and page
 * numbers. Returns the bytes and the number of body words written.
 */
export async function makeBookPdf(opts: BookPdfOptions): Promise<{ bytes: Uint8Array; words: number; headings: string[] }> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const [pageWidth, pageHeight] = [612, 792];
  const margin = 54;
  const gutter = 24;
  const colWidth = (pageWidth - 2 * margin - (opts.columns - 1) * gutter) / opts.columns;
  const size = 10;
  const leading = 12;
  const source = sentences();
  const headings: string[] = [];
  let words = 0;
  let sectionNo = 0;
  let paragraphInSection = 0;
  const perSection = opts.paragraphsPerSection ?? 6;

  for (let p = 1; p <= opts.pages; p++) {
    const page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
    if (opts.runningHead) page.drawText(opts.runningHead, { x: margin, y: pageHeight - 36, size: 8, font: body });
    if (opts.pageNumbers) page.drawText(String(p), { x: pageWidth / 2 - 4, y: 30, size: 9, font: body });
    for (let c = 0; c < opts.columns; c++) {
      const x = margin + c * (colWidth + gutter);
      let y = pageHeight - 72;
      while (y > 72) {
        if (paragraphInSection % perSection === 0) {
          sectionNo++;
          const heading = `${sectionNo}. Topic ${sectionNo}: ${vocabulary[(sectionNo * 7) % vocabulary.length]} ${vocabulary[(sectionNo * 13 + 3) % vocabulary.length]}`;
          if (y - 2 * leading < 72) break;
          page.drawText(heading, { x, y, size: 13, font: bold });
          headings.push(heading);
          y -= leading * 1.8;
        }
        const text = Array.from({ length: 4 }, () => source.next().value as string).join(' ');
        // The first line is indented, so every line is set a little narrower than the column.
        const lines = wrap(text, body, size, colWidth - 12, opts.hyphenate ?? true);
        for (let i = 0; i < lines.length && y > 72; i++) {
          page.drawText(lines[i], { x: i === 0 ? x + 12 : x, y, size, font: body });
          words += lines[i].split(' ').filter(Boolean).length;
          y -= leading;
        }
        paragraphInSection++;
        y -= leading * 0.5;
      }
    }
  }
  return { bytes: await pdf.save(), words, headings };
}
