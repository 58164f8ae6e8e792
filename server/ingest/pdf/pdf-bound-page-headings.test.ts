import { describe, expect, it } from 'vitest';
import { detectHeadings } from './pdf-headings';
import { bodyStats } from './pdf-stats';
import type { PdfLine } from './pdf-types';

/** A line of the page: prose reaches the column's right edge, a heading stops short. */
function line(page: number, y: number, text: string, size: number, font: string, opts: Partial<PdfLine> = {}): PdfLine {
  const short = opts.bold || text.length < 40;
  return {
    page,
    column: 0,
    x0: 72,
    x1: short ? 72 + text.length * size * 0.5 : 520,
    y,
    size,
    font,
    text,
    columnLeft: 72,
    columnRight: 522,
    ...opts,
  };
}

const code = (page: number, y: number) => line(page, y, 'chwet, fs_chwet = wavread(chwet_file)', 7.7, 'juliamono', { mono: true });

const prose = (page: number, y: number, size: number, font: string, n: number) =>
  Array.from({ length: n }, (_, k) =>
    line(
      page,
      y - k * size * 1.2,
      `Les lignes de texte courant de la page ${page} se suivent ici, ligne ${k + 1} et la suivante`,
      size,
      font,
    ),
  );

/**
 * A course pack: LaTeX pages (body 11 pt, Latin Modern) under an outline of parts only, with a notebook's pages bound in
 * (pdfpages) set in their own fonts, larger: numbered sections at 21 and 17 pt, prose at 13 pt, a question in bold.
 */
function coursePack(): PdfLine[] {
  return [
    line(1, 760, 'Partie 1 - Applications', 24.8, 'lmbx', { bold: true }),
    line(1, 720, 'TP2 - La transformée de Fourier', 17.2, 'lmbx', { bold: true }),
    line(1, 690, 'Rappels théoriques', 14.3, 'lmbx', { bold: true }),
    ...prose(1, 660, 10.9, 'lmr', 8),
    line(1, 540, 'Forme trigonométrique', 10.9, 'lmbx', { bold: true }),
    ...prose(1, 520, 10.9, 'lmr', 8),
    // The notebook's prose comes a line or two at a time between its code cells.
    // The notes' title over the bound-in page, in the notes' type.
    line(2, 790, 'TP3 - Signaux sonores', 17.2, 'lmbx', { bold: true }),
    line(2, 760, '1. Effet de la fréquence du signal', 21.1, 'vollkorn-bold', { bold: true }),
    ...prose(2, 720, 12.9, 'vollkorn', 2),
    code(2, 680),
    line(2, 650, 'Pour cet exemple, nous considérons la gamme du Do3 au Do4', 12.9, 'vollkorn'),
    code(2, 620),
    line(2, 590, '1.1. Charger les signaux et les écouter', 17.3, 'vollkorn-bold', { bold: true }),
    ...prose(2, 560, 12.9, 'vollkorn', 2),
    code(2, 520),
    line(2, 490, 'Que remarquez-vous ?', 12.9, 'vollkorn-bold', { bold: true }),
    code(2, 460),
    line(2, 430, 'Notez que cette fonction renvoie le spectre entre', 12.9, 'vollkorn'),
    code(2, 400),
    line(2, 385, '1. Affichez le spectre du signal dans l’intervalle donné', 12.9, 'vollkorn'),
    ...prose(2, 370, 12.9, 'vollkorn', 2),
    line(3, 760, 'Forme exponentielle', 10.9, 'lmbx', { bold: true }),
    ...prose(3, 740, 10.9, 'lmr', 12),
    line(4, 760, 'Partie 2 - Analyse', 24.8, 'lmbx', { bold: true }),
    ...prose(4, 720, 10.9, 'lmr', 12),
    line(5, 760, 'Partie 3 - Corrections', 24.8, 'lmbx', { bold: true }),
    ...prose(5, 720, 10.9, 'lmr', 12),
  ];
}

describe('a notebook bound into LaTeX notes, in a larger type and fonts of its own', () => {
  const lines = coursePack();
  const outline = ['Partie 1 - Applications', 'Partie 2 - Analyse', 'Partie 3 - Corrections'].map((title) => ({ title, depth: 0 }));
  const headings = detectHeadings(lines, bodyStats(lines), outline);
  const levelOf = (text: string) => headings.get(lines.findIndex((l) => l.text === text))?.level;

  it("reads its 13-point prose as prose: the page's type is measured from the page's own body size", () => {
    const notebookProse = lines.flatMap((l, i) => (l.page === 2 && !l.bold ? [i] : []));
    expect(notebookProse.filter((i) => headings.has(i))).toEqual([]);
    expect(levelOf('Que remarquez-vous ?')).toBeDefined();
  });

  it("leaves the notes' levels as the notes set them: the numbered lines the outline leaves out do not rank the styles", () => {
    const tp = levelOf('TP2 - La transformée de Fourier')!;
    const rappels = levelOf('Rappels théoriques')!;
    expect(levelOf('TP3 - Signaux sonores')).toBe(tp);
    expect(rappels).toBe(tp + 1);
    expect(levelOf('Forme trigonométrique')).toBe(rappels + 1);
    expect(levelOf('Forme exponentielle')).toBe(rappels + 1);
  });

  it("nests its own numbered sections under the notes' heading before them, by their numbering; its numbered steps stay text", () => {
    const tp = levelOf('TP3 - Signaux sonores')!;
    expect(levelOf('1. Effet de la fréquence du signal')).toBe(tp + 1);
    expect(levelOf('1.1. Charger les signaux et les écouter')).toBe(tp + 2);
    expect(levelOf('1. Affichez le spectre du signal dans l’intervalle donné')).toBeUndefined();
  });
});
