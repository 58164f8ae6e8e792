import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('a column of links set one under the other', () => {
  it('reads each line as a list item with its link, and leaves a sentence holding a link a paragraph', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/link-column.pdf'))), 'link-column.pdf');
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    expect(items.map((b) => [b.text, b.links?.map((l) => l.href)])).toEqual([
      ['Vidéo ■ partie 1. Les nombres complexes, définitions et opérations', ['https://www.example.org/videos/part-one']],
      ['Vidéo ■ partie 2. Racines carrées, équation du second degré', ['https://www.example.org/videos/part-two']],
      ['Vidéo ■ partie 3. Argument et trigonométrie', ['https://www.example.org/videos/part-three']],
      [expect.stringMatching(/^Fiche d’exercices . Nombres complexes$/), ['https://www.example.org/sheets/complex.pdf']],
    ]);
    const prose = doc.blocks.find((b) => b.kind === 'paragraph');
    expect(prose?.text).toMatch(/^L’équation .* Les notes du cours donnent la suite de cette construction, pas à pas\.$/);
    expect(prose?.links).toEqual([{ text: 'notes du cours', href: 'https://www.example.org/notes' }]);
  });
});
