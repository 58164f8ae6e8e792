import type { ExportFormat } from '@common/export';
import type { TextbookContentInput } from '@common/textbook';
import { makePng } from '../multipart.support';
import { renderExport } from '@server/features/export/render-export';
import type { ExportJob } from '@server/features/export/export-job';

/**
 * Test support: a book rendered straight through the export worker's code (no server, no database), for tests that
 * open the file with another reader. Its text exercises what accessibility checkers look at: headings that skip a
 * level in the source, formulas of every common kind, a captioned figure introduced in the text, a table with a
 * header row, a list that starts at 3, a link, a language and a licence.
 */

export const formulas = [
  'v = \\frac{dx}{dt}',
  'E = mc^2',
  'x_i^2 + y_i^2',
  '\\sqrt{a^2 + b^2}',
  '\\sqrt[3]{x}',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '\\int_0^1 f(x)\\,dx',
  '\\alpha + \\beta \\leq \\gamma',
  '\\binom{n}{k}',
  '\\ln W = \\ln \\frac{N!}{\\prod_i n_i!}',
  '\\lim_{n \\to \\infty} \\left(1 + \\frac{1}{n}\\right)^n',
  '\\hat{x} + \\vec{v}',
  '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
];

const inline = (latex: string) => `<span data-type="inline-math" data-latex="${latex.replace(/"/g, '&quot;')}"></span>`;
const display = (latex: string) => `<div data-type="block-math" data-latex="${latex.replace(/"/g, '&quot;')}"></div>`;

export function accessibleContent(): TextbookContentInput {
  return {
    title: 'Statistical Mechanics',
    language: 'de',
    license: 'cc-by-sa',
    references: [
      {
        title: 'The Mathematical Theory of Communication',
        authors: 'Claude E. Shannon, Warren Weaver',
        year: 1949,
        publisher: 'University of Illinois Press',
        doi: '10.5555/1102016',
        approved: true,
      },
      { title: '', authors: '', url: 'https://example.org/nothing', approved: true },
    ],
    chapters: [
      {
        title: 'Entropy',
        // The source's first heading is an h3 straight under the chapter: the outline must not skip level 2.
        content:
          '<h3>Counting states</h3><p>The multiplicity of a macrostate counts its microstates. Figure 1 shows the two-state paramagnet.</p>' +
          '<p><img src="/api/images/1" alt="Figure"></p><p><em>Figure 1: Energy levels of a two-state paramagnet</em></p>' +
          `<p>Boltzmann's entropy: ${inline('S = k \\ln W')}, and the first formulas ${formulas.slice(0, 7).map(inline).join(', ')}.</p>` +
          '<h5>A deeper heading</h5><p>Text under it.</p>',
        sections: [
          {
            title: 'Formulas',
            content:
              formulas.slice(7).map(display).join('') +
              '<p>The unreadable formula follows:</p><p><img src="/api/images/1" alt="( ) N! N! ln(W) = ln = ln s ∏"></p>' +
              '<ol start="3"><li><p>third</p></li><li><p>fourth</p></li></ol>' +
              '<table><tbody><tr><th><p>Quantity</p></th><th><p>Symbol</p></th></tr><tr><td><p>Entropy</p></td><td><p>S</p></td></tr></tbody></table>' +
              '<p>Read <a href="https://en.wikipedia.org/wiki/Entropy">the article</a>.</p>',
          },
        ],
      },
    ],
  };
}

export async function renderBook(format: ExportFormat, content: TextbookContentInput = accessibleContent(), job: Partial<ExportJob> = {}) {
  const reply = await renderExport({
    format,
    topic: 'Entropie und Information',
    contentJson: JSON.stringify(content),
    authors: ['Ada Lovelace', 'Alan Turing'],
    date: '2026-11-26',
    materials: [],
    includeAppendix: false,
    images: [{ src: '/api/images/1', bytes: makePng(40, 30) }],
    maxOutputBytes: 50 * 1024 * 1024,
    ...job,
  });
  if (!reply.ok) throw new Error(reply.message);
  return reply.bytes;
}
