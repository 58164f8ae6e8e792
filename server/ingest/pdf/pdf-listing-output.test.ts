import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '@server/test/fixture-path.support';
import { extractPdf } from './pdf-extract';

describe('what a program prints, set under its listing in the listing type', () => {
  it('stays in the listing, an error message or a printed sentence as much as a statement; a line displayed after a lead-in is code', async () => {
    const doc = await extractPdf(new Uint8Array(readFileSync(fixturePath('pdf/latex/listing-output.pdf'))), 'listing-output.pdf');
    const code = doc.blocks.filter((b) => b.kind === 'code').map((b) => b.text.split('\n'));
    expect(code).toHaveLength(4);
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
      'Composition puts the two functions together:',
      'A global variable cannot be updated without a declaration. If you run it you get:',
      'Python assumes that the count in the function is local.',
    ]);
    // A function's head with six names in it is code, and so is an error message displayed after its lead-in, alone.
    expect(code[2]).toEqual(['def circle_area(xc, yc, xp, yp):', '    return area(distance(xc, yc, xp, yp))']);
    expect(code[3]).toHaveLength(1);
    expect(code[3][0]).toMatch(/^UnboundLocalError: local variable .count. used before set$/);
  });
});
