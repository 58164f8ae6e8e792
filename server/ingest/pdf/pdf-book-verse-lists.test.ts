import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '@server/core/document-model';
import { renderBlocks } from '@server/ai/shared/render-blocks';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

/** A LaTeX textbook's page as the book tests read it (test-fixtures/pdf/latex/book-verse-lists.tex). */
async function book(): Promise<DocBlock[]> {
  const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/book-verse-lists.pdf'))), 'book-verse-lists.pdf');
  return doc.blocks;
}

describe('a LaTeX textbook with verse, numbered exercises, captioned diagrams and interpreter sessions', () => {
  it('reads a song set line by line as one quotation that keeps its lines, between the paragraphs around it', async () => {
    const blocks = await book();
    const at = blocks.findIndex((b) => b.kind === 'quote');
    expect(blocks[at].text).toBe(
      [
        'Half a bee, philosophically,',
        'Must, ipso facto, half not be.',
        'But half the bee has got to be',
        'Vis a vis, its entity. D’you see?',
      ].join('\n'),
    );
    expect(blocks[at - 1].text).toMatch(/the song of the half bee begins:$/);
    expect(blocks[at + 1].text).toMatch(/^In this text, the phrase “half the”/);
    expect(blocks.filter((b) => b.kind === 'paragraph' && /^(?:Half a bee|Must, ipso|But half|Vis a vis)/.test(b.text))).toEqual([]);
    // The book shows each line of it on a line of its own.
    expect(renderBlocks([blocks[at]])).toBe(
      '<blockquote><p>Half a bee, philosophically,<br>Must, ipso facto, half not be.<br>But half the bee has got to be<br>Vis a vis, its entity. D’you see?</p></blockquote>',
    );
  });

  it('starts a numbered list that goes on after a hint or a figure at the number the source prints', async () => {
    const items = (await book()).filter((b) => b.kind === 'list-item' || (b.kind === 'paragraph' && b.text.startsWith('Hint:')));
    expect(items.map((b) => [b.kind, b.ordered, b.start, b.text.slice(0, 20)])).toEqual([
      ['list-item', true, undefined, 'Write a function cal'],
      // The stack diagram's float, set on the next page between the first item and the second, parts them too.
      ['list-item', true, 2, 'Add another paramete'],
      ['list-item', true, undefined, 'Make a copy of squar'],
      ['paragraph', undefined, undefined, 'Hint: figure out the'],
      ['list-item', true, 4, 'Make a more general '],
      ['list-item', true, undefined, 'Draw a stack diagram'],
    ]);
    expect(renderBlocks(items.slice(3))).toContain('<ol start="4">');
  });

  it('captions each diagram by its "Figure 2.1.: ..." line, two stacked figures each by the caption under it, never a paragraph after it', async () => {
    const blocks = await book();
    const figures = blocks.filter((b) => b.kind === 'figure');
    expect(figures.map((b) => b.caption)).toEqual([
      'Figure 2.1.: State diagram.',
      'Figure 2.2.: Turtle flowers.',
      'Figure 2.3.: Turtle pies.',
      'Figure 2.4.: Stack diagram.',
    ]);
    expect(blocks.filter((b) => b.kind !== 'figure' && /^Figure \d/.test(b.text))).toEqual([]);
    // A sentence broken before the figure it names goes on over that line.
    expect(blocks.map((b) => b.text)).toContain(
      'A list passed to a function is shared by two frames. The parameter t and the variable letters are aliases for the same object, and the stack diagram looks like Figure 2.4.',
    );
  });

  it('keeps an interpreter session whole when its first line holds string literals of many words after a lead-in ending in a full stop', async () => {
    const blocks = await book();
    const code = blocks.filter((b) => b.kind === 'code').map((b) => b.text.split('\n'));
    expect(code).toEqual([
      [">>> t = ['spam', 'egg', 'spam', 'spam', 'bacon', 'spam']", '>>> histogram(t)', "{'bacon': 1, 'egg': 1, 'spam': 4}"],
      [
        'def __str__(self):',
        "    return '%s of %s' % (Card.rank_names[self.rank],",
        '                         Card.suit_names[self.suit])',
      ],
      ['print("Words in the book that aren\'t in the word list:")', 'for word in diff:', "    print(word, end=' ')"],
    ]);
    expect(blocks.filter((b) => b.kind === 'paragraph' && /^(?:>>>|print\()/.test(b.text))).toEqual([]);
    // Names in typewriter type ending a sentence are its end, neither a listing nor a paragraph of their own.
    expect(blocks.map((b) => b.text)).toContain(
      'The underscore character can appear in a name, and it is often used in names made of several words, such as your_name or airspeed_of_unladen_swallow.',
    );
  });
});
