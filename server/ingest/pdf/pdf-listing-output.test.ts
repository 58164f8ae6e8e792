import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('what a program prints, set under its listing in the listing type', () => {
  it('stays in the listing, an error message or a printed sentence as much as a statement', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/listing-output.pdf'))), 'listing-output.pdf');
    const code = doc.blocks.filter((b) => b.kind === 'code').map((b) => b.text.split('\n'));
    expect(code).toHaveLength(2);
    expect(code[0]).toHaveLength(6);
    expect(code[0][3]).toBe('  File "test.py", line 5, in cat_twice');
    expect(code[0][5]).toMatch(/^NameError: name .cat. is not defined$/);
    expect(code[1]).toHaveLength(4);
    expect(code[1][3]).toBe('Eric, the half a bee, is not the whole of any bee at all.');
    // The text after each listing is a paragraph of its own.
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'When the function returns, its variable is destroyed. If we try to print it afterwards, we get an exception:',
      'This list of functions is called a traceback. It tells you in what file the error occurred.',
      'A variable can be an argument too:',
      'The name of the variable we pass has nothing to do with the name of the parameter.',
    ]);
  });
});
