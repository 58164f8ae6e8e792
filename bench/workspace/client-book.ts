import type { TextbookContentInput } from '@common/textbook';

/**
 * A deterministic textbook of `chapters` x `sections` with about `bytesPerSection` of HTML per
 * section (100 x 20 x 2,500 is about 5 MB, the size the benchmark names). The words
 * come from a fixed vocabulary so searches hit a realistic share of sections.
 */
const vocabulary = (
  'energy matter force motion wave particle field charge current circuit cell membrane protein enzyme gene ' +
  'population ecosystem climate carbon oxygen photosynthesis respiration equation function derivative integral ' +
  'matrix vector probability distribution sample hypothesis experiment theory model evidence history society ' +
  'economy market policy language structure pattern system network signal process memory learning'
).split(' ');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function paragraph(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(vocabulary[Math.floor(next() * vocabulary.length)]);
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `<p>${out.join(' ')}.</p>`;
}

export function makeBenchBook(chapters = 100, sections = 20, bytesPerSection = 2500): TextbookContentInput {
  const next = rng(42);
  return {
    title: `Benchmark Book ${chapters}x${sections}`,
    references: [],
    chapters: Array.from({ length: chapters }, (_, c) => ({
      title: `Chapter ${c + 1}: ${vocabulary[c % vocabulary.length]} and ${vocabulary[(c * 7) % vocabulary.length]}`,
      content: paragraph(next, 40),
      sections: Array.from({ length: sections }, (_, s) => {
        let html = '';
        while (html.length < bytesPerSection) html += paragraph(next, 60);
        return { title: `Section ${c + 1}.${s + 1} ${vocabulary[(c + s * 3) % vocabulary.length]}`, content: html };
      }),
    })),
  };
}
