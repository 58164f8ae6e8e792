import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '@server/core/document-model';
import { sourceWords, wordsKept } from './measures';

describe('words kept, for a display the book prints from its LaTeX', () => {
  it('reads an operator command as the name it prints, so the display read as text is kept', () => {
    const doc: ExtractedDocument = {
      filename: 'moivre.pdf',
      mime: 'application/pdf',
      text: '',
      blocks: [{ kind: 'equation', text: '(cosθ + i sinθ)^{n} = (cosθ + i sinθ)^{n-1} × (cosθ + i sinθ) = cos nθ + i sin nθ' }],
    };
    const source = sourceWords(doc);
    const material =
      'montre que \\begin{aligned}(\\cosθ+i\\sinθ)^{n}&=(\\cosθ+i\\sinθ)^{n-1}\\times(\\cosθ+i\\sinθ) \\\\ &=\\cos nθ+i\\sin nθ\\end{aligned}';
    expect(wordsKept(source, material)).toBe(source.length);
    // Other commands stay markup: a word the book does not print is not kept.
    expect(wordsKept(['cos', 'x', 'sin', 'x', 'and', 'more'], '\\cos x \\sin x \\and more')).toBe(0);
  });

  it('counts an equation read as LaTeX by its LaTeX: kept when the book prints the display, missing when it drops it', () => {
    const doc: ExtractedDocument = {
      filename: 'tp.pdf',
      mime: 'application/pdf',
      text: '',
      // The PDF's glyphs in drawing order: the fraction's numerator first, its bar's parenthesis last.
      blocks: [{ kind: 'equation', text: 'b ) arg(z) = θ = arctan ( . a', latex: '\\arg(z)=θ=\\arctan\\left(\\frac{b}{a}\\right).' }],
    };
    const source = sourceWords(doc);
    expect(source).toEqual(['arg', 'z', 'θ', 'arctan', 'b', 'a']);
    expect(wordsKept(source, 'On a \\arg(z)=θ=\\arctan\\left(\\frac{b}{a}\\right). Le module')).toBe(6);
    expect(wordsKept(source, 'On a b ) arg(z) = θ = arctan ( . a, le module')).toBe(0);
  });
});
