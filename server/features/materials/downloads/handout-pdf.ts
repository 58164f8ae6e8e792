import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { PageSize } from '@common/export';
import { registerFonts } from '@server/features/export/formats/pdf/pdf-fonts';
import { PdfTags } from '@server/features/export/formats/pdf/pdf-tags';
import { pointsLabel, type Handout } from './handout';
import { collectPdf } from '@server/features/export/formats/pdf/pdf-output';

const margin = 64;

let sansFonts: { sans: Buffer; sansOblique: Buffer } | undefined;

/** DejaVu Sans, which has the set and logic symbols (∅, ℕ, ∈) quizzes on mathematics print and DejaVu Serif lacks. */
function handoutFonts() {
  if (!sansFonts) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    sansFonts = {
      sans: readFileSync(path.join(dir, 'DejaVuSans.ttf')),
      sansOblique: readFileSync(path.join(dir, 'DejaVuSans-Oblique.ttf')),
    };
  }
  return sansFonts;
}

/**
 * The handout as a tagged PDF (headings and paragraphs in the structure tree, the language and title
 * declared): the title, a name line and the instructions, the numbered questions with their choices or ruled
 * lines, then the answer key starting on a page of its own. DejaVu fonts, so any script and the usual symbols print.
 */
export async function writeHandoutPdf(handout: Handout, language: string, pageSize: PageSize = 'letter'): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: pageSize === 'a4' ? 'A4' : 'LETTER',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    tagged: true,
    pdfVersion: '1.7',
    displayTitle: true,
    lang: language,
    info: { Title: handout.title, Creator: 'Textbook Studio' },
  });
  const output = collectPdf(pdf);
  registerFonts(pdf);
  for (const [name, bytes] of Object.entries(handoutFonts())) pdf.registerFont(name, bytes);
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  const width = pdf.page.width - 2 * margin;
  const tags = new PdfTags(pdf, root);
  const tagged = (tag: 'H1' | 'P', draw: () => void) => tags.leaf(tag, draw);
  /** Starts a new page when less than `points` of room is left, so a question is not split from its choices. */
  const keepRoom = (points: number) => {
    if (pdf.y + points > pdf.page.height - margin) pdf.addPage();
  };

  tagged('H1', () => pdf.font('sansBold').fontSize(18).fillColor('#0f172a').text(handout.title, margin, margin, { width }));
  pdf.moveDown(0.8);
  tagged('P', () =>
    pdf
      .font('sans')
      .fontSize(11)
      .fillColor('#0f172a')
      .text(`Name: ${'_'.repeat(40)}`, { width }),
  );
  pdf.moveDown(0.5);
  tagged('P', () => pdf.font('sansOblique').fontSize(11).text(handout.instructions, { width }));

  for (const q of handout.questions) {
    pdf.moveDown(0.9);
    const prompt = `${q.number}. ${q.prompt}${q.points !== undefined ? ` ${pointsLabel(q.points)}` : ''}`;
    keepRoom(pdf.font('sans').fontSize(11).heightOfString(prompt, { width }) + 16 * Math.max(q.choices.length, q.writingLines));
    tagged('P', () => pdf.font('sans').fontSize(11).fillColor('#0f172a').text(prompt, margin, pdf.y, { width }));
    for (const choice of q.choices) {
      pdf.moveDown(0.2);
      tagged('P', () =>
        pdf
          .font('sans')
          .fontSize(11)
          .text(choice, margin + 24, pdf.y, { width: width - 24 }),
      );
    }
    for (let i = 0; i < q.writingLines; i++) {
      pdf.moveDown(1.1);
      const y = pdf.y;
      // Ruled lines are decoration: drawn as an artifact, outside the structure.
      tags.artifact(() =>
        pdf
          .moveTo(margin, y)
          .lineTo(margin + width, y)
          .lineWidth(0.5)
          .strokeColor('#94a3b8')
          .stroke(),
      );
    }
  }

  // The key on pages of its own, so the questions can be printed without it.
  pdf.addPage();
  tagged('H1', () =>
    pdf.font('sansBold').fontSize(18).fillColor('#0f172a').text(`Answer key: ${handout.title}`, margin, margin, { width }),
  );
  for (const entry of handout.key) {
    pdf.moveDown(0.7);
    tagged('P', () => pdf.font('sans').fontSize(11).fillColor('#0f172a').text(`${entry.number}. ${entry.key}`, margin, pdf.y, { width }));
    if (entry.notes)
      tagged('P', () =>
        pdf
          .font('sans')
          .fontSize(10)
          .fillColor('#475569')
          .text(entry.notes!, margin + 24, pdf.y, { width: width - 24 }),
      );
  }
  root.end();
  return output.finish();
}
