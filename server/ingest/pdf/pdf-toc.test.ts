import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { pdfLine as line } from '@server/test/ingest/pdf-line.support';
import { extractPdf } from './pdf-extract';
import { findPageToc } from './pdf-toc';

const body = { size: 10, font: 'Times', lineGap: 12 };

describe('findPageToc', () => {
  it('reads a contents page whose entries were read as a table (titles | page numbers)', () => {
    const rows = [
      ['Inhaltsverzeichnis', ''],
      ['0 Einführung', '1'],
      ['0.1 Fragen . . . . . . . . . . . . . .', '1'],
      ['1 Diskrete Dynamik und iterierte Abbildungen', '2'],
      ['1.1 Definition 1 (Orbits) . . . . . . . .', '4'],
      ['1.2 Definition 2 (Fixpunkte) . . . . . .', '4'],
      ['1.3 Lemma 5 . . . . . . . . . . . . . . .', '5'],
    ];
    const region = { kind: 'table' as const, page: 4, x0: 72, y0: 500, x1: 400, y1: 700, text: '', rows };
    const lines = [
      line('Einleitung zur Vorlesung über dynamische Systeme.', 700, { page: 1 }),
      line('', 700, { page: 4, region }),
      line('Systeme entwickeln sich mit der Zeit und wir betrachten zwei Arten davon.', 700, { page: 5 }),
    ];
    const toc = findPageToc(lines, body);
    expect([...toc.pages]).toEqual([4]);
    expect(toc.entries.map((e) => [e.title, e.depth])).toEqual([
      ['0 Einführung', 0],
      ['0.1 Fragen', 1],
      ['1 Diskrete Dynamik und iterierte Abbildungen', 0],
      ['1.1 Definition 1 (Orbits)', 1],
      ['1.2 Definition 2 (Fixpunkte)', 1],
      ['1.3 Lemma 5', 1],
    ]);
  });
});

describe('findPageToc on a title page that carries the contents', () => {
  it('starts the entries under the contents heading: the title block above it (a date ending in a year) is no entry', () => {
    const lines = [
      line('Probabilistic Methods in Computing', 760, { size: 17 }),
      line('A summary of the proofs asked for', 740, { size: 12 }),
      line('Jane Doe', 715, { size: 12 }),
      line('November 27, 2026', 695, { size: 12 }),
      line('Contents', 660, { size: 14 }),
      line('1 Primitive matrices and irreducible aperiodic matrices 1', 640),
      line('2 Eigenvalues of stochastic matrices 2', 626),
      line('3 Recurrent and essential states 2', 612),
      line('4 Mean return time 3', 598),
      line('5 A stationary distribution 4', 584),
      line('6 The ergodic theorem 5', 570),
      line('The first section of the notes starts on the next page.', 300, { page: 2 }),
    ];
    const toc = findPageToc(lines, body);
    expect([...toc.pages]).toEqual([1]);
    expect(toc.entries.map((e) => e.title)).toEqual([
      '1 Primitive matrices and irreducible aperiodic matrices',
      '2 Eigenvalues of stochastic matrices',
      '3 Recurrent and essential states',
      '4 Mean return time',
      '5 A stationary distribution',
      '6 The ergodic theorem',
    ]);
  });
});

describe('header-logo.pdf (a contents page, a drawn logo and a rule in every running head, short sections)', () => {
  it('drops the contents and their heading, keeps every section: the first one under the contents, the page of three short subsections', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/header-logo.pdf'))), 'header-logo.pdf');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      '1 Fehleranalyse',
      '2 Interpolation',
      '2.1 Lagrange-Form',
      '2.2 Newton-Form',
      '2.3 Fehlerabschätzung',
      '3 Quadratur',
      '3.1 Trapezregel',
      '3.2 Simpsonregel',
      '4 Lineare Gleichungssysteme',
    ]);
    expect(doc.title).not.toBe('Contents');
    expect(doc.text).toContain('Dividierte Differenzen liefern die Koeffizienten der Newton-Form.');
    // Neither the contents lines nor the running heads are text; the logo is no figure.
    expect(doc.text).not.toMatch(/\. \. \.|Stand: 3\. Mai|Mitschrift Numerik/);
    expect(doc.blocks.filter((b) => b.kind === 'figure')).toEqual([]);
  });
});
