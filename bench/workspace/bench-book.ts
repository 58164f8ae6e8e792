/**
 * The benchmarks' large textbook: chapters x sections of deterministic prose (the same book on every
 * run), each section with a sub-heading, a list, a link and the formula F = ma; the export benchmark
 * adds a table to every tenth section.
 */
import type { TextbookContent } from '@common/textbook';

const words = (
  'motion force energy momentum velocity acceleration mass friction gravity orbit field charge current circuit wave ' +
  'frequency amplitude pressure volume temperature entropy heat work power torque inertia equilibrium vector scalar ' +
  'the a of and to in is that for with as by on this which from be are was an it can these their model system ' +
  'students observe measure predict explain compare analyse describe derive apply evaluate experiment data result'
).split(' ');

/** A seeded linear congruential generator: the same figures in [0, 1) on every run. */
function makeRandom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export function makeBenchBook(options: { chapters: number; sections: number; tableEvery?: number }): TextbookContent {
  const rnd = makeRandom(42);
  const sentence = () => {
    const n = 10 + Math.floor(rnd() * 14);
    const text = Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (n: number) => Array.from({ length: n }, sentence).join(' ');
  const table = () =>
    '<table><tbody>' +
    Array.from({ length: 6 }, (_, r) => `<tr><td><p>Row ${r}</p></td><td><p>${sentence()}</p></td></tr>`).join('') +
    '</tbody></table>';
  const sectionHtml = (s: number) =>
    `<h3>Key ideas</h3><p>${paragraph(5)}</p><p><strong>${sentence()}</strong> ${paragraph(4)}</p>` +
    `<ul><li>${sentence()}</li><li>${sentence()}</li><li><em>${sentence()}</em></li></ul>` +
    `<p>${paragraph(5)} See <a href="https://doi.org/10.1000/example">the reference</a>.</p>` +
    `<p>The relation <span data-type="inline-math" data-latex="F = ma">F = ma</span> ${paragraph(3)}</p>` +
    (options.tableEvery && s % options.tableEvery === 0 ? table() : '');
  return {
    title: 'Benchmark Physics',
    references: [],
    chapters: Array.from({ length: options.chapters }, (_, c) => ({
      title: `Chapter ${c + 1}: ${sentence().slice(0, 40)}`,
      content: `<p>${paragraph(3)}</p>`,
      sections: Array.from({ length: options.sections }, (_, s) => ({
        title: `${c + 1}.${s + 1} ${sentence().slice(0, 40)}`,
        content: sectionHtml(s),
      })),
    })),
  };
}
