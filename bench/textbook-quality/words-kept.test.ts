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
});
