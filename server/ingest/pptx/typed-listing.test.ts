import { describe, expect, it } from 'vitest';
import { printedLiterals, typedListing } from './typed-listing';

describe("program output typed in a deck's own font", () => {
  const program = ["nam = input('Who are you? ')", "print('Welcome', nam)", "print('Done!')"];
  const literals = printedLiterals(program);

  it('takes the strings a program prints or prompts with from its lines', () => {
    expect(literals).toEqual(['Who are you?', 'Welcome', 'Done!']);
  });

  it('is a listing when its lines are what the program beside it prints, a label over them given apart', () => {
    expect(typedListing(['Who are you? Chuck', 'Welcome Chuck'], literals, true)).toEqual({ listing: 'Who are you? Chuck\nWelcome Chuck' });
    expect(typedListing(['Output:', '5', '4', 'Done!'], literals, true)).toEqual({ lead: 'Output:', listing: '5\n4\nDone!' });
    // A session with prompts is one whatever the slide holds.
    expect(typedListing(['>>> x = 5', '>>> print(x)', '5'], [], false)?.listing).toBe('>>> x = 5\n>>> print(x)\n5');
  });

  it('stays text when its lines are short text on a slide without a program, or sentences', () => {
    expect(typedListing(['Glycolysis', 'Krebs cycle 2', 'Electron transport'], [], false)).toBeUndefined();
    expect(typedListing(['Mean 5', 'Median 4', 'Mode 3'], [], false)).toBeUndefined();
    expect(
      typedListing(
        ['A loop runs its body once for each item in the list.', 'The body is indented under the for line.', 'Done!'],
        literals,
        true,
      ),
    ).toBeUndefined();
    expect(typedListing(['Fecal samples', 'culture', 'Isolates', 'PHYLIP file'], literals, true)).toBeUndefined();
  });
});
