import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

const read = async (name: string) => (await extractPdf(new Uint8Array(readFileSync(fixturePath(`pdf/latex/${name}`))), name)).blocks;
const rows = () => read('worded-displays-fr.pdf');
const runIns = () => read('run-in-displays-fr.pdf');
/** The block holding `words`, and the one after it. */
const at = (blocks: DocBlock[], words: string) => {
  const k = blocks.findIndex((b) => b.text.includes(words));
  return { block: blocks[k], next: blocks[k + 1] };
};

describe('displays whose lines hold words (French notes)', () => {
  it('keeps a row of a cases brace set in words in its display', async () => {
    const { block } = at(await rows(), 'invariante par');
    expect(block.kind).toBe('equation');
    expect(block.text).toContain('d(Y ⌟ω) = 0');
  });

  it('keeps a row of words between the rows of an aligned display in one display with them', async () => {
    const blocks = await rows();
    const { block, next } = at(blocks, 'calcul peu passionnant');
    expect(block.kind).toBe('equation');
    expect(block.text).toMatch(/W\(J\) :=.*Or W\(J\) = \[\.\.\.calcul peu passionnant\.\.\.\].*× W\(0\)/);
    expect(next.text).toMatch(/^Ce calcul se généralise/);
  });

  it('reads the words over an arrow as the display’s, after the sentence that leads into it', async () => {
    const blocks = await rows();
    const { block, next } = at(blocks, 'Conclusion: posant');
    expect(block.kind).toBe('paragraph');
    expect(next.kind).toBe('equation');
    expect(next.text).toContain('gauge fix');
  });

  it('keeps the words after a row on its baseline in the display', async () => {
    const { block, next } = at(await rows(), 'pour un certain');
    expect(block.kind).toBe('equation');
    expect(block.text).toContain('L = x^{i}');
    expect(next.text).toMatch(/^\(modulo les singularités/);
  });

  it('reads a centred display line that carries words as a display, not a paragraph', async () => {
    const blocks = await rows();
    expect(at(blocks, 'crochet de Schouten').block.kind).toBe('equation');
    expect(at(blocks, 'orbites dans').block.kind).toBe('equation');
    // The sentence before the second one leads into it.
    expect(at(blocks, 'dont on retient que').next.kind).toBe('equation');
  });

  it('keeps a paragraph’s last line at the text’s edge in the paragraph, however much mathematics it holds', async () => {
    const { block, next } = at(await rows(), 'avec en coordonnées');
    expect(block.kind).toBe('paragraph');
    expect(block.text).toMatch(/avec en coordonnées π = .*:$/);
    expect(next.kind).toBe('equation');
  });
});

describe('labelled run-ins around displays (French notes)', () => {
  it('reads "Remarque:" and "Preuve du théorème:" at the text’s edge as paragraphs, not rows of the display under them', async () => {
    const blocks = await runIns();
    expect(at(blocks, 'Remarque:').block.kind).toBe('paragraph');
    const proof = at(blocks, 'Preuve du théorème:');
    expect(proof.block.kind).toBe('paragraph');
    expect(proof.next.kind).toBe('equation');
    expect(proof.next.text).not.toContain('Preuve');
  });

  it('leaves a label over a display ("On rappel que:") to the text, and a boxed worded display under "Bref:" is kept', async () => {
    const blocks = await runIns();
    const recall = at(blocks, 'On rappel que:');
    expect(recall.block.kind).toBe('paragraph');
    expect(recall.next.kind).toBe('equation');
    const jacobi = at(blocks, 'Jacobi');
    expect(jacobi.block.kind).toBe('equation');
    expect(at(blocks, 'Bref:').block.kind).toBe('paragraph');
  });

  it('joins a line broken before an aside in brackets ("(i.e. ...)") to the sentence it goes on', async () => {
    const { block } = at(await runIns(), 'Autre exemple');
    expect(block.text).toMatch(/dvolg \(i\.e\. .* a ses symétries dans l’identité de Bianchi/);
  });

  it('keeps a labelled run-in of mathematics as a paragraph rather than dropping it', async () => {
    const { block } = at(await runIns(), 'Remarque:');
    expect(block.text).toMatch(/^Remarque: .*Q_\{X\}.* \+ LT$/);
  });

  it('reads displays alone on a last page against the document’s column, the worded one among them', async () => {
    const blocks = (await runIns()).filter((b) => b.page === 2);
    expect(blocks.map((b) => b.kind)).toEqual(['equation']);
    expect(blocks[0].text).toMatch(/δ_\{β\}X\^\{i\}.*orbites dans.*= 2n/);
  });

  it('keeps the subscript of an evaluation bar between the pieces of a split line inside the sentence', async () => {
    const { block } = at(await runIns(), 'Ce calcul se généralise');
    expect(block.text).toMatch(/ce qui permet les développements asymptotiques\.$/);
    // The ½ in the exponent, the exponent's own exponent and the bar's subscript are read where they are drawn.
    expect(block.text).toContain('\\(e^{\\frac{1}{2}A^{-1}(J,J)}\\)\\(|_{J=0}\\)');
  });
});
