import { describe, expect, it } from 'vitest';
import type { TextbookContent } from '@common/textbook';
import { chunkDocument } from '@server/ingest/chunk';
import { extractTxt } from '@server/ingest/txt-extract';
import type { EngineContext } from '@server/ai/engine';
import { htmlBlocks, htmlToText } from '@common/textbook-ops/html';
import { generateSection } from '../expand';

/**
 * Short labels ("Product Rule:") in front of formulas, as lecture notes and PDFs print them.
 * A book that prints them already must not get them a second time from an expansion.
 */
const notes = [
  '# Differentiation Rules',
  '',
  'Here are the general product rule, sum rule and chain rule for functions of vectors.',
  '',
  'Product Rule:',
  '',
  '$$\\frac{\\partial}{\\partial x}(f g) = g \\frac{\\partial f}{\\partial x} + f \\frac{\\partial g}{\\partial x}$$',
  '',
  'Sum Rule:',
  '',
  '$$\\frac{\\partial}{\\partial x}(f + g) = \\frac{\\partial f}{\\partial x} + \\frac{\\partial g}{\\partial x}$$',
  '',
  'The chain rule resembles the rule for matrix multiplication, where neighbouring dimensions have to match.',
  '',
  'Chain Rule:',
  '',
  '$$\\frac{\\partial}{\\partial x}(g \\circ f) = \\frac{\\partial g}{\\partial f} \\frac{\\partial f}{\\partial x}$$',
  '',
].join('\n');

function context(): EngineContext {
  const doc = extractTxt(new TextEncoder().encode(notes), 'rules.md');
  const chunks = chunkDocument(doc).map((c, i) => ({ id: i + 1, sourceId: 1, ordinal: i, headingPath: c.headingPath, text: c.text }));
  return {
    material: { sources: [{ id: 1, filename: 'rules.md', mime: doc.mime, text: doc.text, document: doc }], chunks },
    retriever: { search: async () => [] },
  };
}

describe('an expansion never prints a label the section already has', () => {
  it('adds the chain rule with its label and formula, not "Product Rule:" or "Sum Rule:" again', async () => {
    const printed =
      '<p>Here are the general product rule, sum rule and chain rule for functions of vectors.</p>' +
      '<p>Product Rule:</p><div data-type="block-math" data-latex="\\frac{\\partial}{\\partial x}(f g) = g \\frac{\\partial f}{\\partial x} + f \\frac{\\partial g}{\\partial x}"></div>' +
      '<p>Sum Rule:</p><div data-type="block-math" data-latex="\\frac{\\partial}{\\partial x}(f + g) = \\frac{\\partial f}{\\partial x} + \\frac{\\partial g}{\\partial x}"></div>';
    const book: TextbookContent = {
      title: 'Vector Calculus',
      references: [],
      chapters: [
        { id: 'c1', title: 'Vector Calculus', content: '', sections: [{ id: 's1', title: 'Differentiation Rules', content: printed }] },
      ],
    };
    const result = await generateSection(context(), {
      book,
      chapterIndex: 0,
      chapterTitle: 'Vector Calculus',
      sectionTitle: 'Differentiation Rules',
      references: [],
      paragraphCount: 8,
    });
    expect(result.exhausted).toBe(false);
    const texts = htmlBlocks(result.value).map(htmlToText);
    expect(texts.filter((t) => t === 'Product Rule:')).toHaveLength(1);
    expect(texts.filter((t) => t === 'Sum Rule:')).toHaveLength(1);
    expect(texts).toContain('Chain Rule:');
    expect(texts.some((t) => t.startsWith('The chain rule resembles'))).toBe(true);
  });
});
